package io.payouts.query.wallet;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingStatement;
import io.payouts.shared.wallet.FundingStatementLine;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Funding statements (ADR-0042) against a month of generated activity fed through the wallet projection: top-ups,
 * payouts completing with fees, failing before completion, and returned after it, over every day of March, with
 * activity before and after the month and top-ups the bank dated before events stored ahead of them. Each line must
 * equal, to the cent, a fold of the stored events written here from their own fields.
 */
@DatabaseTest
class FundingStatementTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final WalletId PRODUCTION = WalletId.of(Mode.PRODUCTION);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final LocalDate FROM = LocalDate.parse("2025-03-01");
    private static final LocalDate TO = LocalDate.parse("2025-03-31");

    private final FundingTransactionRows transactions = new FundingTransactionRows(DATABASE.jdbc());
    private final WalletProjection projection = new WalletProjection(new WalletRows(DATABASE.jdbc()),
            new TopUpRows(DATABASE.jdbc()), transactions, new WalletMovements(DATABASE.jdbc()),
            ConsistencyFixtures.eventStreamPositions(DATABASE.jdbc()));
    private final FundingStatements statements = new FundingStatements(new FundingStatementRows(DATABASE.jdbc()));
    private final List<EventMessage<?>> unstored = new ArrayList<>();
    private final Random random = new Random(20250301);
    private long walletSequence;
    private int ids;

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void everyDayOfAGeneratedMonthEqualsAFoldOfTheStoredEvents() {
        generate(LocalDate.parse("2025-02-26"), LocalDate.parse("2025-04-03"));

        FundingStatement statement = statements.of(Mode.SANDBOX, FROM, TO);

        TreeMap<LocalDate, Day> folded = foldStoredEvents(Mode.SANDBOX);
        long opening = folded.headMap(FROM).values().stream().mapToLong(Day::net).sum();
        assertThat(statement.openingBalance()).as("the opening balance").isEqualTo(opening);
        assertThat(statement.lines()).hasSize(31);
        long balance = opening;
        for (FundingStatementLine line : statement.lines()) {
            Day day = folded.getOrDefault(line.date(), new Day());
            assertThat(line).as("%s", line.date()).usingRecursiveComparison().isEqualTo(new FundingStatementLine(
                    line.date(), balance, day.topUps, day.topUpCount, day.payoutsPaid, day.payoutCount, day.fees,
                    day.returned, day.returnedCount, balance + day.net(), day.count(), day.first, day.last));
            balance += day.net();
        }
        assertThat(statement.closingBalance()).isEqualTo(balance);
        assertThat(statement.topUps()).isEqualTo(statement.lines().stream()
                .mapToLong(FundingStatementLine::topUps).sum());
        assertThat(DATABASE.jdbc().queryForObject("""
                select count(*) from funding_transaction_view later join funding_transaction_view earlier
                on later.global_position > earlier.global_position
                and (later.created_at at time zone 'UTC')::date < (earlier.created_at at time zone 'UTC')::date""",
                Long.class)).as("transactions dated a day before others stored ahead of them").isPositive();
        assertThat(folded.subMap(FROM, TO.plusDays(1)).values()).as("the month has every kind of activity")
                .anySatisfy(day -> assertThat(day.returnedCount).isPositive())
                .anySatisfy(day -> assertThat(day.fees).isPositive());
    }

    @Test
    void aDaysTransactionsListedByDateAreThoseItsLineCounts() {
        generate(LocalDate.parse("2025-02-27"), LocalDate.parse("2025-03-05"));
        LocalDate day = LocalDate.parse("2025-03-03");

        FundingStatementLine line = statements.of(Mode.SANDBOX, day, day).lines().get(0);
        List<FundingTransaction> listed = transactions.page(Mode.SANDBOX, null, day, new PageRequest(1, 100)).items();

        assertThat(listed).hasSize((int) line.transactionCount());
        assertThat(listed.get(0).id()).as("newest first").isEqualTo(line.lastTransactionId());
        assertThat(listed.get(listed.size() - 1).id()).isEqualTo(line.firstTransactionId());
        assertThat(listed.stream().mapToLong(transaction -> switch (transaction.type()) {
            case CREDIT -> transaction.amount();
            case DEBIT -> -transaction.amount();
        }).sum()).isEqualTo(line.closingBalance() - line.openingBalance());
    }

    @Test
    void aModeWithoutTransactionsHasALineOfZerosForEveryDay() {
        generate(LocalDate.parse("2025-03-01"), LocalDate.parse("2025-03-03"));

        FundingStatement statement = statements.of(Mode.PRODUCTION, FROM, LocalDate.parse("2025-03-02"));

        assertThat(statement.lines()).extracting(FundingStatementLine::date)
                .containsExactly(FROM, LocalDate.parse("2025-03-02"));
        assertThat(statement.lines()).allSatisfy(line -> {
            assertThat(line.closingBalance()).isZero();
            assertThat(line.transactionCount()).isZero();
            assertThat(line.firstTransactionId()).isNull();
        });
    }

    // ---- the generated activity ---------------------------------------------------------------------------------

    /**
     * Each day: one to three top-ups, settled within the day or, now and then, dated by the bank at the previous
     * day's end though stored after this day's payouts; payouts reserved, then most completed with a fee, some failed
     * and released, and some completed ones returned the next day.
     */
    private void generate(LocalDate first, LocalDate last) {
        apply(on(SANDBOX, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, at(first, 0))));
        apply(on(PRODUCTION, new WalletOpenedEvent(PRODUCTION, Mode.PRODUCTION, at(first, 0))));
        List<PayoutCompletedEvent> toReturn = new ArrayList<>();
        for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
            List<Collected> batch = new ArrayList<>();
            for (PayoutCompletedEvent completed : toReturn) {
                batch.add(on(SANDBOX, new ReturnedFundsCreditedEvent(SANDBOX, Mode.SANDBOX, transactionId(),
                        completed.payoutId(), completed.amount(), "account closed", at(day, 60))));
            }
            toReturn.clear();
            TopUpSettledEvent bankDated = null;
            for (int topUp = 0, topUps = 1 + random.nextInt(3); topUp < topUps; topUp++) {
                TransactionId id = transactionId();
                long amount = 100_000 + random.nextInt(500_000);
                Instant requested = at(day, 120 + topUp);
                batch.add(on(SANDBOX, new TopUpRequestedEvent(SANDBOX, Mode.SANDBOX, id, amount, "float",
                        "bank_transfer", requested)));
                if (topUp == 0 && random.nextInt(3) == 0) {
                    bankDated = new TopUpSettledEvent(SANDBOX, Mode.SANDBOX, id, amount, "float", "bank",
                            day.atStartOfDay(ZoneOffset.UTC).toInstant().minusMillis(1));
                } else {
                    batch.add(on(SANDBOX, new TopUpSettledEvent(SANDBOX, Mode.SANDBOX, id, amount, "float", "bank",
                            requested.plusSeconds(30))));
                }
            }
            List<Reservation> reservations = new ArrayList<>();
            for (int payout = 0, payouts = 2 + random.nextInt(5); payout < payouts; payout++) {
                reservations.add(new Reservation(payoutId(), 1_000 + random.nextInt(20_000)));
            }
            batch.add(on(SANDBOX, new FundsReservedEvent(SANDBOX, Mode.SANDBOX, reservations, at(day, 300))));
            int minute = 400;
            for (Reservation reservation : reservations) {
                minute += 1 + random.nextInt(60);
                if (random.nextInt(5) == 0) {
                    batch.add(on(SANDBOX, new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, reservation.payoutId(),
                            reservation.amount(), at(day, minute))));
                    continue;
                }
                long fee = random.nextInt(3) == 0 ? 0 : 50 + random.nextInt(200);
                PayoutCompletedEvent completed = new PayoutCompletedEvent(reservation.payoutId(), Mode.SANDBOX,
                        DRIVER, reservation.amount(), reservation.amount() - fee, at(day, minute));
                batch.add(on("Payout", reservation.payoutId().value(), 3, completed));
                if (random.nextInt(6) == 0) {
                    toReturn.add(completed);
                }
            }
            if (bankDated != null) {
                batch.add(on(SANDBOX, bankDated));
            }
            apply(batch);
        }
    }

    private void apply(Collected event) {
        apply(List.of(event));
    }

    /** Stores the batch's events in one append, as the command side's unit of work does, then projects them. */
    private void apply(List<Collected> batch) {
        DATABASE.eventStore().publish(unstored);
        unstored.clear();
        projection.apply(batch);
    }

    private Collected on(WalletId wallet, Object event) {
        long sequence = wallet.equals(SANDBOX) ? walletSequence++ : 0;
        return on("Wallet", wallet.value(), sequence, event);
    }

    private Collected on(String aggregateType, String aggregateId, long sequence, Object event) {
        EventMessage<?> message = new GenericDomainEventMessage<>(aggregateType, aggregateId, sequence, event);
        unstored.add(message);
        return new Collected(aggregateId, message, sequence);
    }

    private TransactionId transactionId() {
        return new TransactionId(String.format("txn_%032x", ++ids));
    }

    private PayoutId payoutId() {
        return new PayoutId(String.format("pay_%032x", ++ids));
    }

    private static Instant at(LocalDate day, int minute) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant().plus(Duration.ofMinutes(minute));
    }

    // ---- the independent fold -----------------------------------------------------------------------------------

    /** A day's money as the events tell it, by the UTC date each event carries; first and last in stored order. */
    private static final class Day {
        long topUps;
        long topUpCount;
        long payoutsPaid;
        long payoutCount;
        long fees;
        long returned;
        long returnedCount;
        TransactionId first;
        TransactionId last;

        long net() {
            return topUps - payoutsPaid + returned;
        }

        long count() {
            return topUpCount + payoutCount + returnedCount;
        }

        void saw(TransactionId transaction) {
            if (first == null) {
                first = transaction;
            }
            last = transaction;
        }
    }

    /**
     * Reads every stored event back in the event table's global order (as many as the table holds: the stream itself
     * cannot tell its end from a pause) and sums each mode's money movements per UTC day. */
    private static TreeMap<LocalDate, Day> foldStoredEvents(Mode mode) {
        TreeMap<LocalDate, Day> days = new TreeMap<>();
        Long stored = DATABASE.jdbc().queryForObject("select count(*) from domain_event_entry", Long.class);
        try (BlockingStream<TrackedEventMessage<?>> stream = DATABASE.eventStore().openStream(null)) {
            for (long read = 0; read < stored; read++) {
                Object event = stream.nextAvailable().getPayload();
                if (event instanceof TopUpSettledEvent settled && settled.mode() == mode) {
                    Day day = day(days, settled.settledAt());
                    day.topUps += settled.amount();
                    day.topUpCount++;
                    day.saw(settled.transactionId());
                } else if (event instanceof PayoutCompletedEvent completed && completed.mode() == mode) {
                    Day day = day(days, completed.completedAt());
                    day.payoutsPaid += completed.amount();
                    day.fees += completed.amount() - completed.netAmount();
                    day.payoutCount++;
                    day.saw(new TransactionId("txn_" + completed.payoutId().value().substring("pay_".length())));
                } else if (event instanceof ReturnedFundsCreditedEvent credited && credited.mode() == mode) {
                    Day day = day(days, credited.creditedAt());
                    day.returned += credited.amount();
                    day.returnedCount++;
                    day.saw(credited.transactionId());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return days;
    }

    private static Day day(Map<LocalDate, Day> days, Instant at) {
        return days.computeIfAbsent(at.atZone(ZoneOffset.UTC).toLocalDate(), date -> new Day());
    }
}
