package io.payouts.query.apikey;

import io.payouts.query.consistency.StreamRowsProjection;
import io.payouts.shared.apikey.ApiKeyEvent;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code api_key_view} in step with the keys' streams, a processor batch at a time (ADR-0018), the rows folded
 * by {@link ApiKeyRow}'s rules. A batch that changes a key makes every instance forget the keys it found, as the
 * batch commits ({@link ApiKeyLookup}).
 */
@Component
@ProcessingGroup(ProcessingGroups.API_KEY_PROJECTION)
class ApiKeyProjection extends StreamRowsProjection<ApiKeyRow> {

    private final ApiKeyRows rows;
    private final ApiKeyLookup lookup;

    ApiKeyProjection(ApiKeyRows rows, ApiKeyLookup lookup) {
        super(ApiKeyRow.FOLD);
        this.rows = rows;
        this.lookup = lookup;
    }

    @EventHandler
    void on(ApiKeyEvent event, @SequenceNumber long sequence) {
        collect(event.keyId().value(), event, sequence);
    }

    @Override
    protected Map<String, ApiKeyRow> load(Collection<String> keyIds) {
        return rows.byIds(keyIds);
    }

    @Override
    protected void write(Map<String, ApiKeyRow> before, List<ApiKeyRow> changed) {
        if (!changed.isEmpty()) {
            rows.upsert(changed);
            lookup.forgetEverywhereAfterCommit();
        }
    }

    /** Sandbox keys outlive a sandbox reset: it empties the sandbox's data, not the credentials that reach it. */
    @Override
    protected void forgetSandbox() {
    }

    @ResetHandler
    void onReset() {
        lookup.forgetEverywhereAfterCommit();
        rows.deleteAll();
    }
}
