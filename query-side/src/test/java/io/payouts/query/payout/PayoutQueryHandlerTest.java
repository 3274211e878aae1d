package io.payouts.query.payout;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.driver.DriverFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.payouts.query.payout.PayoutFixtures.stored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One payout, as of its newest stored event (ADR-0018): from its row when the row has applied that event, otherwise
 * folded from the stored stream; with its driver's current name.
 */
@DatabaseTest
class PayoutQueryHandlerTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant QUEUED_AT = Instant.parse("2025-01-15T09:00:05Z");
    private static final Instant CANCELED_AT = Instant.parse("2025-01-15T09:10:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());
    private final PayoutProjection projection = new PayoutProjection(rows, new DriverTotals(DATABASE.jdbc()),
            PayoutFixtures.indexes(DATABASE.jdbc()));
    private final PayoutQueryHandler handler = new PayoutQueryHandler(rows, new PayoutHistory(DATABASE.eventStore(), DiscardedStreams.NONE),
            DriverFixtures.directory(DATABASE.jdbc(), DATABASE.eventStore()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()),
            ConsistencyFixtures.streamHeads(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void findsAPayoutWhoseRowIsCurrentWithItsDriversName() {
        registered(ANA, "Ana Silva");
        storedAndProjected(0, requested(Mode.SANDBOX));
        storedAndProjected(1, new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT));

        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT))).isEqualTo(new PayoutSummary(PAYOUT,
                "load-77", ANA, "Ana Silva", 2_500, 0, 2_500, PayoutStatus.QUEUED, Rail.STANDARD, "week 3", null, null,
                REQUESTED_AT, QUEUED_AT, null, null, null, null, null, null));
    }

    @Test
    void aCurrentRowIsAnsweredWithoutFoldingTheStream() {
        DATABASE.store(PAYOUT.value(), 0, requested(Mode.SANDBOX));
        PayoutRow projected = PayoutRow.started(requested(Mode.SANDBOX), 0).orElseThrow();
        stored(rows, List.of(new PayoutRow(projected.id(), projected.mode(), projected.driverId(), projected.amount(),
                projected.fee(), projected.netAmount(), projected.status(), projected.rail(), "as the row has it",
                projected.loadId(), null, null, projected.requestedAt(), null, null, null, null, null, null, null,
                0)));

        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT)).description())
                .isEqualTo("as the row has it");
    }

    @Test
    void theDriversNameIsLookedUpWhenThePayoutIsRead() {
        storedAndProjected(0, requested(Mode.SANDBOX));
        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT)).driverName())
                .as("a driver the driver projection has not written has no name").isNull();
        registered(ANA, "Ana Silva");
        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT)).driverName()).isEqualTo("Ana Silva");

        DriverFixtures.projected(DATABASE.jdbc(), ANA.value(), 1, new DriverProfileUpdatedEvent(ANA, Mode.SANDBOX,
                "Ana Costa", "ana@example.com", "+14155550123", CANCELED_AT));

        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT)).driverName()).isEqualTo("Ana Costa");
    }

    @Test
    void answersFromTheStoredEventsWhenTheRowIsBehindThePayoutsNewestEvent() {
        registered(ANA, "Ana Silva");
        storedAndProjected(0, requested(Mode.SANDBOX));
        storedAndProjected(1, new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT));
        DATABASE.store(PAYOUT.value(), 2, new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, ANA, 2_500, CANCELED_AT));

        PayoutSummary found = handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT));

        assertThat(found.status()).isEqualTo(PayoutStatus.CANCELED);
        assertThat(found.canceledAt()).isEqualTo(CANCELED_AT);
        assertThat(found.queuedAt()).isEqualTo(QUEUED_AT);
        assertThat(found.driverName()).isEqualTo("Ana Silva");
    }

    @Test
    void answersFromTheStoredEventsWhenTheReadModelHasNoRowForThePayout() {
        DATABASE.store(PAYOUT.value(), 0, requested(Mode.SANDBOX));

        PayoutSummary found = handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT));

        assertThat(found.id()).isEqualTo(PAYOUT);
        assertThat(found.status()).isEqualTo(PayoutStatus.VALIDATED);
    }

    @Test
    void doesNotFindAPayoutOfAnotherMode() {
        storedAndProjected(0, requested(Mode.SANDBOX));

        assertThatThrownBy(() -> handler.handle(new FindPayoutQuery(Mode.PRODUCTION, PAYOUT)))
                .isInstanceOf(PayoutNotFoundException.class)
                .hasMessageContaining(PAYOUT.value());
    }

    @Test
    void doesNotFindAnotherModesPayoutFromItsStoredEventsEither() {
        DATABASE.store(PAYOUT.value(), 0, requested(Mode.PRODUCTION));

        assertThatThrownBy(() -> handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT)))
                .isInstanceOf(PayoutNotFoundException.class);
    }

    @Test
    void doesNotFindAPayoutNeitherTheReadModelNorTheEventStoreHas() {
        assertThatThrownBy(() -> handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT)))
                .isInstanceOf(PayoutNotFoundException.class)
                .hasMessageContaining(PAYOUT.value());
    }

    private void storedAndProjected(long sequence, Object event) {
        DATABASE.store(PAYOUT.value(), sequence, event);
        projection.on((PayoutEvent) event, sequence);
    }

    private static void registered(DriverId driver, String name) {
        DriverFixtures.projected(DATABASE.jdbc(), new DriverRegisteredEvent(driver, Mode.SANDBOX, "fleet-42", name,
                "ana@example.com", "+14155550123", REQUESTED_AT));
    }

    private static PayoutRequestedEvent requested(Mode mode) {
        return new PayoutRequestedEvent(PAYOUT, mode, WalletId.of(mode), ANA, 2_500, 0, 2_500, Rail.STANDARD,
                "week 3", "load-77", REQUESTED_AT);
    }
}
