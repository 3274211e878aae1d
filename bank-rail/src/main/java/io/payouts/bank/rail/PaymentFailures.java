package io.payouts.bank.rail;

import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.reach.RailProblems;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutFailedEvent;

import java.time.Clock;
import java.util.List;

/**
 * Fails the payouts the bank cannot pay (no account, one the scheme does not reach), which never reached a file: the
 * existing fail path gives their money back once. Each is also parked, so that an admin sees why a production payout
 * failed without the bank ever seeing it.
 */
class PaymentFailures {

    private static final int PER_ROUND = 100;

    private final OutboxPayments outbox;
    private final RailOutcomes outcomes;
    private final PayoutStreams streams;
    private final RailProblems problems;
    private final Clock clock;

    PaymentFailures(OutboxPayments outbox, RailOutcomes outcomes, PayoutStreams streams, RailProblems problems,
                    Clock clock) {
        this.outbox = outbox;
        this.outcomes = outcomes;
        this.streams = streams;
        this.problems = problems;
        this.clock = clock;
    }

    void failUnpayable() {
        List<OutboxPayment> failing = outbox.inState(PaymentState.FAILING, PER_ROUND);
        for (OutboxPayment payment : failing) {
            PaymentState next = PaymentState.FAILED;
            try {
                outcomes.failed(payment.payoutId(), Mode.PRODUCTION, payment.reason(), clock.instant());
            } catch (DomainException refused) {
                boolean failedBefore = refused.code() == ErrorCode.INVALID_STATE
                        && streams.newest(payment.payoutId()).filter(PayoutFailedEvent.class::isInstance).isPresent();
                if (!failedBefore) {
                    next = PaymentState.WITHDRAWN;
                }
            }
            if (outbox.move(payment.endToEndId(), PaymentState.FAILING, next, null, clock.instant())) {
                problems.park(null, payment.endToEndId(), payment.payoutId(), "not sent to the bank: "
                        + payment.reason());
            }
        }
    }
}
