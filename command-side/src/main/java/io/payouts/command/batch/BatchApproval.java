package io.payouts.command.batch;

import io.payouts.command.Repositories;
import io.payouts.command.payout.Payout;
import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.batch.ApproveBatchCommand;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.RejectBatchCommand;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Decides a batch that waits for a second person (ADR-0046). Approving it reserves nothing: it is queued, and its
 * schedule, a release or a run reserves as for any batch. Rejecting it rejects every payout it still holds, in the
 * same unit of work, so none of them can be released alone.
 */
@Component
class BatchApproval {

    private final Repository<Batch> batches;
    private final Repository<Payout> payouts;

    BatchApproval(Repository<Batch> batches, Repository<Payout> payouts) {
        this.batches = batches;
        this.payouts = payouts;
    }

    @CommandHandler
    public void handle(ApproveBatchCommand command) {
        Aggregate<Batch> batch = load(command.batchId());
        batch.execute(waiting -> waiting.requireDecidableBy(command.mode(), command.approverId()));
        batch.execute(waiting -> waiting.approve(command.approverId(), command.approvedAt()));
    }

    @CommandHandler
    public void handle(RejectBatchCommand command) throws Exception {
        Aggregate<Batch> batch = load(command.batchId());
        batch.execute(waiting -> waiting.requireDecidableBy(command.mode(), command.rejecterId()));
        ApprovalDecisions.requireValidReason(command.reason());
        List<PayoutId> held = batch.invoke(waiting -> waiting.reject(command.rejecterId(), command.reason(),
                command.rejectedAt()));
        for (PayoutId payoutId : held) {
            payouts.load(payoutId.value()).execute(payout -> payout.reject(command.rejecterId(), command.reason(),
                    command.rejectedAt()));
        }
    }

    private Aggregate<Batch> load(BatchId batchId) {
        return Repositories.loadOrRefuse(batches, batchId.value(), BatchNotFoundException::new);
    }
}
