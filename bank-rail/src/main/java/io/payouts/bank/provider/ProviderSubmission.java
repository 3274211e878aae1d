package io.payouts.bank.provider;

/**
 * One round of the provider rail (ADR-0036): attempts handed over get their requests (their payouts queued under the
 * attempt's key), due requests are sent, the payouts the provider took are told they are processing, and those the rail
 * cannot pay or the provider refused are failed. The service runs it every {@code payouts.rail.http.poll-interval} on
 * the one instance that holds its lease; each attempt is claimed by one sender at a time besides, so two rounds that
 * meet (a lease that ran out under a slow round) never send one attempt twice at once.
 */
public final class ProviderSubmission {

    private final AttemptPreparation preparation;
    private final AttemptSending sending;
    private final AcceptedAttempts accepted;
    private final AttemptFailures failures;

    ProviderSubmission(AttemptPreparation preparation, AttemptSending sending, AcceptedAttempts accepted,
                       AttemptFailures failures) {
        this.preparation = preparation;
        this.sending = sending;
        this.accepted = accepted;
        this.failures = failures;
    }

    public void runRound() {
        preparation.prepareWaiting();
        sending.sendDue();
        accepted.startProcessing();
        failures.failUnpaid();
    }
}
