package io.payouts.command.payout;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * One payout's life (decisions.md, States): validated -> queued -> processing -> completed | failed; cancel from
 * validated or queued, but not once a bank holds it; retry from failed; a completed payout the bank returns ends
 * failed. Funds are reserved before it exists and returned when it fails or is canceled, in the wallet in the same
 * unit of work ({@link PayoutAdmission}, {@link PayoutSettlement}). A batch's payout starts pending until its release
 * (ADR-0013), one above the approval threshold pending approval until a second person decides (ADR-0046); neither
 * holds funds meanwhile.
 */
@Aggregate(cache = "payoutCache")
public class Payout {

    private static final Set<PayoutStatus> CANCELABLE = EnumSet.of(PayoutStatus.PENDING, PayoutStatus.VALIDATED,
            PayoutStatus.QUEUED, PayoutStatus.PENDING_APPROVAL);
    /** Nothing is reserved for them: a pending batch payout, and one waiting for approval. */
    private static final Set<PayoutStatus> HOLDING_NOTHING = EnumSet.of(PayoutStatus.PENDING,
            PayoutStatus.PENDING_APPROVAL);
    private static final Set<PayoutStatus> FAILABLE =
            EnumSet.of(PayoutStatus.VALIDATED, PayoutStatus.QUEUED, PayoutStatus.PROCESSING);
    private static final Set<PayoutStatus> COMPLETABLE = EnumSet.of(PayoutStatus.QUEUED, PayoutStatus.PROCESSING);

    @AggregateIdentifier
    private PayoutId payoutId;
    private Mode mode;
    private WalletId walletId;
    private DriverId driverId;
    private BatchId batchId;
    private long amount;
    private long netAmount;
    private Rail rail;
    private boolean failOnRail;
    private PayoutStatus status;
    /** The rail's reference for the current attempt's submission, once a rail that cannot take it back has it. */
    private String railAdapter;
    private String railReference;
    /** Queued by its retry, and no rail has recorded taking this attempt yet. */
    private boolean awaitingRail;
    /** The user who asked for a payout that waits for approval; the approval may not come from them. */
    private String requesterId;

    protected Payout() {
        // for Axon's event sourcing
    }

    Payout(PayoutRequest request, WalletId walletId) {
        apply(new PayoutRequestedEvent(request.payoutId(), request.mode(), walletId, request.driverId(),
                request.amount(), request.fee(), request.netAmount(), request.rail(), request.description(),
                request.loadId(), request.requestedAt(), request.requestedBy()), audit(request));
    }

    /** A payout of a batch: pending until the batch is released. */
    public Payout(PayoutRequest request, WalletId walletId, BatchId batchId) {
        apply(new PayoutRequestedInBatchEvent(request.payoutId(), request.mode(), walletId, batchId,
                request.driverId(), request.amount(), request.fee(), request.netAmount(), request.rail(),
                request.description(), request.loadId(), request.requestedAt()), audit(request));
    }

    /** A payout above the mode's approval threshold: it waits for a second person, nothing reserved (ADR-0046). */
    Payout(PayoutRequest request, WalletId walletId, long threshold) {
        apply(new PayoutAwaitingApprovalEvent(request.payoutId(), request.mode(), walletId, request.driverId(),
                request.amount(), request.fee(), request.netAmount(), request.rail(), request.description(),
                request.loadId(), request.requestedAt(), request.requestedBy(), request.requesterId(), threshold),
                audit(request));
    }

    /**
     * Refuses a decision on a payout of another mode, one that does not wait for approval, or one by the person who
     * requested it.
     */
    void requireDecidableBy(Mode requestedIn, String deciderId) {
        if (requestedIn != mode) {
            throw new PayoutNotFoundException(payoutId.value());
        }
        requireStatus(EnumSet.of(PayoutStatus.PENDING_APPROVAL), "approved or rejected");
        ApprovalDecisions.requireSecondPerson(requesterId, deciderId, "payout " + payoutId);
    }

    /**
     * A second person approved it and its funds were reserved: it goes to the rail like a payout accepted at once; to
     * fail there if it was created so (sandbox scenario payout_failed).
     */
    void approve(String approverId, Instant at, String requestId, String caller) {
        requireStatus(EnumSet.of(PayoutStatus.PENDING_APPROVAL), "approved");
        MetaData metaData = audit(requestId, caller, mode);
        if (failOnRail) {
            metaData = metaData.and(MetadataKeys.SANDBOX_SCENARIO, MetadataKeys.PAYOUT_FAILED_SCENARIO);
        }
        apply(new PayoutApprovedEvent(payoutId, mode, driverId, amount, netAmount, rail, approverId, at), metaData);
    }

    /** A second person rejected it, or the batch it waited in: nothing was reserved, so nothing goes back. */
    public void reject(String rejecterId, String reason, Instant at) {
        requireStatus(HOLDING_NOTHING, "rejected");
        apply(new PayoutRejectedEvent(payoutId, mode, driverId, amount, rejecterId, reason, at));
    }

    /** True while the payout waits for its batch's release; funds are to be reserved for it then. */
    public boolean awaitingReleaseIn(BatchId batch) {
        return status == PayoutStatus.PENDING && batch.equals(batchId);
    }

    /**
     * Its batch was released and its funds reserved: it goes to the rail like any other payout; to fail there if it
     * was created so, or if the release says so (sandbox scenario payout_failed, in the event's metadata).
     */
    public void release(Instant at, boolean failOnTheRail) {
        requireStatus(EnumSet.of(PayoutStatus.PENDING), "released");
        PayoutReleasedEvent released = new PayoutReleasedEvent(payoutId, mode, batchId, driverId, netAmount, rail, at);
        if (failOnRail || failOnTheRail) {
            apply(released, MetaData.with(MetadataKeys.SANDBOX_SCENARIO, MetadataKeys.PAYOUT_FAILED_SCENARIO));
        } else {
            apply(released);
        }
    }

    /**
     * Its batch was released, but its driver can no longer be paid: it fails with nothing reserved and never reaches
     * the rail; the rest of the batch goes on.
     */
    public void failAtRelease(String reason, Instant at) {
        requireStatus(EnumSet.of(PayoutStatus.PENDING), "failed at its batch's release");
        apply(new PayoutFailedEvent(payoutId, mode, driverId, amount, reason, at));
    }

    /** Refuses a retry of a payout that is not failed, or that belongs to another wallet (another mode). */
    void requireRetryableFrom(WalletId wallet) {
        if (!walletId.equals(wallet)) {
            throw new PayoutNotFoundException(payoutId.value());
        }
        requireStatus(EnumSet.of(PayoutStatus.FAILED), "retried");
    }

    void retry(Instant at, String requestId, String caller) {
        requireStatus(EnumSet.of(PayoutStatus.FAILED), "retried");
        apply(new PayoutRetriedEvent(payoutId, mode, amount, at), audit(requestId, caller, mode));
    }

    /**
     * A rail queues a validated payout; a retried one, already queued by its retry, only when a rail records taking
     * it under a reference, once per attempt.
     */
    @CommandHandler
    void handle(QueuePayoutCommand command) {
        boolean retriedAndNowSubmitted = status == PayoutStatus.QUEUED && awaitingRail
                && command.railReference() != null;
        if (!retriedAndNowSubmitted) {
            requireStatus(EnumSet.of(PayoutStatus.VALIDATED), "queued");
        }
        apply(new PayoutQueuedEvent(payoutId, mode, command.queuedAt(), command.railAdapter(),
                command.railReference()));
    }

    @CommandHandler
    void handle(StartPayoutProcessingCommand command) {
        requireStatus(EnumSet.of(PayoutStatus.QUEUED), "processed");
        apply(new PayoutProcessingStartedEvent(payoutId, mode, command.startedAt()));
    }

    @CommandHandler
    void handle(CompletePayoutCommand command) {
        requireStatus(COMPLETABLE, "completed");
        apply(new PayoutCompletedEvent(payoutId, mode, driverId, amount, netAmount, command.completedAt()));
    }

    /** @return the funds to return to the wallet; none for a pending batch payout, which holds nothing */
    Optional<ReturnedFunds> cancel(Mode requestedIn, Instant at) {
        if (requestedIn != mode) {
            throw new PayoutNotFoundException(payoutId.value());
        }
        requireStatus(CANCELABLE, "canceled");
        if (status == PayoutStatus.QUEUED && railReference != null) {
            String rail = railAdapter == null ? "its rail" : "the " + railAdapter + " rail";
            throw new InvalidStateException("payout " + payoutId + " was sent out by " + rail + " under " + railReference
                    + " and can no longer be canceled");
        }
        boolean reserved = !HOLDING_NOTHING.contains(status);
        apply(new PayoutCanceledEvent(payoutId, mode, driverId, amount, at));
        return reserved ? Optional.of(new ReturnedFunds(walletId, amount)) : Optional.empty();
    }

    /** @return the funds to return to the wallet */
    Optional<ReturnedFunds> fail(String reason, Instant at) {
        requireStatus(FAILABLE, "failed");
        apply(new PayoutFailedEvent(payoutId, mode, driverId, amount, reason, at));
        return Optional.of(new ReturnedFunds(walletId, amount));
    }

    /**
     * The bank sent a completed payout's money back: the payout ends failed, and the amount completion debited goes
     * back to the wallet. Only a completed payout can come back, and only once.
     *
     * @return the funds to credit back to the wallet
     */
    ReturnedFunds returned(String reason, Instant at) {
        requireStatus(EnumSet.of(PayoutStatus.COMPLETED), "returned");
        apply(new PayoutReturnedEvent(payoutId, mode, driverId, amount, netAmount, rail, reason, at));
        return new ReturnedFunds(walletId, amount);
    }

    public long amount() {
        return amount;
    }

    public DriverId driverId() {
        return driverId;
    }

    public PayoutId payoutId() {
        return payoutId;
    }

    private void requireStatus(Set<PayoutStatus> allowed, String move) {
        if (!allowed.contains(status)) {
            throw new InvalidStateException("payout " + payoutId + " is " + status.name().toLowerCase()
                    + " and cannot be " + move);
        }
    }

    /** A new payout's events carry its own request's audit metadata, and the sandbox scenario it chose. */
    private static MetaData audit(PayoutRequest request) {
        MetaData metaData = audit(request.requestId(), request.caller(), request.mode());
        return request.sandboxScenario() == null ? metaData
                : metaData.and(MetadataKeys.SANDBOX_SCENARIO, request.sandboxScenario());
    }

    private static MetaData audit(String requestId, String caller, Mode mode) {
        MetaData metaData = MetaData.with(MetadataKeys.MODE, mode.apiName());
        if (requestId != null) {
            metaData = metaData.and(MetadataKeys.REQUEST_ID, requestId);
        }
        return caller == null ? metaData : metaData.and(MetadataKeys.CALLER, caller);
    }

    @EventSourcingHandler
    void on(PayoutRequestedEvent event, @MetaDataValue(MetadataKeys.SANDBOX_SCENARIO) String scenario) {
        started(event.payoutId(), event.mode(), event.walletId(), event.driverId(), event.amount(), event.netAmount(),
                event.rail(), scenario);
        status = onTheRail(event.rail());
    }

    @EventSourcingHandler
    void on(PayoutRequestedInBatchEvent event, @MetaDataValue(MetadataKeys.SANDBOX_SCENARIO) String scenario) {
        started(event.payoutId(), event.mode(), event.walletId(), event.driverId(), event.amount(), event.netAmount(),
                event.rail(), scenario);
        batchId = event.batchId();
        status = PayoutStatus.PENDING;
    }

    @EventSourcingHandler
    void on(PayoutAwaitingApprovalEvent event, @MetaDataValue(MetadataKeys.SANDBOX_SCENARIO) String scenario) {
        started(event.payoutId(), event.mode(), event.walletId(), event.driverId(), event.amount(), event.netAmount(),
                event.rail(), scenario);
        requesterId = event.requesterId();
        status = PayoutStatus.PENDING_APPROVAL;
    }

    /** Where a payout with its funds reserved starts on the rail: standard validated, instant processing. */
    private static PayoutStatus onTheRail(Rail rail) {
        return rail == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
    }

    /** What every first event of a payout says; the sandbox scenario payout_failed travels in its metadata. */
    private void started(PayoutId id, Mode inMode, WalletId wallet, DriverId driver, long gross, long net, Rail on,
                         String scenario) {
        payoutId = id;
        mode = inMode;
        walletId = wallet;
        driverId = driver;
        amount = gross;
        netAmount = net;
        rail = on;
        failOnRail = MetadataKeys.failsOnRail(scenario);
    }

    @EventSourcingHandler
    void on(PayoutApprovedEvent event) {
        status = onTheRail(rail);
    }

    @EventSourcingHandler
    void on(PayoutRejectedEvent event) {
        status = PayoutStatus.REJECTED;
    }

    @EventSourcingHandler
    void on(PayoutReleasedEvent event) {
        status = onTheRail(rail);
    }

    @EventSourcingHandler
    void on(PayoutQueuedEvent event) {
        status = PayoutStatus.QUEUED;
        railAdapter = event.railAdapter();
        railReference = event.railReference();
        awaitingRail = false;
    }

    @EventSourcingHandler
    void on(PayoutRetriedEvent event) {
        status = PayoutStatus.QUEUED;
        railReference = null;
        awaitingRail = true;
    }

    @EventSourcingHandler
    void on(PayoutProcessingStartedEvent event) {
        status = PayoutStatus.PROCESSING;
    }

    @EventSourcingHandler
    void on(PayoutCompletedEvent event) {
        status = PayoutStatus.COMPLETED;
    }

    @EventSourcingHandler
    void on(PayoutFailedEvent event) {
        status = PayoutStatus.FAILED;
    }

    @EventSourcingHandler
    void on(PayoutReturnedEvent event) {
        status = PayoutStatus.FAILED;
    }

    @EventSourcingHandler
    void on(PayoutCanceledEvent event) {
        status = PayoutStatus.CANCELED;
    }

    /** Funds a payout gives back to its wallet (stored as {@code FundsReleasedEvent}). */
    record ReturnedFunds(WalletId walletId, long amount) {
    }
}
