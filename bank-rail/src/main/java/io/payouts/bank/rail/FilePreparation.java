package io.payouts.bank.rail;

import io.payouts.bank.iso20022.Pain001Writer;
import io.payouts.bank.reach.PayoutStreams;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.Mode;
import io.payouts.shared.Refusal;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.driver.PayeeAccounts;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.Rail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a file holding its payments (ASSIGNED) into stored bytes (WRITTEN), each step safe to rerun after a crash
 * (ADR-0033):
 * <ol>
 *     <li>a payment the bank cannot pay leaves the file, to be failed;</li>
 *     <li>each standard payout is queued under the file's message id, after which it cannot be canceled; one canceled
 *     meanwhile stays out (instant ones are processing already);</li>
 *     <li>the bytes are written once, with the payments' blocks, in one transaction.</li>
 * </ol>
 * A refusal after a crash counts as done if the payout's events show it queued in this file.
 */
class FilePreparation {

    private static final Logger log = LoggerFactory.getLogger(FilePreparation.class);
    private static final int MOVES_PER_COMMAND = 500;

    private final OutboxPayments outbox;
    private final BankFiles files;
    private final PayeeAccounts payees;
    private final CompanyAccount company;
    private final RailOutcomes outcomes;
    private final PayoutStreams streams;
    private final TransactionTemplate transaction;
    private final Clock clock;

    FilePreparation(OutboxPayments outbox, BankFiles files, PayeeAccounts payees, CompanyAccount company,
                    RailOutcomes outcomes, PayoutStreams streams, TransactionTemplate transaction, Clock clock) {
        this.outbox = outbox;
        this.files = files;
        this.payees = payees;
        this.company = company;
        this.outcomes = outcomes;
        this.streams = streams;
        this.transaction = transaction;
        this.clock = clock;
    }

    void prepare(BankFile file) {
        long started = System.nanoTime();
        Accounts accounts = new Accounts();
        List<OutboxPayment> payable = leaveOutTheUnpayable(file, accounts);
        long read = System.nanoTime();
        queue(file, payable);
        long queued = System.nanoTime();
        write(file, accounts);
        log.info("Built {}: {} payments, accounts read in {} ms, queued in {} ms, written in {} ms", file.fileName(),
                payable.size(), millis(started, read), millis(read, queued), millis(queued, System.nanoTime()));
    }

    private static long millis(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1_000_000;
    }

    private List<OutboxPayment> leaveOutTheUnpayable(BankFile file, Accounts accounts) {
        List<OutboxPayment> payable = new ArrayList<>();
        List<OutboxPayment> assigned = outbox.ofFile(file.id()).stream()
                .filter(payment -> payment.state() == PaymentState.ASSIGNED).toList();
        accounts.readAll(assigned);
        transaction.executeWithoutResult(status -> {
            Instant now = clock.instant();
            for (OutboxPayment payment : assigned) {
                if (accounts.instructionOf(payment) instanceof PaymentInstructions.Instruction.Unpayable unpayable) {
                    outbox.move(payment.endToEndId(), PaymentState.ASSIGNED, PaymentState.FAILING,
                            unpayable.reason(), now);
                } else {
                    payable.add(payment);
                }
            }
        });
        return payable;
    }

    private void queue(BankFile file, List<OutboxPayment> payable) {
        List<String> queued = new ArrayList<>();
        List<OutboxPayment> standard = new ArrayList<>();
        for (OutboxPayment payment : payable) {
            if (payment.rail() == Rail.INSTANT) {
                queued.add(payment.endToEndId());
            } else {
                standard.add(payment);
            }
        }
        List<Withdrawn> withdrawn = new ArrayList<>();
        for (int from = 0; from < standard.size(); from += MOVES_PER_COMMAND) {
            List<OutboxPayment> chunk = standard.subList(from, Math.min(standard.size(), from + MOVES_PER_COMMAND));
            Instant now = clock.instant();
            AdvancePayoutsCommand.Result result = outcomes.advanced(Mode.PRODUCTION, chunk.stream()
                    .map(payment -> new AdvancePayoutsCommand.Move(payment.payoutId(), AdvancePayoutsCommand.Step.QUEUE,
                            now, payment.attempt(), IsoPayoutRail.NAME, file.messageId())).toList());
            for (OutboxPayment payment : chunk) {
                Refusal refusal = result == null ? null : result.refusals().get(payment.payoutId());
                if (refusal == null
                        || streams.queuedUnder(payment.payoutId(), payment.attempt(), file.messageId()).isPresent()) {
                    queued.add(payment.endToEndId());
                } else {
                    withdrawn.add(new Withdrawn(payment.endToEndId(), "not sent: " + refusal.message()));
                }
            }
        }
        transaction.executeWithoutResult(status -> {
            Instant now = clock.instant();
            outbox.moveAll(queued, PaymentState.ASSIGNED, PaymentState.QUEUED, now);
            withdrawn.forEach(payment -> outbox.move(payment.endToEndId(), PaymentState.ASSIGNED,
                    PaymentState.WITHDRAWN, payment.reason(), now));
        });
    }

    private void write(BankFile file, Accounts accounts) {
        transaction.executeWithoutResult(status -> {
            Instant now = clock.instant();
            List<FileBlocks.Entry> entries = new ArrayList<>();
            for (OutboxPayment payment : outbox.ofFile(file.id())) {
                if (payment.state() != PaymentState.QUEUED) {
                    continue;
                }
                PaymentInstructions.Instruction instruction = accounts.instructionOf(payment);
                if (instruction instanceof PaymentInstructions.Instruction.Payable payable) {
                    entries.add(new FileBlocks.Entry(payable.instruction(), payment.batchId()));
                } else {
                    // the account went away before a crashed preparation ran again (an erasure): the payout is
                    // queued, and fails from there
                    outbox.move(payment.endToEndId(), PaymentState.QUEUED, PaymentState.FAILING,
                            ((PaymentInstructions.Instruction.Unpayable) instruction).reason(), now);
                }
            }
            if (entries.isEmpty()) {
                files.empty(file.id());
                return;
            }
            FileBlocks.Layout layout = FileBlocks.of(LocalDate.ofInstant(file.createdAt(), ZoneOffset.UTC), entries);
            byte[] content = new Pain001Writer(company.debtor()).write(file.messageId(), file.createdAt(),
                    layout.blocks());
            files.written(file.id(), content, entries.size(), now);
            outbox.written(layout.blockOf(), now);
        });
    }

    /** The drivers' accounts as one preparation read them: each once, however many of a driver's payouts it holds. */
    private final class Accounts {

        private final Map<DriverId, Optional<PayeeAccount>> read = new HashMap<>();

        void readAll(List<OutboxPayment> payments) {
            Set<DriverId> drivers = new LinkedHashSet<>();
            payments.forEach(payment -> drivers.add(payment.driverId()));
            drivers.removeAll(read.keySet());
            read.putAll(payees.findAll(drivers, Mode.PRODUCTION));
        }

        PaymentInstructions.Instruction instructionOf(OutboxPayment payment) {
            Optional<PayeeAccount> account = read.computeIfAbsent(payment.driverId(),
                    driver -> payees.find(driver, Mode.PRODUCTION));
            return PaymentInstructions.of(payment, account, company.currency());
        }
    }

    private record Withdrawn(String endToEndId, String reason) {
    }
}
