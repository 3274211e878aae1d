package io.payouts.bank.rail;

import org.springframework.jdbc.core.JdbcTemplate;

import java.lang.management.ManagementFactory;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import static io.payouts.bank.reach.Timestamps.timestamp;

/**
 * One row per file the bank put in the inbound folder ({@code bank_inbound_file}): claimed before it is read, done
 * once applied, archived once moved out of the folder. A file done is never applied again, by this instance or
 * another; one claimed and not done (its reader died) is read again by the next round.
 */
class InboundClaims {

    enum State {
        CLAIMED,
        PROCESSED,
        UNREADABLE
    }

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final String holder = ManagementFactory.getRuntimeMXBean().getName();

    InboundClaims(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The state of each of these files that has a row. */
    Map<String, State> statesOf(Collection<String> names) {
        Map<String, State> states = new HashMap<>();
        if (names.isEmpty()) {
            return states;
        }
        jdbc.query(connection -> {
            PreparedStatement statement = connection.prepareStatement(
                    "select file_name, state from bank_inbound_file where file_name = any(?)");
            statement.setArray(1, connection.createArrayOf("varchar", names.toArray()));
            return statement;
        }, row -> {
            states.put(row.getString(1), State.valueOf(row.getString(2)));
        });
        return states;
    }

    void claim(String name) {
        jdbc.update("""
                insert into bank_inbound_file (file_name, state, claimed_by, claimed_at) values (?, 'CLAIMED', ?, ?)
                on conflict (file_name) do update set claimed_by = excluded.claimed_by,
                                                      claimed_at = excluded.claimed_at
                    where bank_inbound_file.state = 'CLAIMED'""", name, cut(holder), timestamp(clock.instant()));
    }

    void done(String name, State state, String kind) {
        jdbc.update("update bank_inbound_file set state = ?, kind = ?, processed_at = ? where file_name = ?",
                state.name(), kind, timestamp(clock.instant()), name);
    }

    void archived(String name) {
        jdbc.update("update bank_inbound_file set archived_at = ? where file_name = ?", timestamp(clock.instant()),
                name);
    }

    private static String cut(String value) {
        return value.length() <= 128 ? value : value.substring(0, 128);
    }
}
