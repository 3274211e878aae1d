package io.payouts.query.apikey;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payouts.shared.apikey.ApiKeySummary;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Optional;

/**
 * Finds the key a presented value hashes to, for authentication on every request (ADR-0018). Keys found are held
 * for a short time, so a busy client costs no query per request: this instance forgets them all as soon as its
 * projection commits any change to a key, and another instance's copy is at most {@code ttl} old.
 */
@Component
public class ApiKeyLookup {

    private final ApiKeyViewRepository keys;
    private final Cache<String, ApiKeySummary> found;

    ApiKeyLookup(ApiKeyViewRepository keys,
                 @Value("${payouts.api-keys.lookup-cache-ttl:2s}") Duration ttl) {
        this.keys = keys;
        this.found = Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(10_000).build();
    }

    /**
     * The key whose stored hash is {@code keyHash}. Concurrent requests with the same key share one query; unknown
     * hashes are not remembered (Caffeine keeps no entry for a null).
     */
    public Optional<ApiKeySummary> byHash(String keyHash) {
        return Optional.ofNullable(found.get(keyHash, hash -> keys.findByKeyHash(hash)
                .filter(key -> MessageDigest.isEqual(bytes(key.keyHash()), bytes(hash)))
                .map(key -> key.toSummary(null))
                .orElse(null)));
    }

    /**
     * Called by the projection for every change: forgets now, and again once the change is committed, so a lookup
     * that read the row just before the commit cannot keep the old key.
     */
    void forgetAfterCommit() {
        found.invalidateAll();
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(unitOfWork -> found.invalidateAll());
        }
    }

    private static byte[] bytes(String value) {
        return value == null ? new byte[0] : value.getBytes(StandardCharsets.UTF_8);
    }
}
