package io.payouts.bank.rail;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a bank's report about a payment does, given where the payment stands (ADR-0034): the one move it makes, nothing
 * when it only confirms what is known, or a problem to park when it repeats itself, contradicts what is known, or
 * names a payment the bank was never sent. Settlement may be reported twice, by a pain.002 and by a camt.054; the
 * second of another kind confirms, the same kind again is a duplicate.
 */
final class StatusPolicy {

    private static final Set<PaymentState> AT_THE_BANK = EnumSet.of(PaymentState.WRITTEN, PaymentState.SENT,
            PaymentState.ACCEPTED);

    private StatusPolicy() {
    }

    /** @param source the kind of report, {@code pain.002} or {@code camt.054} */
    static Decision decide(PaymentState state, String settledBy, Evidence evidence, String source) {
        if (!AT_THE_BANK.contains(state) && !EnumSet.of(PaymentState.SETTLED, PaymentState.REJECTED,
                PaymentState.RETURNED).contains(state)) {
            return Decision.park("the bank reports " + describe(evidence) + " a payment it was never sent (the "
                    + "payment is " + name(state) + ")");
        }
        return switch (evidence) {
            case ACCEPTED -> accepted(state);
            case SETTLED -> settled(state, settledBy, source);
            case REJECTED -> rejected(state);
            case RETURNED -> returned(state);
        };
    }

    private static Decision accepted(PaymentState state) {
        return switch (state) {
            case WRITTEN, SENT -> Decision.move(Action.PROCESS, PaymentState.ACCEPTED);
            case ACCEPTED -> Decision.park("duplicate status: the bank accepted this payment before");
            // the payment went further already; an acceptance reported late adds nothing
            case SETTLED -> Decision.confirm();
            default -> Decision.park("the bank accepts a payment it " + name(state) + " before");
        };
    }

    private static Decision settled(PaymentState state, String settledBy, String source) {
        if (AT_THE_BANK.contains(state)) {
            return Decision.move(Action.COMPLETE, PaymentState.SETTLED);
        }
        if (state == PaymentState.REJECTED) {
            return Decision.park("the bank reports as settled a payment it rejected before");
        }
        return source.equals(settledBy)
                ? Decision.park("duplicate status: a " + source + " reported this payment settled before")
                : Decision.confirm();
    }

    private static Decision rejected(PaymentState state) {
        if (AT_THE_BANK.contains(state)) {
            return Decision.move(Action.FAIL, PaymentState.REJECTED);
        }
        return state == PaymentState.REJECTED
                ? Decision.park("duplicate status: the bank rejected this payment before")
                : Decision.park("the bank rejects a payment it " + name(state) + " before");
    }

    private static Decision returned(PaymentState state) {
        return switch (state) {
            case SETTLED -> Decision.move(Action.RETURN, PaymentState.RETURNED);
            case RETURNED -> Decision.park("duplicate return: the bank returned this payment before");
            case REJECTED -> Decision.park("the bank returns a payment it rejected before");
            default -> Decision.park("the bank returns a payment it never reported settled (the payout is not "
                    + "completed)");
        };
    }

    private static String describe(Evidence evidence) {
        return switch (evidence) {
            case ACCEPTED -> "accepting";
            case SETTLED -> "settling";
            case REJECTED -> "rejecting";
            case RETURNED -> "returning";
        };
    }

    private static String name(PaymentState state) {
        return switch (state) {
            case SETTLED -> "settled";
            case REJECTED -> "rejected";
            case RETURNED -> "returned";
            default -> state.name().toLowerCase(Locale.ROOT);
        };
    }

    /** The payout's move a report makes. */
    enum Action {
        /** queued -> processing (an instant payout is processing already: nothing to send). */
        PROCESS,
        COMPLETE,
        FAIL,
        RETURN,
        /** Nothing to do: the report confirms what is known. */
        CONFIRM,
        /** Nothing moves; the report is parked for an admin. */
        PARK
    }

    /** The action, the payment's state after it, and why it is parked. */
    record Decision(Action action, PaymentState next, String reason) {

        static Decision move(Action action, PaymentState next) {
            return new Decision(action, next, null);
        }

        static Decision confirm() {
            return new Decision(Action.CONFIRM, null, null);
        }

        static Decision park(String reason) {
            return new Decision(Action.PARK, null, reason);
        }
    }
}
