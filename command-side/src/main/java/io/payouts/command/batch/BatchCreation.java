package io.payouts.command.batch;

import io.payouts.command.driver.DriverStandings;
import io.payouts.command.payout.Payout;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.InvalidFieldsException;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutRequest;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/**
 * Creates a batch and all its payouts in one unit of work: the batch is one decision, so either every payout
 * exists or none does, and none is made for a driver who cannot be paid (ADR-0013). Nothing is reserved yet: the
 * wallet decides at the release, and the drivers are checked again then. A batch whose total is above the wallet's
 * approval threshold waits for a second person first (ADR-0046).
 */
@Component
class BatchCreation {

    private final Repository<Batch> batches;
    private final Repository<Payout> payouts;
    private final Repository<Wallet> wallets;
    private final DriverStandings drivers;

    BatchCreation(Repository<Batch> batches, Repository<Payout> payouts, Repository<Wallet> wallets,
                  DriverStandings drivers) {
        this.batches = batches;
        this.payouts = payouts;
        this.wallets = wallets;
        this.drivers = drivers;
    }

    @CommandHandler
    /** @return the batch's approval when its total waits for a second person (ADR-0046), null when it is queued */
    public Approval handle(CreateBatchCommand command) throws Exception {
        Map<Integer, DriverId> itemDrivers = command.itemDrivers();
        Map<String, String> unpayable = CreateBatchCommand.driverProblems(itemDrivers,
                drivers.holdForPayment(command.mode(), itemDrivers.values()));
        if (!unpayable.isEmpty()) {
            throw new InvalidFieldsException(unpayable);
        }
        List<BatchPayoutLine> lines = command.payouts().stream()
                .map(request -> new BatchPayoutLine(request.payoutId(), request.driverId(), request.amount(),
                        request.fee()))
                .toList();
        Batch.ApprovalRule approval = new Batch.ApprovalRule(approvalThreshold(command), command.requesterId());
        batches.newInstance(() -> new Batch(command.batchId(), command.mode(), command.name(), command.rail(),
                command.scheduledFor(), lines, command.createdAt(), approval));
        for (PayoutRequest request : command.payouts()) {
            payouts.newInstance(() -> new Payout(request, command.walletId(), command.batchId()));
        }
        return approval.requires(lines.stream().mapToLong(BatchPayoutLine::amount).sum())
                ? Approval.pending(approval.threshold(), approval.requesterId()) : null;
    }

    /** The wallet's approval threshold (ADR-0046); a wallet never opened has none. */
    private long approvalThreshold(CreateBatchCommand command) {
        try {
            return wallets.load(command.walletId().value()).invoke(Wallet::approvalThreshold);
        } catch (AggregateNotFoundException neverOpened) {
            return 0;
        }
    }
}
