package io.payouts.command.caching;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BoundedAggregateCacheTest {

    /** The rail's pattern: a thousand payouts created, then each loaded again; the finished ones were loaded more. */
    @Test
    void keepsEveryNewEntryEvenWhenTheOlderOnesWereUsedMoreOften() {
        BoundedAggregateCache cache = new BoundedAggregateCache(1000);
        for (int finished = 0; finished < 1000; finished++) {
            cache.put("finished-" + finished, finished);
            for (int load = 0; load < 4; load++) {
                cache.get("finished-" + finished);
            }
        }

        for (int created = 0; created < 1000; created++) {
            cache.put("created-" + created, created);
        }

        for (int created = 0; created < 1000; created++) {
            assertThat((Integer) cache.get("created-" + created)).isEqualTo(created);
        }
        assertThat(cache.containsKey("finished-999")).isFalse();
    }

    @Test
    void dropsTheLeastRecentlyUsedWhenFull() {
        BoundedAggregateCache cache = new BoundedAggregateCache(2);
        cache.put("first", 1);
        cache.put("second", 2);
        cache.get("first");

        cache.put("third", 3);

        assertThat(cache.containsKey("first")).isTrue();
        assertThat(cache.containsKey("second")).isFalse();
        assertThat(cache.containsKey("third")).isTrue();
    }

    @Test
    void removesAnEntryAndEverything() {
        BoundedAggregateCache cache = new BoundedAggregateCache(10);
        cache.put("kept", 1);
        cache.put("gone", 2);
        assertThat(cache.putIfAbsent("kept", 3)).isFalse();

        assertThat(cache.remove("gone")).isTrue();
        assertThat(cache.remove("gone")).isFalse();
        assertThat((Integer) cache.get("kept")).isEqualTo(1);

        cache.removeAll();
        assertThat(cache.containsKey("kept")).isFalse();
    }
}
