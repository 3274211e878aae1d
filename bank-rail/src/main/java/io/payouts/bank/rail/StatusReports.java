package io.payouts.bank.rail;

import io.payouts.bank.iso20022.Pain001Writer;
import io.payouts.bank.iso20022.PaymentStatus;
import io.payouts.bank.iso20022.ReportedStatus;
import io.payouts.bank.iso20022.StatusScope;
import io.payouts.bank.reach.RailProblems;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a pain.002: each payment takes its most specific status (its own, else its block's, else the whole
 * file's), once. A file reported as a duplicate (DUPL) leaves its payments alone: the bank keeps the first
 * submission. Statuses that decide nothing (pending, partly accepted) wait for the payments' own; cancelled and
 * unknown codes are parked.
 */
class StatusReports {

    private static final Logger log = LoggerFactory.getLogger(StatusReports.class);

    private final StatusApplier applier;
    private final BankFiles files;
    private final OutboxPayments outbox;
    private final RailProblems problems;

    StatusReports(StatusApplier applier, BankFiles files, OutboxPayments outbox, RailProblems problems) {
        this.applier = applier;
        this.files = files;
        this.outbox = outbox;
        this.problems = problems;
    }

    void apply(String fileName, List<PaymentStatus> statuses) {
        Map<String, PaymentStatus> ownStatuses = new LinkedHashMap<>();
        for (PaymentStatus status : statuses) {
            if (status.scope() == StatusScope.TRANSACTION) {
                ownStatuses.put(status.endToEndId().orElseThrow().toLowerCase(Locale.ROOT), status);
            }
        }
        Map<String, Covered> covered = new LinkedHashMap<>();
        for (StatusScope scope : List.of(StatusScope.PAYMENT_BLOCK, StatusScope.MESSAGE)) {
            for (PaymentStatus status : statuses) {
                if (status.scope() == scope && decides(fileName, status)) {
                    cover(fileName, status, ownStatuses, covered);
                }
            }
        }
        List<StatusApplier.Report> reports = new ArrayList<>();
        ownStatuses.values().forEach(status -> {
            if (decides(fileName, status)) {
                reports.add(report(status.endToEndId().orElseThrow(), status));
            }
        });
        covered.values().forEach(entry -> reports.add(report(entry.payment().endToEndId(), entry.status())));
        applier.apply(fileName, reports);
    }

    private static StatusApplier.Report report(String endToEndId, PaymentStatus status) {
        return new StatusApplier.Report(endToEndId, evidence(status.status()), StatusApplier.PAIN_002,
                BankReasons.first(status.reasons(), status.isoCode()));
    }

    /** A block's or the file's status reaches the payments of that block or file that have none of their own. */
    private void cover(String fileName, PaymentStatus status, Map<String, PaymentStatus> ownStatuses,
                       Map<String, Covered> covered) {
        Optional<BankFile> file = files.byMessageId(status.originalMessageId());
        if (file.isEmpty()) {
            problems.park(fileName, null, null, "a status (" + status.isoCode() + ") for message "
                    + status.originalMessageId() + ", which this service never sent");
            return;
        }
        Integer block = status.paymentInformationId().map(id -> blockNumber(file.get(), id)).orElse(null);
        if (status.scope() == StatusScope.PAYMENT_BLOCK && block == null) {
            problems.park(fileName, null, null, "a status (" + status.isoCode() + ") for payment block "
                    + status.paymentInformationId().orElse("?") + ", which message " + file.get().messageId()
                    + " does not have");
            return;
        }
        for (OutboxPayment payment : outbox.ofFile(file.get().id())) {
            boolean inScope = status.scope() == StatusScope.MESSAGE || block.equals(payment.blockNumber());
            if (inScope && payment.blockNumber() != null && !ownStatuses.containsKey(payment.endToEndId())) {
                covered.putIfAbsent(payment.endToEndId(), new Covered(payment, status));
            }
        }
    }

    /** Whether the status moves payments; one that cannot is parked or, if it only says "not yet", logged. */
    private boolean decides(String fileName, PaymentStatus status) {
        ReportedStatus reported = status.status();
        if (status.scope() == StatusScope.MESSAGE && reported == ReportedStatus.REJECTED
                && status.reasons().stream().anyMatch(reason -> reason.code().equals("DUPL"))) {
            problems.park(fileName, null, null, "the bank rejects message " + status.originalMessageId()
                    + " as a duplicate (DUPL): it keeps the first submission, whose statuses stand");
            return false;
        }
        return switch (reported) {
            case ACCEPTED, SETTLED, REJECTED -> true;
            case PENDING, PARTIALLY_ACCEPTED -> {
                log.info("{}: {} status {} decides nothing yet", fileName, status.scope(), status.isoCode());
                yield false;
            }
            case CANCELLED, UNRECOGNISED -> {
                problems.park(fileName, status.endToEndId().orElse(null), null, "a status this rail does not act on: "
                        + status.isoCode() + " (" + status.scope().name().toLowerCase(Locale.ROOT) + " of message "
                        + status.originalMessageId() + ")");
                yield false;
            }
        };
    }

    /** The block a PmtInfId names, {@code <message id>-<n>} (Pain001Writer.paymentInformationId); null if none. */
    private static Integer blockNumber(BankFile file, String paymentInformationId) {
        String prefix = file.messageId() + "-";
        if (!paymentInformationId.startsWith(prefix)) {
            return null;
        }
        try {
            int block = Integer.parseInt(paymentInformationId.substring(prefix.length()));
            return Pain001Writer.paymentInformationId(file.messageId(), block).equals(paymentInformationId)
                    ? block : null;
        } catch (NumberFormatException notABlock) {
            return null;
        }
    }

    private static Evidence evidence(ReportedStatus status) {
        return switch (status) {
            case ACCEPTED -> Evidence.ACCEPTED;
            case SETTLED -> Evidence.SETTLED;
            case REJECTED -> Evidence.REJECTED;
            default -> throw new IllegalArgumentException("decides nothing: " + status);
        };
    }

    private record Covered(OutboxPayment payment, PaymentStatus status) {
    }
}
