package io.payouts.bank.rail;

import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Makes files and puts payments into them, each in one transaction with the file's row, so that a payment is in at
 * most one file (its row moves from PENDING once): one file per waiting instant payment, and one per cut-off for the
 * standard payments handed over by then. The cut-off's file is unique in the database, so two instances that both
 * believe they hold the rounds still make one.
 */
class FileAssignment {

    private static final int INSTANTS_PER_ROUND = 100;

    private final OutboxPayments outbox;
    private final BankFiles files;
    private final CutOffs cutOffs;
    private final TransactionTemplate transaction;
    private final Clock clock;

    FileAssignment(OutboxPayments outbox, BankFiles files, CutOffs cutOffs, TransactionTemplate transaction,
                   Clock clock) {
        this.outbox = outbox;
        this.files = files;
        this.cutOffs = cutOffs;
        this.transaction = transaction;
        this.clock = clock;
    }

    /** One file for each instant payment waiting, up to a round's worth. */
    void assignInstants() {
        transaction.executeWithoutResult(status -> {
            Instant now = clock.instant();
            List<String> waiting = outbox.lockPendingInstants(INSTANTS_PER_ROUND);
            for (String endToEndId : waiting) {
                outbox.assign(endToEndId, files.createInstant(now).id(), now);
            }
        });
    }

    /** How long until the next cut-off comes due. */
    Duration untilNextCutOff() {
        return cutOffs.untilNext(clock.instant());
    }

    /** The latest cut-off's file, once, if standard payments handed over by then wait for one. */
    void assignDueCutOff() {
        Instant now = clock.instant();
        Instant cutOff = cutOffs.latest(now);
        if (!outbox.anyPendingStandard(cutOff)) {
            return;
        }
        transaction.executeWithoutResult(status -> files.createStandard(cutOff, now)
                .ifPresent(file -> outbox.assignStandard(file.id(), cutOff, now)));
    }
}
