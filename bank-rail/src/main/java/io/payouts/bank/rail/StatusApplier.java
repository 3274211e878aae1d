package io.payouts.bank.rail;

import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.iso20022.EndToEndIds;
import io.payouts.bank.iso20022.PayoutAttempt;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.TransactionId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Applies what a bank file says about one payment: finds the payment by its end-to-end id, lets {@link StatusPolicy}
 * decide, sends the one command the decision stands for, and records the payment's new state after the command
 * committed. A report run again after a crash meets the payout's refusal; the payout's newest event tells whether the
 * rail made that very move before (done) or the payout stands elsewhere (parked). A command that fails for any other
 * reason (the database or the bus out of reach) is thrown, so the file is read again at the next round.
 */
class StatusApplier {

    static final String PAIN_002 = "pain.002";
    static final String CAMT_054 = "camt.054";

    private static final Logger log = LoggerFactory.getLogger(StatusApplier.class);

    private final OutboxPayments outbox;
    private final RailOutcomes outcomes;
    private final PayoutStreams streams;
    private final Problems problems;
    private final Clock clock;

    StatusApplier(OutboxPayments outbox, RailOutcomes outcomes, PayoutStreams streams, Problems problems,
                  Clock clock) {
        this.outbox = outbox;
        this.outcomes = outcomes;
        this.streams = streams;
        this.problems = problems;
        this.clock = clock;
    }

    /** @param reason the bank's, for a rejection or a return, such as {@code AC04 closed account number} */
    void apply(String fileName, String endToEndId, Evidence evidence, String source, String reason) {
        Optional<PayoutAttempt> attempt = EndToEndIds.parse(endToEndId);
        if (attempt.isEmpty()) {
            problems.park(fileName, endToEndId, null, "a " + source + " names " + endToEndId + ", which is not an "
                    + "end-to-end id this service makes");
            return;
        }
        PayoutId payoutId = new PayoutId(attempt.get().payoutId());
        Optional<OutboxPayment> found = outbox.find(EndToEndIds.of(payoutId.value(), attempt.get().attempt()));
        if (found.isEmpty()) {
            problems.park(fileName, endToEndId, payoutId, "a " + source + " reports on attempt "
                    + attempt.get().attempt() + " of payout " + payoutId.value() + ", which was never sent to the bank");
            return;
        }
        apply(fileName, found.get(), evidence, source, reason);
    }

    void apply(String fileName, OutboxPayment payment, Evidence evidence, String source, String reason) {
        StatusPolicy.Decision decision = StatusPolicy.decide(payment.state(), payment.settledBy(), evidence, source);
        switch (decision.action()) {
            case PARK -> problems.park(fileName, payment.endToEndId(), payment.payoutId(), decision.reason());
            case CONFIRM -> log.debug("{} confirms {} of {}: nothing to do", fileName, evidence,
                    payment.endToEndId());
            default -> move(fileName, payment, decision, source, reason);
        }
    }

    private void move(String fileName, OutboxPayment payment, StatusPolicy.Decision decision, String source,
                      String reason) {
        Instant now = clock.instant();
        try {
            send(payment, decision.action(), reason, now);
        } catch (DomainException refused) {
            if (refused.code() != ErrorCode.INVALID_STATE || !madeBefore(payment.payoutId(), decision.action())) {
                problems.park(fileName, payment.endToEndId(), payment.payoutId(), "the payout refuses what the "
                        + source + " reports: " + refused.getMessage());
                return;
            }
        }
        if (decision.next() == PaymentState.SETTLED) {
            outbox.settle(payment.endToEndId(), payment.state(), source, now);
        } else {
            outbox.move(payment.endToEndId(), payment.state(), decision.next(), reason, now);
        }
    }

    private void send(OutboxPayment payment, StatusPolicy.Action action, String reason, Instant at) {
        switch (action) {
            case PROCESS -> {
                if (payment.rail() == Rail.STANDARD) {
                    outcomes.processing(payment.payoutId(), Mode.PRODUCTION, at);
                }
            }
            case COMPLETE -> outcomes.completed(payment.payoutId(), Mode.PRODUCTION, at);
            case FAIL -> outcomes.failed(payment.payoutId(), Mode.PRODUCTION, reason, at);
            case RETURN -> outcomes.returned(payment.payoutId(), Mode.PRODUCTION, reason,
                    returnCreditOf(payment.endToEndId()), at);
            default -> throw new IllegalArgumentException("not a move: " + action);
        }
    }

    /** Whether the payout's newest event is the move this action makes: the rail made it before a crash. */
    private boolean madeBefore(PayoutId payoutId, StatusPolicy.Action action) {
        Object newest = streams.newest(payoutId).orElse(null);
        return switch (action) {
            case PROCESS -> newest instanceof PayoutProcessingStartedEvent;
            case COMPLETE -> newest instanceof PayoutCompletedEvent;
            case FAIL -> newest instanceof PayoutFailedEvent;
            case RETURN -> newest instanceof PayoutReturnedEvent;
            default -> false;
        };
    }

    /** The credit of a returned attempt has an id of its own, the same each time the return is reported. */
    static TransactionId returnCreditOf(String endToEndId) {
        UUID id = UUID.nameUUIDFromBytes(("returned " + endToEndId).getBytes(StandardCharsets.UTF_8));
        return new TransactionId(TransactionId.PREFIX + id.toString().replace("-", ""));
    }
}
