package io.payouts.query.apikey;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each key was last used. Kept current without an event per request: a use is written to
 * {@code api_key_last_use} at most once a {@link #RESOLUTION} per key, and the table is not a projection, so a
 * rebuild keeps it.
 */
@Component
public class ApiKeyUsage {

    static final Duration RESOLUTION = Duration.ofMinutes(1);

    private final NamedParameterJdbcTemplate jdbc;
    private final Map<String, Instant> lastWritten = new ConcurrentHashMap<>();

    ApiKeyUsage(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void recordUse(String keyId, Instant at) {
        Instant written = lastWritten.get(keyId);
        if (written != null && written.plus(RESOLUTION).isAfter(at)) {
            return;
        }
        jdbc.update("""
                insert into api_key_last_use (key_id, last_used_at) values (:keyId, :at)
                on conflict (key_id) do update set last_used_at = excluded.last_used_at
                where api_key_last_use.last_used_at < excluded.last_used_at""",
                new MapSqlParameterSource("keyId", keyId).addValue("at", Timestamp.from(at)));
        lastWritten.put(keyId, at);
    }

    Map<String, Instant> lastUsed(Collection<String> keyIds) {
        Map<String, Instant> lastUsed = new HashMap<>();
        if (!keyIds.isEmpty()) {
            jdbc.query("select key_id, last_used_at from api_key_last_use where key_id in (:ids)",
                    new MapSqlParameterSource("ids", keyIds),
                    row -> {
                        lastUsed.put(row.getString("key_id"), row.getTimestamp("last_used_at").toInstant());
                    });
        }
        return lastUsed;
    }
}
