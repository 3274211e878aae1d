package io.payouts.command.wallet;

import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Every payout touches its mode's wallet, so the wallet stays in memory between commands and is snapshotted every
 * 100 events, so that loading it never replays a long stream (ADR-0011); a snapshot whose history a sandbox reset
 * deleted is never used (ADR-0015). The cache assumes one writer per
 * wallet, that is one service instance (ADR-0001).
 */
@Configuration(proxyBeanMethods = false)
class WalletConfiguration {

    @Bean
    Cache walletCache() {
        return new WeakReferenceCache();
    }

    @Bean
    SnapshotFilter walletSnapshotFilter(JdbcTemplate jdbc) {
        return new StoredHistorySnapshotFilter(jdbc);
    }

    @Bean
    SnapshotTriggerDefinition walletSnapshotTrigger(Snapshotter snapshotter) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, 100);
    }
}
