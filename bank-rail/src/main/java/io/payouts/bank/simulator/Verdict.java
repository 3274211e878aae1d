package io.payouts.bank.simulator;

/** What the simulated bank does with one payment. */
sealed interface Verdict {

    /** Accepted, then debited and booked. */
    record Settled() implements Verdict {
    }

    /** Rejected in the status report with {@code reasonCode}. */
    record Rejected(String reasonCode) implements Verdict {
    }

    /** Accepted and booked, then returned by the creditor's bank with {@code reasonCode}. */
    record Returned(String reasonCode) implements Verdict {
    }
}
