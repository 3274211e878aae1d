package io.payouts.command.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.ApprovalThresholdSetEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallClearedEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.LowBalanceAlertSetEvent;
import io.payouts.shared.wallet.RecordFundingShortfallCommand;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReserveFundsCommand;
import io.payouts.shared.wallet.ResetSandboxCommand;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import io.payouts.shared.wallet.SetLowBalanceAlertCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.ShortfallAlertOffException;
import io.payouts.shared.wallet.TopUpAmountMismatchException;
import io.payouts.shared.wallet.TopUpNotPendingException;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TopUpSettlement;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A mode's funding wallet, the one authority on available funds: every reservation is decided here, in order,
 * so available never goes negative. Cached and snapshotted (ADR-0011).
 */
@Aggregate(cache = "walletCache", snapshotTriggerDefinition = "walletSnapshotTrigger", snapshotFilter = "walletSnapshotFilter")
public class Wallet {

    @AggregateIdentifier
    private WalletId walletId;
    private Mode mode;
    private long available;
    private Map<String, PendingTopUp> pendingTopUps = new HashMap<>();
    private long lowBalanceThreshold;
    private Integer shortfallWithinDays;
    private boolean low;
    private LocalDate shortfallOn;
    private long approvalThreshold;

    protected Wallet() {
        // for Axon's event sourcing and snapshots
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    long handle(RequestTopUpCommand command) {
        if (walletId == null) {
            apply(new WalletOpenedEvent(command.walletId(), command.mode(), command.requestedAt()));
        }
        apply(new TopUpRequestedEvent(command.walletId(), command.mode(), command.transactionId(), command.amount(),
                command.description(), command.method().name().toLowerCase(Locale.ROOT), command.requestedAt()));
        return available;
    }

    /**
     * A sandbox reset that keeps its events (ADR-0015): the wallet forgets its funds and pending top-ups, so money
     * from before the reset can neither be spent nor settled after it, and opens again, empty, as a wallet that never
     * was is opened: the read models forget the sandbox at the reset and start its wallet again at the opening. A
     * wallet that never was is reset all the same, so that every read model forgets the sandbox's drivers.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    void handle(ResetSandboxCommand command) {
        apply(new SandboxResetEvent(command.walletId(), Mode.SANDBOX, command.resetAt()));
        apply(new WalletOpenedEvent(command.walletId(), Mode.SANDBOX, command.resetAt()));
    }

    @CommandHandler
    TopUpSettlement handle(SettleTopUpCommand command) {
        PendingTopUp topUp = pendingTopUps.get(command.transactionId().value());
        if (topUp == null) {
            throw new TopUpNotPendingException(command.transactionId().value());
        }
        if (command.creditedAmount() != null && command.creditedAmount() != topUp.amount()) {
            throw new TopUpAmountMismatchException(command.transactionId().value(), topUp.amount(),
                    command.creditedAmount());
        }
        apply(new TopUpSettledEvent(walletId, mode, command.transactionId(), topUp.amount(), topUp.description(),
                command.settledBy(), command.settledAt()));
        noticeThresholdCrossing(command.settledAt());
        return new TopUpSettlement(topUp.amount(), available);
    }

    @CommandHandler
    ReserveFundsCommand.Result handle(ReserveFundsCommand command) {
        return new ReserveFundsCommand.Result(reserve(command.reservations(), command.reservedAt()).stream()
                .filter(ReservationDecision::granted).map(ReservationDecision::reservation).toList());
    }

    /** Grants each reservation, in order, while available funds cover it; one event records those granted. */
    public List<ReservationDecision> reserve(List<Reservation> requested, Instant at) {
        long left = available;
        List<ReservationDecision> decisions = new ArrayList<>();
        List<Reservation> granted = new ArrayList<>();
        for (Reservation reservation : requested) {
            boolean covered = reservation.amount() <= left;
            decisions.add(new ReservationDecision(reservation, covered, left));
            if (covered) {
                granted.add(reservation);
                left -= reservation.amount();
            }
        }
        if (!granted.isEmpty()) {
            apply(new FundsReservedEvent(walletId, mode, granted, at));
            noticeThresholdCrossing(at);
        }
        return decisions;
    }

    /**
     * Reserves every one of these or none (a batch's release, ADR-0013): one decision, so the batch cannot be
     * half funded.
     */
    public void reserveAll(List<Reservation> requested, Instant at) {
        long wanted = requested.stream().mapToLong(Reservation::amount).sum();
        if (wanted > available) {
            throw new InsufficientFundsException(wanted, available);
        }
        if (!requested.isEmpty()) {
            apply(new FundsReservedEvent(walletId, mode, requested, at));
            noticeThresholdCrossing(at);
        }
    }

    /** A failed or canceled payout's reservation goes back to available ({@code FundsReleasedEvent}, a stored name). */
    public void returnFunds(PayoutId payoutId, long amount, Instant at) {
        apply(new FundsReleasedEvent(walletId, mode, payoutId, amount, at));
        noticeThresholdCrossing(at);
    }

    /**
     * A completed payout's money came back from the bank ({@code ReturnedFundsCreditedEvent}): completion had debited
     * it for good (ADR-0011), so it is a credit now, not the release of a reservation.
     */
    public void creditReturn(PayoutId payoutId, TransactionId creditId, long amount, String reason, Instant at) {
        apply(new ReturnedFundsCreditedEvent(walletId, mode, creditId, payoutId, amount, reason, at));
        noticeThresholdCrossing(at);
    }

    /**
     * Sets the low-balance alert (ADR-0043) and decides against it at once: funds already below a new threshold are
     * low now. Switching the projection's watch off ends a shortfall episode.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    void handle(SetLowBalanceAlertCommand command) {
        if (walletId == null) {
            apply(new WalletOpenedEvent(command.walletId(), command.mode(), command.setAt()));
        }
        apply(new LowBalanceAlertSetEvent(walletId, mode, command.lowBalanceThreshold(),
                command.shortfallWithinDays(), command.setBy(), command.setAt()));
        noticeThresholdCrossing(command.setAt());
        if (shortfallWithinDays == null && shortfallOn != null) {
            apply(new FundingShortfallClearedEvent(walletId, mode, command.setAt()));
        }
    }

    /** Sets the amount above which a payout, or a batch in total, waits for a second person (ADR-0046). */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    void handle(SetApprovalThresholdCommand command) {
        if (walletId == null) {
            apply(new WalletOpenedEvent(command.walletId(), command.mode(), command.setAt()));
        }
        apply(new ApprovalThresholdSetEvent(walletId, mode, command.threshold(), command.setBy(), command.setAt()));
    }

    public long approvalThreshold() {
        return approvalThreshold;
    }

    /** One event per shortfall episode, at its start and at its end; a projection within an episode adds none. */
    @CommandHandler
    void handle(RecordFundingShortfallCommand command) {
        if (shortfallWithinDays == null) {
            throw new ShortfallAlertOffException(walletId);
        }
        if (command.shortfallOn() != null && shortfallOn == null) {
            apply(new FundingShortfallProjectedEvent(walletId, mode, command.shortfallOn(),
                    command.projectedBalance(), shortfallWithinDays, command.at()));
        } else if (command.shortfallOn() == null && shortfallOn != null) {
            apply(new FundingShortfallClearedEvent(walletId, mode, command.at()));
        }
    }

    /**
     * Called after every change of available funds and of the threshold, inside the command that made it: the
     * wallet decides its commands one at a time, so each crossing is announced exactly once.
     */
    private void noticeThresholdCrossing(Instant at) {
        boolean below = available < lowBalanceThreshold;
        if (below && !low) {
            apply(new BalanceFellBelowThresholdEvent(walletId, mode, available, lowBalanceThreshold, at));
        } else if (!below && low) {
            apply(new BalanceRecoveredEvent(walletId, mode, available, lowBalanceThreshold, at));
        }
    }

    @EventSourcingHandler
    void on(WalletOpenedEvent event) {
        walletId = event.walletId();
        mode = event.mode();
    }

    @EventSourcingHandler
    void on(TopUpRequestedEvent event) {
        pendingTopUps.put(event.transactionId().value(), new PendingTopUp(event.amount(), event.description()));
    }

    @EventSourcingHandler
    void on(TopUpSettledEvent event) {
        pendingTopUps.remove(event.transactionId().value());
        available += event.amount();
    }

    @EventSourcingHandler
    void on(FundsReservedEvent event) {
        available -= event.reservations().stream().mapToLong(Reservation::amount).sum();
    }

    @EventSourcingHandler
    void on(FundsReleasedEvent event) {
        available += event.amount();
    }

    @EventSourcingHandler
    void on(ReturnedFundsCreditedEvent event) {
        available += event.amount();
    }

    @EventSourcingHandler
    void on(LowBalanceAlertSetEvent event) {
        lowBalanceThreshold = event.lowBalanceThreshold();
        shortfallWithinDays = event.shortfallWithinDays();
    }

    @EventSourcingHandler
    void on(ApprovalThresholdSetEvent event) {
        approvalThreshold = event.threshold();
    }

    @EventSourcingHandler
    void on(BalanceFellBelowThresholdEvent event) {
        low = true;
    }

    @EventSourcingHandler
    void on(BalanceRecoveredEvent event) {
        low = false;
    }

    @EventSourcingHandler
    void on(FundingShortfallProjectedEvent event) {
        shortfallOn = event.shortfallOn();
    }

    @EventSourcingHandler
    void on(FundingShortfallClearedEvent event) {
        shortfallOn = null;
    }

    /**
     * The reset's wallet is new: no alert (ADR-0043) and no approval threshold (ADR-0046) is set on it until one is set
     * again.
     */
    @EventSourcingHandler
    void on(SandboxResetEvent event) {
        walletId = event.walletId();
        mode = event.mode();
        available = 0;
        pendingTopUps.clear();
        lowBalanceThreshold = 0;
        shortfallWithinDays = null;
        low = false;
        shortfallOn = null;
        approvalThreshold = 0;
    }

    /** A top-up the bank has not confirmed yet. */
    record PendingTopUp(long amount, String description) {
    }
}
