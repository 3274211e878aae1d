package io.payouts.command.batch;

import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A batch's stream grows by one event per payout outcome, up to about 2,000 for a batch of 1,000, and each outcome
 * loads the batch: snapshots every 100 events keep a load from replaying the whole stream (ADR-0013).
 */
@Configuration(proxyBeanMethods = false)
class BatchConfiguration {

    @Bean
    SnapshotTriggerDefinition batchSnapshotTrigger(Snapshotter snapshotter) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, 100);
    }
}
