package io.payouts.command.payout;

import io.payouts.command.driver.DriverStandings;
import io.payouts.command.wallet.ReservationDecision;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.DomainException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Refusal;
import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.Reservation;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Admits a batch of payouts in one unit of work: each payout's driver must be payable at this moment, then the
 * wallet decides every reservation in order, then each granted payout is created (or, for a retry, queued again).
 * Refusals are per payout and are data: the rest of the batch goes on (ADR-0011). A new payout above the wallet's
 * approval threshold is created waiting for a second person and reserves nothing (ADR-0046); a retry does not wait
 * again, as it was approved once.
 */
@Component
class PayoutAdmission {

    private final Repository<Wallet> wallets;
    private final Repository<Payout> payouts;
    private final DriverStandings drivers;

    PayoutAdmission(Repository<Wallet> wallets, Repository<Payout> payouts, DriverStandings drivers) {
        this.wallets = wallets;
        this.payouts = payouts;
        this.drivers = drivers;
    }

    @CommandHandler
    public AdmissionOutcome.Outcomes handle(AdmitPayoutsCommand command) throws Exception {
        int entries = command.newPayouts().size() + command.retries().size();
        AdmissionOutcome[] outcomes = new AdmissionOutcome[entries];
        // Retries reserve before new payouts, in the order given: a failed payout was there first.
        List<Candidate> candidates = new ArrayList<>();
        Set<PayoutId> retried = new HashSet<>();
        for (int j = 0; j < command.retries().size(); j++) {
            int entry = command.newPayouts().size() + j;
            AdmitPayoutsCommand.PayoutRetry retry = command.retries().get(j);
            if (!retried.add(retry.payoutId())) {
                outcomes[entry] = refused(retry.payoutId(), new InvalidStateException("payout " + retry.payoutId()
                        + " is already being retried; a failed payout is retried once per failure"));
                continue;
            }
            try {
                Aggregate<Payout> payout = payouts.load(retry.payoutId().value());
                payout.execute(candidate -> candidate.requireRetryableFrom(command.walletId()));
                candidates.add(new Candidate(entry, retry.payoutId(), payout.invoke(Payout::driverId),
                        payout.invoke(Payout::amount), null, new Retried(payout, retry)));
            } catch (AggregateNotFoundException unknown) {
                outcomes[entry] = refused(retry.payoutId(), new PayoutNotFoundException(retry.payoutId().value()));
            } catch (DomainException refusal) {
                outcomes[entry] = refused(retry.payoutId(), refusal);
            }
        }
        for (int i = 0; i < command.newPayouts().size(); i++) {
            PayoutRequest request = command.newPayouts().get(i);
            candidates.add(new Candidate(i, request.payoutId(), request.driverId(), request.amount(), request, null));
        }
        Map<DriverId, DriverStanding> standings = drivers.holdForPayment(command.walletId().mode(),
                candidates.stream().map(Candidate::driverId).toList());
        List<Candidate> payable = payableOnly(candidates, standings, outcomes);
        Optional<Aggregate<Wallet>> wallet = wallet(command, payable);
        long threshold = wallet.map(funds -> funds.invoke(Wallet::approvalThreshold)).orElse(0L);
        List<Candidate> toReserve = new ArrayList<>();
        for (Candidate candidate : payable) {
            if (candidate.request() != null && ApprovalDecisions.waits(threshold, candidate.amount())) {
                payouts.newInstance(() -> new Payout(candidate.request(), command.walletId(), threshold));
                outcomes[candidate.entry()] = AdmissionOutcome.awaitingApproval(candidate.payoutId(),
                        standings.get(candidate.driverId()).name(), command.admittedAt(), threshold);
            } else {
                toReserve.add(candidate);
            }
        }
        for (Decided decided : reserve(command, wallet, toReserve)) {
            Candidate candidate = decided.candidate();
            if (!decided.decision().granted()) {
                outcomes[candidate.entry()] = refused(candidate.payoutId(), new InsufficientFundsException(
                        candidate.amount(), decided.decision().availableBefore()));
            } else if (candidate.retried() != null) {
                AdmitPayoutsCommand.PayoutRetry retry = candidate.retried().retry();
                candidate.retried().payout().execute(payout -> payout.retry(command.admittedAt(), retry.requestId(),
                        retry.caller()));
                outcomes[candidate.entry()] = admitted(candidate, standings, command);
            } else {
                payouts.newInstance(() -> new Payout(candidate.request(), command.walletId()));
                outcomes[candidate.entry()] = admitted(candidate, standings, command);
            }
        }
        return new AdmissionOutcome.Outcomes(Arrays.asList(outcomes));
    }

    /** Only active, KYC-verified drivers of the wallet's mode are paid; the others' payouts are refused here. */
    private static List<Candidate> payableOnly(List<Candidate> candidates, Map<DriverId, DriverStanding> standings,
                                               AdmissionOutcome[] outcomes) {
        List<Candidate> payable = new ArrayList<>();
        for (Candidate candidate : candidates) {
            DriverStandings.refusalToPay(candidate.driverId(), standings.get(candidate.driverId())).ifPresentOrElse(
                    refusal -> outcomes[candidate.entry()] = refused(candidate.payoutId(), refusal),
                    () -> payable.add(candidate));
        }
        return payable;
    }

    /** The wallet, loaded (and locked) only when some payout is payable; absent when it was never opened. */
    private Optional<Aggregate<Wallet>> wallet(AdmitPayoutsCommand command, List<Candidate> payable) {
        if (payable.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(wallets.load(command.walletId().value()));
        } catch (AggregateNotFoundException neverOpened) {
            return Optional.empty();
        }
    }

    /** A wallet that was never funded covers nothing. */
    private static List<Decided> reserve(AdmitPayoutsCommand command, Optional<Aggregate<Wallet>> wallet,
                                         List<Candidate> candidates) {
        if (candidates.isEmpty()) {
            return List.of();
        }
        List<Reservation> wanted = candidates.stream()
                .map(candidate -> new Reservation(candidate.payoutId(), candidate.amount())).toList();
        List<ReservationDecision> decisions = wallet
                .map(funds -> funds.invoke(held -> held.reserve(wanted, command.admittedAt())))
                .orElseGet(() -> wanted.stream().map(reservation -> new ReservationDecision(reservation, false, 0))
                        .toList());
        List<Decided> decided = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            decided.add(new Decided(candidates.get(i), decisions.get(i)));
        }
        return decided;
    }

    private static AdmissionOutcome admitted(Candidate candidate, Map<DriverId, DriverStanding> standings,
                                             AdmitPayoutsCommand command) {
        return AdmissionOutcome.admitted(candidate.payoutId(), standings.get(candidate.driverId()).name(),
                command.admittedAt());
    }

    private static AdmissionOutcome refused(PayoutId payoutId, DomainException refusal) {
        return AdmissionOutcome.refused(payoutId, Refusal.of(refusal));
    }

    /** A new payout ({@code request}) or a failed one to queue again ({@code retried}), at its command entry. */
    private record Candidate(int entry, PayoutId payoutId, DriverId driverId, long amount, PayoutRequest request,
                             Retried retried) {
    }

    private record Retried(Aggregate<Payout> payout, AdmitPayoutsCommand.PayoutRetry retry) {
    }

    private record Decided(Candidate candidate, ReservationDecision decision) {
    }
}
