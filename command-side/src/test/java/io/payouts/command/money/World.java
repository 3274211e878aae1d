package io.payouts.command.money;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.testsupport.money.MoneyModel.Verdict;
import io.payouts.testsupport.money.MoneyModel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.axonframework.eventhandling.TrackingToken;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The command side and the model side by side, with what each has been told and has stored. */
final class World {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("command-side");
    private static final Instant START = Instant.parse("2025-03-03T08:00:00Z");

    final CommandSide service;
    final MoneyModel model = new MoneyModel();
    final List<TrackingToken> serviceMarks = new ArrayList<>();
    final List<Integer> modelMarks = new ArrayList<>();
    final Map<Mode, List<String>> drivers = Map.of(Mode.SANDBOX, new ArrayList<>(), Mode.PRODUCTION,
            new ArrayList<>());
    long clock;
    int ids;

    World() {
        DATABASE.jdbc().update("delete from batch_membership");
        service = new CommandSide(DATABASE.jdbc());
        for (Mode mode : Mode.values()) {
            for (int n = 0; n < 3; n++) {
                String driverId = id("drv_");
                drivers.get(mode).add(driverId);
                assertThat(service.<DriverId>send(new RegisterDriverCommand(new DriverId(driverId), mode,
                        "ext-" + driverId, new DriverProfile("Driver " + n, new EmailAddress("d@example.com"),
                        new PhoneNumber("+14155550123")), START)).refusal()).isNull();
                model.registerDriver(driverId, mode);
                if (n < 2) {
                    verdict("verify", model.verifyKyc(driverId, mode), service.send(
                            new RecordKycOutcomeCommand(new DriverId(driverId), mode, KycOutcome.VERIFIED, null,
                                    START)).refusal());
                }
            }
        }
        mark();
    }

    String id(String prefix) {
        return prefix + String.format("%032x", ++ids);
    }

    Instant tick() {
        clock++;
        return at();
    }

    Instant at() {
        return START.plusSeconds(clock);
    }

    /** The batch outcomes processor may later catch up to here. */
    void mark() {
        serviceMarks.add(service.head());
        modelMarks.add(model.outcomeMark());
    }

    /** Mostly payouts still moving (or failed, to retry), some ended, now and then one that does not exist. */
    Arbitrary<String> payoutIds() {
        String unknown = "pay_" + "f".repeat(32);
        List<String> all = model.payouts().stream().map(payout -> payout.id).toList();
        List<String> live = model.payouts().stream().filter(payout -> payout.status() != PayoutStatus.COMPLETED
                && payout.status() != PayoutStatus.CANCELED).map(payout -> payout.id).toList();
        if (all.isEmpty()) {
            return Arbitraries.just(unknown);
        }
        return Arbitraries.frequencyOf(
                Tuple.of(live.isEmpty() ? 0 : 12, live.isEmpty() ? Arbitraries.just(unknown) : Arbitraries.of(live)),
                Tuple.of(4, Arbitraries.of(all)),
                Tuple.of(1, Arbitraries.just(unknown)));
    }

    /** Mostly payouts a rail could move or return (on their way, or completed); some others; now and then none. */
    Arbitrary<String> railPayoutIds() {
        List<String> movable = model.payouts().stream().filter(payout -> StoredMoney.inTransit(payout.status())
                || payout.status() == PayoutStatus.COMPLETED).map(payout -> payout.id).toList();
        return movable.isEmpty() ? payoutIds() : Arbitraries.frequencyOf(Tuple.of(10, Arbitraries.of(movable)),
                Tuple.of(3, payoutIds()));
    }

    /** Mostly the mode's payable drivers; now and then one who is not, or one of the other mode. */
    Arbitrary<String> driversFor(Mode mode) {
        List<String> own = drivers.get(mode);
        String otherMode = drivers.get(mode == Mode.SANDBOX ? Mode.PRODUCTION : Mode.SANDBOX).get(0);
        return Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.of(own.get(0), own.get(1))),
                Tuple.of(2, Arbitraries.just(own.get(2))), Tuple.of(1, Arbitraries.just(otherMode)));
    }

    /** A batch's drivers: nearly always payable, since one who is not refuses the whole batch. */
    Arbitrary<String> batchDriversFor(Mode mode) {
        return Arbitraries.frequencyOf(Tuple.of(20, Arbitraries.of(drivers.get(mode).get(0),
                drivers.get(mode).get(1))), Tuple.of(1, driversFor(mode)));
    }

    static void verdict(String step, Verdict expected, ErrorCode refusal) {
        Statistics.label("answers").collect(step.replaceAll(" entry \\d+| \\d+$", ""), expected.toString());
        assertThat(refusal).as("%s: the service's answer (null: done) where the model says %s", step, expected)
                .isEqualTo(expected.refusal());
    }

    /** After every step: the service's state is the model's. */
    void agree(String step) {
        model.requireConserved();
        StoredMoney stored = service.stored();
        for (MoneyModel.Payout payout : model.payouts()) {
            StoredMoney.StoredPayout actual = stored.payouts.get(payout.id);
            assertThat(actual).as("after %s: payout %s exists", step, payout).isNotNull();
            assertThat(actual.status).as("after %s: status of %s", step, payout).isEqualTo(payout.status());
            assertThat(actual.version).as("after %s: version of %s", step, payout).isEqualTo(payout.version());
            long held = StoredMoney.inTransit(payout.status()) || payout.status() == PayoutStatus.COMPLETED
                    ? payout.amount : 0;
            assertThat(actual.held).as("after %s: what %s holds of the wallet (reserved - released - "
                    + "credited back)", step, payout).isEqualTo(held);
        }
        stored.payouts.forEach((id, actual) -> assertThat(actual.status == null || model.payout(id).isPresent())
                .as("after %s: the service made payout %s (%s), the model did not", step, id, actual.status)
                .isTrue());
        for (Mode mode : Mode.values()) {
            StoredMoney.StoredWallet wallet = stored.wallets.get(mode);
            assertThat(service.walletAvailable(mode)).as("after %s: %s wallet's available", step, mode)
                    .isEqualTo(model.available(mode));
            assertThat(wallet.available).as("after %s: %s available from the wallet's events", step, mode)
                    .isEqualTo(model.available(mode));
            assertThat(wallet.pendingTopUps.values().stream().mapToLong(Long::longValue).sum())
                    .as("after %s: %s pending", step, mode).isEqualTo(model.pending(mode));
            assertThat(stored.inTransit(mode)).as("after %s: %s in transit", step, mode)
                    .isEqualTo(model.inTransit(mode));
            assertThat(stored.paidOut(mode)).as("after %s: %s paid out", step, mode)
                    .isEqualTo(model.paidOut(mode));
            assertThat(stored.fees(mode)).as("after %s: %s fees", step, mode).isEqualTo(model.fees(mode));
            assertThat(wallet.funded).as("after %s: %s funded", step, mode).isEqualTo(model.funded(mode));
            assertThat(wallet.available + stored.inTransit(mode) + stored.paidOut(mode) + stored.fees(mode))
                    .as("after %s: %s funded = available + in transit + paid out + fees", step, mode)
                    .isEqualTo(wallet.funded);
        }
        for (MoneyModel.Batch batch : model.batches()) {
            assertThat(stored.batches.get(batch.id)).as("after %s: status of batch %s", step, batch.id)
                    .isEqualTo(batch.status());
        }
        mark();
    }
}
