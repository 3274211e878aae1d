package io.payouts.bank.simulator;

import io.payouts.bank.iso20022.BankAccount;
import io.payouts.bank.iso20022.CreditTransferInitiation;
import io.payouts.bank.iso20022.IsoReasonCodes;
import io.payouts.bank.iso20022.Pain001Reader;
import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.bank.iso20022.UnreadableBankFileException;
import io.payouts.bank.sftp.SftpChannel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The simulated bank's back office. Each round it answers the new files in {@code outbound}:
 *
 * <ol>
 * <li>a pain.002 per file: each payment ACSP or RJCT with the rule's reason; an unreadable file is rejected whole with
 * FF01, a MsgId seen before with DUPL;</li>
 * <li>a camt.054 booking each accepted payment's debit;</li>
 * <li>one round later, a camt.054 crediting back each payment its rules return, with the reason.</li>
 * </ol>
 *
 * <p>Answers appear whole in {@code inbound}, named to sort in the order written. A file is answered once, by name,
 * across restarts too; a return waiting for its round is held in memory only.
 */
public final class BankSimulator implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(BankSimulator.class.getName());
    private static final String MEMORY_FILE = ".bank-simulator/answered.tsv";

    private final Path outbound;
    private final InboundFolder inbound;
    private final SimulatedAccount account;
    private final Clock clock;
    private final SimulatorMemory memory;
    private final Pain001Reader reader = new Pain001Reader();
    private final List<ReceivedFile> received = new CopyOnWriteArrayList<>();
    private final List<DueReturn> returnsDue = new ArrayList<>();
    private volatile SimulatorRules rules;
    private volatile RuntimeException lastFailure;
    private ScheduledExecutorService rounds;

    public BankSimulator(BankSftpServer server, SimulatedAccount account, SimulatorRules rules, Clock clock) {
        this.outbound = server.outbound();
        this.inbound = new InboundFolder(server.inbound(), clock);
        this.account = Objects.requireNonNull(account, "account");
        this.rules = Objects.requireNonNull(rules, "rules");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.memory = new SimulatorMemory(server.root().resolve(MEMORY_FILE));
    }

    /** The rules for the payments of the files answered from now on. */
    public void rules(SimulatorRules rules) {
        this.rules = Objects.requireNonNull(rules, "rules");
    }

    /** Runs a round now and then every {@code pollInterval} on a thread of its own, until {@link #stop}. */
    public synchronized void start(Duration pollInterval) {
        if (rounds != null) {
            throw new IllegalStateException("the simulator is already running");
        }
        rounds = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "bank-simulator");
            thread.setDaemon(true);
            return thread;
        });
        rounds.scheduleWithFixedDelay(this::roundKeepingFailures, 0, pollInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops the rounds, letting the one under way finish. */
    public void stop() {
        ScheduledExecutorService running;
        synchronized (this) {
            running = rounds;
            rounds = null;
        }
        if (running == null) {
            return;
        }
        running.shutdown();
        try {
            if (!running.awaitTermination(10, TimeUnit.SECONDS)) {
                running.shutdownNow();
            }
        } catch (InterruptedException interrupted) {
            running.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** One round: the returns due from the last round, then every new file. Returns how many files it answered. */
    public synchronized int answerNewFiles() {
        writeReturnsDue();
        int answered = 0;
        for (String name : newFiles()) {
            answer(name);
            answered++;
        }
        return answered;
    }

    /**
     * Credits the company's account as a payer topping it up would, quoting {@code reference} as the structured
     * creditor reference. Returns the name of the notification in {@code inbound}.
     */
    public String creditTopUp(String reference, long amountCents) {
        if (reference == null || reference.isBlank() || reference.length() > 35) {
            throw new IllegalArgumentException("a creditor reference is 1 to 35 characters: " + reference);
        }
        return credit(amountCents, Optional.of(reference), Optional.empty(), reference);
    }

    /** Credits the company's account with money that names nothing, only {@code remittanceText}. */
    public String creditUnreferenced(long amountCents, String remittanceText) {
        if (remittanceText == null || remittanceText.isBlank() || remittanceText.length() > 140) {
            throw new IllegalArgumentException("remittance text is 1 to 140 characters");
        }
        return credit(amountCents, Optional.empty(), Optional.of(remittanceText), "unreferenced");
    }

    /** The files picked up so far, in the order they were answered. */
    public List<ReceivedFile> received() {
        return List.copyOf(received);
    }

    /** The last failure of a round run by {@link #start}; a round that fails is tried again the next time. */
    public Optional<RuntimeException> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }

    private void roundKeepingFailures() {
        try {
            answerNewFiles();
        } catch (RuntimeException failure) {
            lastFailure = failure;
            LOG.log(System.Logger.Level.WARNING, "bank simulator round failed", failure);
        }
    }

    private List<String> newFiles() {
        try (Stream<Path> files = Files.list(outbound)) {
            return files.filter(Files::isRegularFile)
                    .map(file -> file.getFileName().toString())
                    .filter(name -> !name.startsWith(".") && !name.endsWith(SftpChannel.PART_SUFFIX))
                    .filter(name -> !memory.answered(name))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + outbound, e);
        }
    }

    private void answer(String name) {
        byte[] content;
        try {
            content = Files.readAllBytes(outbound.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " in " + outbound, e);
        }
        CreditTransferInitiation file;
        try {
            file = reader.read(content);
        } catch (UnreadableBankFileException unreadable) {
            String originalId = fallbackMessageId(name);
            String id = inbound.nextId();
            inbound.write(id, "pain002", originalId, StatusReportFile.rejectingMessage(id, now(), originalId, "FF01",
                    unreadable.getMessage()));
            remember(new ReceivedFile(name, Optional.empty(), List.of(), ReceivedFile.Answer.UNREADABLE), "");
            return;
        }
        List<String> endToEndIds = file.instructions().stream().map(PaymentInstruction::endToEndId).toList();
        if (memory.answeredMessage(file.messageId())) {
            String id = inbound.nextId();
            inbound.write(id, "pain002", file.messageId(), StatusReportFile.rejectingMessage(id, now(),
                    file.messageId(), "DUPL", "message id " + file.messageId() + " was sent before"));
            remember(new ReceivedFile(name, Optional.of(file.messageId()), endToEndIds,
                    ReceivedFile.Answer.DUPLICATE), "");
            return;
        }
        settle(file);
        remember(new ReceivedFile(name, Optional.of(file.messageId()), endToEndIds, ReceivedFile.Answer.PROCESSED),
                file.messageId());
    }

    private void settle(CreditTransferInitiation file) {
        SimulatorRules applied = rules;
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        file.instructions().forEach(payment -> verdicts.put(payment.endToEndId(), applied.verdictFor(payment)));

        String statusId = inbound.nextId();
        inbound.write(statusId, "pain002", file.messageId(),
                StatusReportFile.forPayments(statusId, now(), file, verdicts));

        String currency = file.instructions().get(0).currency();
        String debitsId = inbound.nextId();
        NotificationFile debits = new NotificationFile(debitsId, now(), file.debtor().account(), currency);
        for (PaymentInstruction payment : file.instructions()) {
            Verdict verdict = verdicts.get(payment.endToEndId());
            if (verdict instanceof Verdict.Rejected) {
                continue;
            }
            debits.paid(payment);
            if (verdict instanceof Verdict.Returned returned) {
                returnsDue.add(new DueReturn(file.messageId(), file.debtor().account(), payment,
                        returned.reasonCode()));
            }
        }
        if (!debits.isEmpty()) {
            inbound.write(debitsId, "camt054", file.messageId(), debits.bytes());
        }
    }

    private void writeReturnsDue() {
        Map<String, List<DueReturn>> byMessage = new LinkedHashMap<>();
        returnsDue.forEach(due -> byMessage.computeIfAbsent(due.messageId(), id -> new ArrayList<>()).add(due));
        returnsDue.clear();
        byMessage.forEach((messageId, returns) -> {
            String id = inbound.nextId();
            DueReturn first = returns.get(0);
            NotificationFile notification = new NotificationFile(id, now(), first.account(),
                    first.payment().currency());
            returns.forEach(due -> notification.returned(due.payment(), due.reasonCode()));
            inbound.write(id, "camt054", messageId + "-returns", notification.bytes());
            LOG.log(System.Logger.Level.INFO, () -> "bank simulator returned " + returns.size() + " payment(s) of "
                    + messageId + ": " + IsoReasonCodes.describe(first.reasonCode()));
        });
    }

    private String credit(long amountCents, Optional<String> reference, Optional<String> text, String fileReference) {
        if (amountCents <= 0) {
            throw new IllegalArgumentException("a credit is at least one cent, not " + amountCents);
        }
        String id = inbound.nextId();
        NotificationFile notification = new NotificationFile(id, now(), account.account(), account.currency())
                .received(amountCents, account.currency(), reference, text);
        return inbound.write(id, "camt054", fileReference, notification.bytes());
    }

    private void remember(ReceivedFile file, String messageId) {
        memory.remember(file.name(), messageId);
        received.add(file);
        LOG.log(System.Logger.Level.INFO, () -> "bank simulator answered " + file.name() + ": " + file.answer());
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
    }

    /** A bank answering a file it cannot read names it by what it can: the file name, cut to a MsgId's 35. */
    private static String fallbackMessageId(String fileName) {
        String stem = fileName.replaceFirst("\\.xml$", "").replaceAll("[^A-Za-z0-9-]", "");
        if (stem.isEmpty()) {
            return "UNKNOWN";
        }
        return stem.length() <= 35 ? stem : stem.substring(0, 35);
    }

    private record DueReturn(String messageId, BankAccount account, PaymentInstruction payment, String reasonCode) {
    }
}
