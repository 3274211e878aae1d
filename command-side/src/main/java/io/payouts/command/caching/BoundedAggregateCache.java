package io.payouts.command.caching;

import org.axonframework.common.Registration;
import org.axonframework.common.caching.Cache;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Axon's aggregate cache over a size-bounded map that drops the least recently used entry (ADR-0024): aggregates a
 * command loads again soon stay in memory; an evicted one is loaded from its events again. Axon's repository removes
 * an entry whose unit of work rolls back, so a write the store refused is never cached.
 * <p>
 * Not Caffeine's frequency-based admission: a payout is loaded a few times within seconds and never again, so such a
 * cache fills with finished payouts and turns new ones away (in the bench, 92% of loads missed).
 */
public final class BoundedAggregateCache implements Cache {

    private final Map<Object, Object> entries;

    public BoundedAggregateCache(int maximumSize) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                return size() > maximumSize;
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <K, V> V get(K key) {
        return (V) entries.get(key);
    }

    @Override
    public synchronized void put(Object key, Object value) {
        entries.put(key, value);
    }

    @Override
    public synchronized boolean putIfAbsent(Object key, Object value) {
        return entries.putIfAbsent(key, value) == null;
    }

    @Override
    public synchronized boolean remove(Object key) {
        return entries.remove(key) != null;
    }

    @Override
    public synchronized void removeAll() {
        entries.clear();
    }

    @Override
    public synchronized boolean containsKey(Object key) {
        return entries.containsKey(key);
    }

    /** Axon's aggregate repositories register no listeners; nothing here notifies one. */
    @Override
    public Registration registerCacheEntryListener(EntryListener cacheEntryListener) {
        throw new UnsupportedOperationException("entry listeners are not supported by " + getClass().getSimpleName());
    }
}
