package io.payouts.command.payout;

import io.payouts.command.Repositories;
import io.payouts.command.driver.DriverStandings;
import io.payouts.command.wallet.ReservationDecision;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.DomainException;
import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.ApprovePayoutCommand;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.RejectPayoutCommand;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Decides a payout that waits for a second person (ADR-0046). An approval is an admission that comes late: the driver
 * must still be payable and the wallet must cover the payout now, or nothing moves and it keeps waiting; then its funds
 * are reserved and it goes to the rail, in one unit of work. Locks are taken payout, driver's standing, wallet, as the
 * admission takes them.
 */
@Component
class PayoutApproval {

    private final Repository<Payout> payouts;
    private final Repository<Wallet> wallets;
    private final DriverStandings drivers;

    PayoutApproval(Repository<Payout> payouts, Repository<Wallet> wallets, DriverStandings drivers) {
        this.payouts = payouts;
        this.wallets = wallets;
        this.drivers = drivers;
    }

    @CommandHandler
    public void handle(ApprovePayoutCommand command) throws Exception {
        Aggregate<Payout> payout = load(command.payoutId().value());
        payout.execute(waiting -> waiting.requireDecidableBy(command.mode(), command.approverId()));
        DriverId driverId = payout.invoke(Payout::driverId);
        Optional<DomainException> refusal = DriverStandings.refusalToPay(driverId,
                drivers.holdForPayment(command.mode(), List.of(driverId)).get(driverId));
        if (refusal.isPresent()) {
            throw refusal.get();
        }
        long amount = payout.invoke(Payout::amount);
        ReservationDecision decision = reserve(command, amount);
        if (!decision.granted()) {
            throw new InsufficientFundsException(amount, decision.availableBefore());
        }
        payout.execute(waiting -> waiting.approve(command.approverId(), command.approvedAt(), command.requestId(),
                command.caller()));
    }

    @CommandHandler
    public void handle(RejectPayoutCommand command) {
        Aggregate<Payout> payout = load(command.payoutId().value());
        payout.execute(waiting -> waiting.requireDecidableBy(command.mode(), command.rejecterId()));
        ApprovalDecisions.requireValidReason(command.reason());
        payout.execute(waiting -> waiting.reject(command.rejecterId(), command.reason(), command.rejectedAt()));
    }

    private Aggregate<Payout> load(String payoutId) {
        return Repositories.loadOrRefuse(payouts, payoutId, PayoutNotFoundException::new);
    }

    /** A wallet that was never funded covers nothing. */
    private ReservationDecision reserve(ApprovePayoutCommand command, long amount) {
        Reservation wanted = new Reservation(command.payoutId(), amount);
        try {
            Aggregate<Wallet> wallet = wallets.load(WalletId.of(command.mode()).value());
            return wallet.invoke(funds -> funds.reserve(List.of(wanted), command.approvedAt())).get(0);
        } catch (AggregateNotFoundException neverFunded) {
            return new ReservationDecision(wanted, false, 0);
        }
    }
}
