package io.payouts.query.driver;

import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycStatus;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.payouts.testsupport.ProcessorBatches.inOneBatch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The driver projection on PostgreSQL: a batch at a time, and never moved back by a redelivered event. */
@DatabaseTest
class DriverProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final DriverRows rows = new DriverRows(DATABASE.jdbc());
    private final DriverProjection projection = new DriverProjection(rows);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void withoutAUnitOfWorkEachHandledEventIsWrittenAtOnce() {
        projection.on(registered(ANA), 0);
        assertThat(row(ANA).status()).isEqualTo(DriverStatus.INVITED);
        projection.on(new DriverKycRejectedEvent(ANA, Mode.SANDBOX, "unreadable", AT.plusSeconds(1)), 1);
        assertThat(row(ANA).kycStatus()).isEqualTo(KycStatus.REJECTED);
        projection.on(new DriverKycVerifiedEvent(ANA, Mode.SANDBOX, AT.plusSeconds(2)), 2);
        assertThat(row(ANA).status()).isEqualTo(DriverStatus.ACTIVE);
        projection.on(new DriverProfileUpdatedEvent(ANA, Mode.SANDBOX, "Ana Costa", "ana.costa@example.com",
                "+14155550199", AT.plusSeconds(3)), 3);
        assertThat(row(ANA).name()).isEqualTo("Ana Costa");

        projection.on(new DriverDeactivatedEvent(ANA, Mode.SANDBOX, AT.plusSeconds(4)), 4);

        assertThat(row(ANA)).isEqualTo(new DriverRow(ANA.value(), Mode.SANDBOX, "fleet-42", "Ana Costa",
                "ana.costa@example.com", "+14155550199", DriverStatus.INACTIVE, KycStatus.VERIFIED, AT,
                AT.plusSeconds(4), 4));
    }

    @Test
    void aBatchFoldsEachDriversEvents() {
        inOneBatch(projection::on, List.of(
                new Collected(ANA.value(), registered(ANA), 0),
                new Collected(BEN.value(), registered(BEN), 0),
                new Collected(ANA.value(), new DriverKycVerifiedEvent(ANA, Mode.SANDBOX, AT), 1),
                new Collected(BEN.value(), new DriverDeactivatedEvent(BEN, Mode.SANDBOX, AT), 1)));

        assertThat(row(ANA).status()).isEqualTo(DriverStatus.ACTIVE);
        assertThat(row(BEN).status()).isEqualTo(DriverStatus.INACTIVE);
    }

    @Test
    void aRedeliveredEventLeavesTheRowAsItIs() {
        inOneBatch(projection::on, List.of(new Collected(ANA.value(), registered(ANA), 0),
                new Collected(ANA.value(), new DriverKycVerifiedEvent(ANA, Mode.SANDBOX, AT), 1)));
        DriverRow before = row(ANA);

        projection.on(registered(ANA), 0);
        projection.on(new DriverDeactivatedEvent(ANA, Mode.SANDBOX, AT.plusSeconds(60)), 1);

        assertThat(row(ANA)).isEqualTo(before);
    }

    @Test
    void aDriverChangedBeforeItsRegistrationFailsTheBatchAndWritesNothing() {
        assertThatThrownBy(() -> inOneBatch(projection::on, List.of(new Collected(ANA.value(), registered(ANA), 0),
                new Collected(BEN.value(), new DriverKycVerifiedEvent(BEN, Mode.SANDBOX, AT), 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(BEN.value());

        assertThat(rows.byIds(List.of(ANA.value(), BEN.value()))).isEmpty();
    }

    @Test
    void aResetEmptiesTheDriversAndLeavesThePayoutProjectionsTotals() {
        projection.on(registered(ANA), 0);
        PayoutId payout = new PayoutId("pay_" + "0".repeat(31) + "1");
        PayoutFixtures.projected(DATABASE.jdbc(), payout.value(), 0, new PayoutRequestedEvent(payout, Mode.SANDBOX,
                WalletId.of(Mode.SANDBOX), ANA, 2_500, 0, 2_500, Rail.STANDARD, null, null, AT));

        projection.onReset();

        assertThat(rows.byIds(List.of(ANA.value()))).isEmpty();
        assertThat(rows.totalsOf(ANA.value())).isEqualTo(new DriverRow.Totals(0, 1));
    }

    private DriverRow row(DriverId driver) {
        Map<String, DriverRow> found = rows.byIds(List.of(driver.value()));
        assertThat(found).containsKey(driver.value());
        return found.get(driver.value());
    }

    private static DriverRegisteredEvent registered(DriverId driver) {
        return new DriverRegisteredEvent(driver, Mode.SANDBOX, "fleet-42", "Ana Silva", "ana@example.com",
                "+14155550123", AT);
    }
}
