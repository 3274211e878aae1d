package io.payouts.query.apikey;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payouts.shared.apikey.ApiKeySummary;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Optional;

/**
 * Finds the key a presented value hashes to, for authentication on every request (ADR-0018). Keys found are held
 * for a short time, so a busy client costs no query per request. Every instance forgets them all as soon as the
 * projection commits any change to a key: this one directly, the others through the database notification
 * {@link #CHANGED} sent in the same transaction (ADR-0030). An instance that cannot hear notifications keeps a
 * copy at most {@code ttl} old.
 */
@Component
public class ApiKeyLookup {

    /** The database notification channel that tells every instance a key changed. */
    public static final String CHANGED = "api_key_changed";

    private final ApiKeyRows keys;
    private final JdbcTemplate jdbc;
    private final Cache<String, ApiKeySummary> found;

    ApiKeyLookup(ApiKeyRows keys, JdbcTemplate jdbc,
                 @Value("${payouts.api-keys.lookup-cache-ttl:2s}") Duration ttl) {
        this.keys = keys;
        this.jdbc = jdbc;
        this.found = Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(10_000).build();
    }

    /**
     * The key whose stored hash is {@code keyHash}. Concurrent requests with the same key share one query; unknown
     * hashes are not remembered (Caffeine keeps no entry for a null).
     */
    public Optional<ApiKeySummary> byHash(String keyHash) {
        return Optional.ofNullable(found.get(keyHash, hash -> keys.byHash(hash)
                .filter(key -> MessageDigest.isEqual(bytes(key.keyHash()), bytes(hash)))
                .map(key -> key.toSummary(null))
                .orElse(null)));
    }

    /** Forgets every key found: one changed on another instance, or a change may have gone unheard. */
    public void forgetAll() {
        found.invalidateAll();
    }

    /**
     * Called by the projection for every batch that changes a key: forgets now, and again once the change is
     * committed, so a lookup that read the row just before the commit cannot keep the old key; and tells the other
     * instances, as the change commits.
     */
    void forgetEverywhereAfterCommit() {
        found.invalidateAll();
        jdbc.execute("select pg_notify('" + CHANGED + "', '')");
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(unitOfWork -> found.invalidateAll());
        }
    }

    private static byte[] bytes(String value) {
        return value == null ? new byte[0] : value.getBytes(StandardCharsets.UTF_8);
    }
}
