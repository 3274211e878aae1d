package io.payouts.bank.rail;

import io.payouts.bank.iso20022.Direction;
import io.payouts.bank.iso20022.EntryStatus;
import io.payouts.bank.iso20022.Notification;
import io.payouts.bank.reach.RailProblems;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies a camt.054, booked entry by booked entry: a debit naming a payment completes it; a credit returning a
 * payment (return information and the payment's end-to-end id) ends it failed with the money back; any other credit is
 * a top-up's money or, if it matches none, kept for finance. Entries not booked yet wait for their booking; a reversal
 * or an entry naming nothing of ours is parked.
 */
class Notifications {

    private static final Logger log = LoggerFactory.getLogger(Notifications.class);

    private final StatusApplier applier;
    private final TopUpCredits credits;
    private final RailProblems problems;

    Notifications(StatusApplier applier, TopUpCredits credits, RailProblems problems) {
        this.applier = applier;
        this.credits = credits;
        this.problems = problems;
    }

    void apply(String fileName, List<Notification> notifications) {
        List<StatusApplier.Report> reports = new ArrayList<>();
        for (int entry = 0; entry < notifications.size(); entry++) {
            Notification notification = notifications.get(entry);
            if (notification.status() != EntryStatus.BOOKED) {
                log.info("{}: entry {} is {}, not booked yet; its booking will say", fileName, entry + 1,
                        notification.status());
            } else if (notification.reversal()) {
                problems.park(fileName, notification.endToEndId().orElse(null), null, "the bank reverses a booking of "
                        + notification.amountCents() + " cents (" + notification.currency() + "); a person must look");
            } else if (notification.direction() == Direction.DEBIT) {
                debit(fileName, notification, reports);
            } else if (notification.isReturn()) {
                returned(fileName, notification, reports);
            } else {
                credits.apply(fileName, entry + 1, notification);
            }
        }
        applier.apply(fileName, reports);
    }

    private void debit(String fileName, Notification debit, List<StatusApplier.Report> reports) {
        if (debit.endToEndId().isEmpty()) {
            problems.park(fileName, null, null, "a debit of " + debit.amountCents() + " cents names no payment");
            return;
        }
        reports.add(new StatusApplier.Report(debit.endToEndId().get(), Evidence.SETTLED, StatusApplier.CAMT_054,
                null));
    }

    private void returned(String fileName, Notification credit, List<StatusApplier.Report> reports) {
        if (credit.endToEndId().isEmpty()) {
            problems.park(fileName, null, null, "a return of " + credit.amountCents() + " cents names no payment");
            return;
        }
        reports.add(new StatusApplier.Report(credit.endToEndId().get(), Evidence.RETURNED, StatusApplier.CAMT_054,
                BankReasons.text(credit.returnReason().orElseThrow())));
    }
}
