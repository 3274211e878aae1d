package io.payouts.command.payout;

import io.payouts.command.wallet.ReservationDecision;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.DomainException;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Admits a batch of payouts in one unit of work: the wallet decides every reservation in order, then each granted
 * payout is created (or, for a retry, queued again). Refusals are per payout: the rest of the batch goes on.
 */
@Component
class PayoutAdmission {

    private final Repository<Wallet> wallets;
    private final Repository<Payout> payouts;

    PayoutAdmission(Repository<Wallet> wallets, Repository<Payout> payouts) {
        this.wallets = wallets;
        this.payouts = payouts;
    }

    @CommandHandler
    public AdmissionOutcome.Batch handle(AdmitPayoutsCommand command) throws Exception {
        Map<PayoutId, AdmissionOutcome> outcomes = new LinkedHashMap<>();
        List<Reservation> wanted = new ArrayList<>();
        Map<PayoutId, Aggregate<Payout>> retried = new HashMap<>();
        Map<PayoutId, AdmitPayoutsCommand.PayoutRetry> retries = new HashMap<>();
        for (AdmitPayoutsCommand.PayoutRetry retry : command.retries()) {
            if (retries.containsKey(retry.payoutId()) || outcomes.containsKey(retry.payoutId())) {
                // The same payout retried twice in one batch: decided once, and both callers get that answer.
                continue;
            }
            try {
                Aggregate<Payout> payout = payouts.load(retry.payoutId().value());
                payout.execute(candidate -> candidate.requireRetryableFrom(command.walletId()));
                wanted.add(new Reservation(retry.payoutId(), payout.invoke(Payout::amount)));
                retried.put(retry.payoutId(), payout);
                retries.put(retry.payoutId(), retry);
            } catch (AggregateNotFoundException unknown) {
                outcomes.put(retry.payoutId(), refused(retry.payoutId(), new PayoutNotFoundException(retry.payoutId().value())));
            } catch (DomainException refusal) {
                outcomes.put(retry.payoutId(), refused(retry.payoutId(), refusal));
            }
        }
        Map<PayoutId, PayoutRequest> requests = new HashMap<>();
        for (PayoutRequest request : command.newPayouts()) {
            wanted.add(new Reservation(request.payoutId(), request.amount()));
            requests.put(request.payoutId(), request);
        }
        for (ReservationDecision decision : reserve(command, wanted)) {
            PayoutId payoutId = decision.reservation().payoutId();
            if (!decision.granted()) {
                outcomes.put(payoutId, refused(payoutId,
                        new InsufficientFundsException(decision.reservation().amount(), decision.availableBefore())));
            } else if (retried.containsKey(payoutId)) {
                AdmitPayoutsCommand.PayoutRetry retry = retries.get(payoutId);
                retried.get(payoutId).execute(payout -> payout.retry(command.admittedAt(), retry.requestId(), retry.caller()));
                outcomes.put(payoutId, AdmissionOutcome.admitted(payoutId));
            } else {
                payouts.newInstance(() -> new Payout(requests.get(payoutId), command.walletId()));
                outcomes.put(payoutId, AdmissionOutcome.admitted(payoutId));
            }
        }
        return new AdmissionOutcome.Batch(outcomes);
    }

    /** A wallet that was never funded covers nothing. */
    private List<ReservationDecision> reserve(AdmitPayoutsCommand command, List<Reservation> wanted) {
        if (wanted.isEmpty()) {
            return List.of();
        }
        try {
            Aggregate<Wallet> wallet = wallets.load(command.walletId().value());
            return wallet.invoke(funds -> funds.reserve(wanted, command.admittedAt()));
        } catch (AggregateNotFoundException neverFunded) {
            return wanted.stream().map(reservation -> new ReservationDecision(reservation, false, 0)).toList();
        }
    }

    private static AdmissionOutcome refused(PayoutId payoutId, DomainException refusal) {
        return new AdmissionOutcome(payoutId, refusal);
    }
}
