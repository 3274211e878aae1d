package io.payouts.query.apikey;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.consistency.VersionedRows;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;


/** Keeps {@code api_key_view} in step with the keys' streams; idempotent through each row's version. */
@Component
@ProcessingGroup(ApiKeyProjection.PROCESSING_GROUP)
class ApiKeyProjection {

    public static final String PROCESSING_GROUP = "api-key-projection";

    private final ApiKeyViewRepository keys;
    private final ProjectionProgress progress;
    private final VersionedRows<ApiKeyView> rows;
    private final ApiKeyLookup lookup;

    ApiKeyProjection(ApiKeyViewRepository keys, ProjectionProgress progress, ApiKeyLookup lookup) {
        this.keys = keys;
        this.lookup = lookup;
        this.progress = progress;
        this.rows = new VersionedRows<>(keys, progress, "API key");
    }

    @EventHandler
    void on(ApiKeyCreatedEvent event, @SequenceNumber long sequence) {
        String id = event.keyId().value();
        if (!keys.existsById(id)) {
            keys.save(new ApiKeyView(id, event.name(), event.mode(), event.scopes(), event.expiresAt(),
                    event.approvalReason(), event.createdBy(),
                    event.regeneratedFrom() == null ? null : event.regeneratedFrom().value(), event.createdAt(),
                    sequence));
        }
        progress.announceAfterCommit(id, sequence);
    }

    @EventHandler
    void on(ApiKeyApprovedEvent event, @SequenceNumber long sequence) {
        rows.apply(event.keyId().value(), sequence, key -> key.approve(event.approvedBy(), event.keyHash(),
                event.lastFour(), event.approvedAt(), sequence));
        forgetAfterTheAnnouncement();
    }

    @EventHandler
    void on(ApiKeyRejectedEvent event, @SequenceNumber long sequence) {
        rows.apply(event.keyId().value(), sequence,
                key -> key.reject(event.rejectedBy(), event.reason(), event.rejectedAt(), sequence));
        forgetAfterTheAnnouncement();
    }

    @EventHandler
    void on(ApiKeyRevokedEvent event, @SequenceNumber long sequence) {
        rows.apply(event.keyId().value(), sequence, key -> key.revoke(event.revokedBy(),
                event.replacedBy() == null ? null : event.replacedBy().value(), event.revokedAt(), sequence));
        forgetAfterTheAnnouncement();
    }

    /**
     * Axon runs after-commit callbacks in reverse order, so registered after the row's announcement the cached key
     * is forgotten before a request waiting on that announcement can authenticate with it.
     */
    private void forgetAfterTheAnnouncement() {
        lookup.forgetEverywhereAfterCommit();
    }

    @ResetHandler
    void onReset() {
        lookup.forgetEverywhereAfterCommit();
        keys.deleteAllInBatch();
    }
}
