package io.payouts.bank.rail;

import java.time.Duration;

/**
 * One round of sending (ADR-0033): files for the instant payments waiting and for the cut-off that came due, each
 * file's payouts told and its bytes stored, the payouts the bank cannot pay failed, and the written files uploaded.
 * The service runs it every {@code payouts.bank.poll-interval} on the one instance that holds its lease; every step
 * picks up where a crashed round left off.
 */
public final class BankSubmission {

    private static final int FILES_PER_ROUND = 100;
    /** A timer may wake a little early; a round this far past the cut-off surely finds it due. */
    private static final Duration PAST_THE_CUT_OFF = Duration.ofMillis(20);

    private final FileAssignment assignment;
    private final BankFiles files;
    private final FilePreparation preparation;
    private final PaymentFailures failures;
    private final FileUpload upload;

    BankSubmission(FileAssignment assignment, BankFiles files, FilePreparation preparation, PaymentFailures failures,
                   FileUpload upload) {
        this.assignment = assignment;
        this.files = files;
        this.preparation = preparation;
        this.failures = failures;
        this.upload = upload;
    }

    /**
     * When the next round should start: after the poll interval, or just after the next cut-off if that comes sooner,
     * so that a cut-off's file does not wait for a round to come by.
     */
    public Duration untilNextRound(Duration pollInterval) {
        Duration untilCutOff = assignment.untilNextCutOff().plus(PAST_THE_CUT_OFF);
        return untilCutOff.compareTo(pollInterval) < 0 ? untilCutOff : pollInterval;
    }

    public void runRound() {
        assignment.assignInstants();
        assignment.assignDueCutOff();
        for (BankFile file : files.inState(FileState.ASSIGNED, FILES_PER_ROUND)) {
            preparation.prepare(file);
        }
        failures.failUnpayable();
        upload.uploadWaiting();
    }
}
