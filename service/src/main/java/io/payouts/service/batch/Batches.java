package io.payouts.service.batch;

import io.payouts.platform.ids.IdGenerator;
import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.SandboxScenario;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.batch.ApproveBatchCommand;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPage;
import io.payouts.shared.batch.BatchReleaseResult;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.FindScheduledBatchStatsQuery;
import io.payouts.shared.batch.RejectBatchCommand;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.batch.ScheduledBatchStats;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.springframework.stereotype.Service;

/**
 * What can be done with batches and scheduled payouts (ADR-0013), whoever asks: the endpoints only map HTTP onto it. A creation
 * or release answers from its own command's result (ADR-0017); a decision on approval answers with the batch as its
 * own events show it.
 */
@Service
class Batches {

    /** What a 503 names when a write's outcome is unknown. */
    private static final String BATCH = "batch";

    private final BatchRequests requests;
    private final Gateways gateways;
    private final IdGenerator ids;
    private final OwnersAndAdmins ownersAndAdmins;

    Batches(BatchRequests requests, Gateways gateways, IdGenerator ids, OwnersAndAdmins ownersAndAdmins) {
        this.requests = requests;
        this.gateways = gateways;
        this.ids = ids;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    /** The batch as created, and whether it waits for a second person's approval. */
    record Created(CreateBatchCommand batch, Approval approval) {
    }

    /** Creates a batch of payouts, every one of them checked first: one bad item refuses the whole batch. */
    Created create(BatchBodies.NewBatch body, RequestContext context) {
        BatchId batchId = ids.newBatchId();
        context.writes(BATCH, batchId.value());
        CreateBatchCommand command = requests.build(batchId, body, SandboxScenario.of(context), context);
        Approval approval = gateways.sendForResult(command, context);
        return new Created(command, approval);
    }

    /**
     * Releases the batch, or runs a scheduled one now: processing, or failed at once when none of its payouts'
     * drivers could be paid any more.
     */
    BatchStatus release(BatchId batchId, ReleaseTrigger trigger, RequestContext context) {
        if (SandboxScenario.of(context) == SandboxScenario.INSUFFICIENT_FUNDS) {
            throw InsufficientFundsException.forcedBySandbox(find(batchId, context).batch().totalAmount());
        }
        context.writes(BATCH, batchId.value());
        BatchReleaseResult released = gateways.sendForResult(
                new ReleaseBatchCommand(batchId, context.mode(), trigger, context.receivedAt()), context);
        return released.releasedToRail().isEmpty() ? BatchStatus.FAILED : BatchStatus.PROCESSING;
    }

    /** Approves a batch held for approval; only an owner or an admin may. */
    BatchDetails approve(BatchId batchId, RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "approve a batch");
        context.writes(BATCH, batchId.value());
        gateways.sendForResult(new ApproveBatchCommand(batchId, context.mode(), context.requireCaller().userId(),
                context.receivedAt()), context);
        return find(batchId, context);
    }

    /** Rejects a batch held for approval, releasing its funds; only an owner or an admin may. */
    BatchDetails reject(BatchId batchId, String reason, RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "reject a batch");
        context.writes(BATCH, batchId.value());
        gateways.sendForResult(new RejectBatchCommand(batchId, context.mode(), context.requireCaller().userId(),
                reason, context.receivedAt()), context);
        return find(batchId, context);
    }

    /** As of the batch's and its payouts' newest events, so it reflects any write before it (ADR-0018). */
    BatchDetails find(BatchId batchId, RequestContext context) {
        return gateways.query(new FindBatchQuery(context.mode(), batchId), BatchDetails.class);
    }

    BatchPage list(FindBatchesQuery query) {
        return gateways.query(query, BatchPage.class);
    }

    ScheduledBatchStats scheduledStats(RequestContext context) {
        return gateways.query(new FindScheduledBatchStatsQuery(context.mode()), ScheduledBatchStats.class);
    }
}
