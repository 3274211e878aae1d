package io.payouts.query.wallet;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.MetaData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The balance as of an instant from the wallet projection's movements and their sums per hour and minute: equal, at
 * every instant, to folding the events dated up to it; a redelivered event moves nothing twice; the migrations'
 * backfills of stored events make the rows the projection makes.
 */
@DatabaseTest
class WalletMovementsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final WalletId PRODUCTION = WalletId.of(Mode.PRODUCTION);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant START = Instant.parse("2025-03-02T22:40:00Z");

    private final WalletMovements movements = new WalletMovements(DATABASE.jdbc());
    private final WalletProjection projection = new WalletProjection(new WalletRows(DATABASE.jdbc()),
            new TopUpRows(DATABASE.jdbc()), new FundingTransactionRows(DATABASE.jdbc()), movements,
            ConsistencyFixtures.eventStreamPositions(DATABASE.jdbc()));
    /** Each stored event with the figures it moves, for the fold the sums must equal. */
    private final List<Dated> history = new ArrayList<>();
    private final Map<WalletId, long[]> sequences = Map.of(SANDBOX, new long[]{0}, PRODUCTION, new long[]{0});

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void theBalanceAtEveryInstantIsTheSumOfWhatTheEventsDatedUpToItMoved() {
        List<Collected> events = aDayAndAHalfOfBothModes();
        projection.apply(events.subList(0, 7));
        projection.apply(events.subList(7, events.size()));

        for (Instant at = START.minusSeconds(60); at.isBefore(START.plus(Duration.ofHours(40)));
             at = at.plus(Duration.ofMinutes(7))) {
            for (Mode mode : Mode.values()) {
                assertThat(movements.balanceAsOf(mode, at)).as("%s as of %s", mode, at).isEqualTo(folded(mode, at));
            }
        }
        for (Dated dated : history) {
            assertThat(movements.balanceAsOf(dated.mode, dated.at)).as("as of the instant of an event, it included")
                    .isEqualTo(folded(dated.mode, dated.at));
            assertThat(movements.balanceAsOf(dated.mode, dated.at.minusNanos(1000)))
                    .isEqualTo(folded(dated.mode, dated.at.minusNanos(1000)));
        }
        assertThat(DATABASE.jdbc().queryForObject("select count(*) from wallet_movement_hour", Long.class))
                .as("one sum per mode and hour that had movements").isLessThan(history.size());
        assertThat(DATABASE.jdbc().queryForObject("select count(*) from wallet_movement_minute", Long.class))
                .as("one sum per mode and minute that had movements").isLessThan(history.size());
    }

    @Test
    void anEventStoredLateWithAnEarlierTimeCountsAtItsTime() {
        List<Collected> events = aDayAndAHalfOfBothModes();
        projection.apply(events);
        Instant earlier = START.plus(Duration.ofHours(1));
        Collected late = walletEvent(SANDBOX, earlier, new TopUpRequestedEvent(SANDBOX, Mode.SANDBOX,
                txn("late"), 7_000, "late", "bank_transfer", earlier));

        projection.apply(List.of(late));

        assertThat(movements.balanceAsOf(Mode.SANDBOX, earlier.plusSeconds(1))).isEqualTo(
                folded(Mode.SANDBOX, earlier.plusSeconds(1)));
        assertThat(movements.balanceAsOf(Mode.SANDBOX, earlier.plusSeconds(1)).pending())
                .isEqualTo(folded(Mode.SANDBOX, earlier.minusSeconds(1)).pending() + 7_000);
    }

    @Test
    void aRedeliveredBatchMovesNothingTwice() {
        List<Collected> events = aDayAndAHalfOfBothModes();
        projection.apply(events);
        Instant end = START.plus(Duration.ofDays(2));
        WalletBalance once = movements.balanceAsOf(Mode.SANDBOX, end);

        projection.apply(events);

        assertThat(movements.balanceAsOf(Mode.SANDBOX, end)).isEqualTo(once).isEqualTo(folded(Mode.SANDBOX, end));
    }

    @Test
    void forgettingTheSandboxLeavesProductionsMovements() {
        projection.apply(aDayAndAHalfOfBothModes());
        Instant end = START.plus(Duration.ofDays(2));

        projection.forgetSandbox();

        assertThat(movements.balanceAsOf(Mode.SANDBOX, end)).isEqualTo(WalletBalance.EMPTY);
        assertThat(movements.balanceAsOf(Mode.PRODUCTION, end)).isEqualTo(folded(Mode.PRODUCTION, end))
                .isNotEqualTo(WalletBalance.EMPTY);
    }

    @Test
    void theMigrationsBackfillOfStoredEventsMakesTheRowsTheProjectionMakes() throws IOException {
        projection.apply(aDayAndAHalfOfBothModes());
        List<Map<String, Object>> movementsMade = rows("select * from wallet_movement order by global_position");
        List<Map<String, Object>> hoursMade = rows("select * from wallet_movement_hour order by mode, hour");
        List<Map<String, Object>> minutesMade = rows("select * from wallet_movement_minute order by mode, minute");
        DATABASE.jdbc().update("delete from wallet_movement");
        DATABASE.jdbc().update("delete from wallet_movement_hour");
        DATABASE.jdbc().update("delete from wallet_movement_minute");

        DATABASE.jdbc().execute(backfillOfTheMigration());
        DATABASE.jdbc().execute(minutesOfTheMigration());

        assertThat(rows("select * from wallet_movement order by global_position")).isEqualTo(movementsMade)
                .hasSize(history.size());
        assertThat(rows("select * from wallet_movement_hour order by mode, hour")).isEqualTo(hoursMade);
        assertThat(rows("select * from wallet_movement_minute order by mode, minute")).isEqualTo(minutesMade);
    }

    @Test
    void eventsTheMigrationStoredBeforeTheProjectionMetThemAreNotCountedTwice() throws IOException {
        List<Collected> events = aDayAndAHalfOfBothModes();
        DATABASE.jdbc().execute(backfillOfTheMigration());
        DATABASE.jdbc().execute(minutesOfTheMigration());

        projection.apply(events);

        Instant end = START.plus(Duration.ofDays(2));
        for (Mode mode : Mode.values()) {
            assertThat(movements.balanceAsOf(mode, end)).isEqualTo(folded(mode, end));
            assertThat(movements.balanceAsOf(mode, START.plus(Duration.ofHours(5))))
                    .isEqualTo(folded(mode, START.plus(Duration.ofHours(5))));
        }
    }

    /**
     * Top-ups, reservations, a release, completions, a return, in both modes, dated across midnight and a dozen
     * hours; the production wallet's events interleave with the sandbox's.
     */
    private List<Collected> aDayAndAHalfOfBothModes() {
        List<Collected> events = new ArrayList<>();
        for (WalletId wallet : List.of(SANDBOX, PRODUCTION)) {
            events.add(walletEvent(wallet, START, new WalletOpenedEvent(wallet, wallet.mode(), START)));
        }
        Instant at = START;
        for (int round = 0; round < 6; round++) {
            for (WalletId wallet : List.of(SANDBOX, PRODUCTION)) {
                Mode mode = wallet.mode();
                long amount = 10_000L * (round + 1) + (mode == Mode.PRODUCTION ? 7 : 0);
                TransactionId topUp = txn(mode + "-" + round);
                PayoutId first = payout(mode, round, 1);
                PayoutId second = payout(mode, round, 2);
                at = at.plus(Duration.ofMinutes(83));
                events.add(walletEvent(wallet, at, new TopUpRequestedEvent(wallet, mode, topUp, amount, "float",
                        "bank_transfer", at)));
                events.add(walletEvent(wallet, at.plusSeconds(5), new TopUpSettledEvent(wallet, mode, topUp, amount,
                        "float", "automatic", at)));
                events.add(walletEvent(wallet, at.plusSeconds(30), new FundsReservedEvent(wallet, mode,
                        List.of(new Reservation(first, 3_000), new Reservation(second, 1_500)), at)));
                events.add(walletEvent(wallet, at.plusSeconds(60), new FundsReleasedEvent(wallet, mode, second,
                        1_500, at)));
                events.add(payoutEvent(first, at.plus(Duration.ofMinutes(50)),
                        new PayoutCompletedEvent(first, mode, DRIVER, 3_000, 2_900, at)));
                if (round % 3 == 2) {
                    events.add(walletEvent(wallet, at.plus(Duration.ofMinutes(55)), new ReturnedFundsCreditedEvent(
                            wallet, mode, txn("ret-" + mode + round), first, 3_000, "account closed", at)));
                }
            }
        }
        return events;
    }

    private Collected walletEvent(WalletId wallet, Instant at, Object event) {
        long sequence = sequences.get(wallet)[0]++;
        return stored("Wallet", wallet.value(), sequence, at, event, wallet.mode());
    }

    private Collected payoutEvent(PayoutId payout, Instant at, PayoutCompletedEvent event) {
        return stored("Payout", payout.value(), 3, at, event, event.mode());
    }

    private Collected stored(String type, String aggregateId, long sequence, Instant at, Object event, Mode mode) {
        GenericDomainEventMessage<?> message = new GenericDomainEventMessage<>(type, aggregateId, sequence, event,
                MetaData.emptyInstance(), UUID.randomUUID().toString(), at);
        DATABASE.eventStore().publish(message);
        if (!(event instanceof WalletOpenedEvent)) {
            history.add(new Dated(mode, at, moved(event)));
        }
        return new Collected(aggregateId, message, sequence);
    }

    /** available, pending, in transit: what each kind of event moves, written out apart from the projection's rules. */
    private static long[] moved(Object event) {
        if (event instanceof TopUpRequestedEvent requested) {
            return new long[]{0, requested.amount(), 0};
        }
        if (event instanceof TopUpSettledEvent settled) {
            return new long[]{settled.amount(), -settled.amount(), 0};
        }
        if (event instanceof FundsReservedEvent reserved) {
            long total = reserved.reservations().stream().mapToLong(Reservation::amount).sum();
            return new long[]{-total, 0, total};
        }
        if (event instanceof FundsReleasedEvent released) {
            return new long[]{released.amount(), 0, -released.amount()};
        }
        if (event instanceof ReturnedFundsCreditedEvent returned) {
            return new long[]{returned.amount(), 0, 0};
        }
        PayoutCompletedEvent completed = (PayoutCompletedEvent) event;
        return new long[]{0, 0, -completed.amount()};
    }

    private WalletBalance folded(Mode mode, Instant asOf) {
        long[] sum = new long[3];
        history.stream().filter(dated -> dated.mode == mode && !dated.at.isAfter(asOf)).forEach(dated -> {
            for (int i = 0; i < 3; i++) {
                sum[i] += dated.moved[i];
            }
        });
        return new WalletBalance(sum[0], sum[1], sum[2]);
    }

    private static List<Map<String, Object>> rows(String sql) {
        return DATABASE.jdbc().queryForList(sql);
    }

    private static String backfillOfTheMigration() throws IOException {
        try (InputStream in = WalletMovementsTest.class.getResourceAsStream(
                "/db/migration/query-side/V39__wallet_movements.sql")) {
            String migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return migration.substring(migration.indexOf("-- backfill"));
        }
    }

    private static String minutesOfTheMigration() throws IOException {
        try (InputStream in = WalletMovementsTest.class.getResourceAsStream(
                "/db/migration/query-side/V48__wallet_movement_minutes.sql")) {
            String migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return migration.substring(migration.indexOf("insert into wallet_movement_minute"));
        }
    }

    private static TransactionId txn(String name) {
        return new TransactionId("txn_" + UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8))
                .toString().replace("-", ""));
    }

    private static PayoutId payout(Mode mode, int round, int n) {
        return new PayoutId(String.format("pay_%032x", (mode.ordinal() + 1) * 1000 + round * 10 + n));
    }

    private record Dated(Mode mode, Instant at, long[] moved) {
    }
}
