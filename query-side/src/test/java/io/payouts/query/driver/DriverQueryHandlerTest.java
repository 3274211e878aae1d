package io.payouts.query.driver;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.KycStatus;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One driver, as of its newest stored event (ADR-0018): from its row when the row has applied that event, otherwise
 * folded from the stored stream; with its payout totals either way.
 */
@DatabaseTest
class DriverQueryHandlerTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant VERIFIED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant UPDATED_AT = Instant.parse("2025-01-15T11:00:00Z");

    private final DriverRows rows = new DriverRows(DATABASE.jdbc());
    private final DriverProjection projection = new DriverProjection(rows);
    private final DriverQueryHandler handler = new DriverQueryHandler(rows, new DriverHistory(DATABASE.eventStore(), DiscardedStreams.NONE), ConsistencyFixtures.noProcessors(DATABASE.jdbc()),
            ConsistencyFixtures.streamHeads(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void findsADriverWhoseRowIsCurrentWithItsPayoutTotals() {
        storedAndProjected(0, registered(Mode.SANDBOX));
        storedAndProjected(1, new DriverKycVerifiedEvent(ANA, Mode.SANDBOX, VERIFIED_AT));
        paid(1, 2_500);
        paid(2, 4_000);
        requested(3, 1_000);

        assertThat(handler.handle(new FindDriverQuery(Mode.SANDBOX, ANA))).isEqualTo(new DriverSummary(ANA,
                "fleet-42", "Ana Silva", "ana@example.com", "+14155550123", DriverStatus.ACTIVE, KycStatus.VERIFIED,
                6_500, 1, REGISTERED_AT, VERIFIED_AT));
    }

    @Test
    void aCurrentRowIsAnsweredWithoutFoldingTheStream() {
        DATABASE.store(ANA.value(), 0, registered(Mode.SANDBOX));
        DriverRow registered = DriverRow.registered(registered(Mode.SANDBOX), 0);
        rows.upsert(Map.of(), List.of(new DriverRow(registered.id(), registered.mode(), registered.svcDriverId(),
                "as the row has it", registered.email(), registered.phone(), registered.status(),
                registered.kycStatus(), registered.createdAt(), registered.updatedAt(), 0)));

        assertThat(handler.handle(new FindDriverQuery(Mode.SANDBOX, ANA)).name()).isEqualTo("as the row has it");
    }

    @Test
    void answersFromTheStoredEventsWithTheRowsTotalsWhenTheRowIsBehind() {
        storedAndProjected(0, registered(Mode.SANDBOX));
        paid(1, 2_500);
        DATABASE.store(ANA.value(), 1, new DriverProfileUpdatedEvent(ANA, Mode.SANDBOX, "Ana Costa",
                "ana.costa@example.com", "+14155550199", UPDATED_AT));

        DriverSummary found = handler.handle(new FindDriverQuery(Mode.SANDBOX, ANA));

        assertThat(found.name()).isEqualTo("Ana Costa");
        assertThat(found.updatedAt()).isEqualTo(UPDATED_AT);
        assertThat(found.totalPaid()).isEqualTo(2_500);
    }

    @Test
    void answersFromTheStoredEventsWithItsTotalsWhenTheReadModelHasNoRowForTheDriver() {
        DATABASE.store(ANA.value(), 0, registered(Mode.SANDBOX));
        requested(1, 1_000);

        DriverSummary found = handler.handle(new FindDriverQuery(Mode.SANDBOX, ANA));

        assertThat(found.name()).isEqualTo("Ana Silva");
        assertThat(found.status()).isEqualTo(DriverStatus.INVITED);
        assertThat(found.pendingPayouts()).isEqualTo(1);
    }

    @Test
    void doesNotFindADriverOfAnotherMode() {
        storedAndProjected(0, registered(Mode.SANDBOX));

        assertThatThrownBy(() -> handler.handle(new FindDriverQuery(Mode.PRODUCTION, ANA)))
                .isInstanceOf(DriverNotFoundException.class)
                .hasMessageContaining(ANA.value());
    }

    @Test
    void doesNotFindAnotherModesDriverFromItsStoredEventsEither() {
        DATABASE.store(ANA.value(), 0, registered(Mode.PRODUCTION));

        assertThatThrownBy(() -> handler.handle(new FindDriverQuery(Mode.SANDBOX, ANA)))
                .isInstanceOf(DriverNotFoundException.class);
    }

    @Test
    void doesNotFindADriverNeitherTheReadModelNorTheEventStoreHas() {
        assertThatThrownBy(() -> handler.handle(new FindDriverQuery(Mode.SANDBOX, ANA)))
                .isInstanceOf(DriverNotFoundException.class)
                .hasMessageContaining(ANA.value());
    }

    private void storedAndProjected(long sequence, Object event) {
        DATABASE.store(ANA.value(), sequence, event);
        projection.on((DriverEvent) event, sequence);
    }

    private static void requested(int payout, long amount) {
        PayoutId id = new PayoutId(String.format("pay_%032x", payout));
        PayoutFixtures.projected(DATABASE.jdbc(), id.value(), 0, new PayoutRequestedEvent(id, Mode.SANDBOX,
                WalletId.of(Mode.SANDBOX), ANA, amount, 0, amount, Rail.INSTANT, null, null, REGISTERED_AT));
    }

    private static void paid(int payout, long amount) {
        requested(payout, amount);
        PayoutId id = new PayoutId(String.format("pay_%032x", payout));
        PayoutFixtures.projected(DATABASE.jdbc(), id.value(), 1, new PayoutCompletedEvent(id, Mode.SANDBOX, ANA,
                amount, amount, REGISTERED_AT));
    }

    private static DriverRegisteredEvent registered(Mode mode) {
        return new DriverRegisteredEvent(ANA, mode, "fleet-42", "Ana Silva", "ana@example.com", "+14155550123",
                REGISTERED_AT);
    }
}
