package io.payouts.command.caching;

import com.github.benmanes.caffeine.cache.Caffeine;
import org.axonframework.common.Registration;
import org.axonframework.common.caching.Cache;

import java.util.concurrent.ConcurrentMap;

/**
 * Axon's aggregate cache over a size-bounded Caffeine map (ADR-0024): the aggregates a command loads again soon (a
 * payout on the rail, a batch recording its payouts' outcomes) stay in memory, and the least recently used go when
 * the bound is reached; one that is gone is loaded from its events again. Axon's repository removes an entry whose
 * unit of work rolls back, so a write refused by the store (another writer was first) is never cached.
 */
public final class BoundedAggregateCache implements Cache {

    private final ConcurrentMap<Object, Object> entries;

    public BoundedAggregateCache(long maximumSize) {
        this.entries = Caffeine.newBuilder().maximumSize(maximumSize).build().asMap();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> V get(K key) {
        return (V) entries.get(key);
    }

    @Override
    public void put(Object key, Object value) {
        entries.put(key, value);
    }

    @Override
    public boolean putIfAbsent(Object key, Object value) {
        return entries.putIfAbsent(key, value) == null;
    }

    @Override
    public boolean remove(Object key) {
        return entries.remove(key) != null;
    }

    @Override
    public void removeAll() {
        entries.clear();
    }

    @Override
    public boolean containsKey(Object key) {
        return entries.containsKey(key);
    }

    /** Axon's aggregate repositories register no listeners; nothing here notifies one. */
    @Override
    public Registration registerCacheEntryListener(EntryListener cacheEntryListener) {
        throw new UnsupportedOperationException("entry listeners are not supported by " + getClass().getSimpleName());
    }
}
