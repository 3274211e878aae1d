package io.payouts.query.payout;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.payouts.query.payout.PayoutFixtures.stored;
import static io.payouts.query.payout.PayoutFixtures.payout;
import static org.assertj.core.api.Assertions.assertThat;

/** Money the mode's validated, queued and processing payouts will take out of the wallet. */
@DatabaseTest
class InFlightPayoutsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());
    private final InFlightPayouts inFlight = new InFlightPayouts(rows);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void sumsTheAmountsOfTheModesValidatedQueuedAndProcessingPayouts() {
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.VALIDATED, AT),
                payout(2, Mode.SANDBOX, ANA, PayoutStatus.QUEUED, AT),
                payout(4, Mode.SANDBOX, ANA, PayoutStatus.PROCESSING, AT),
                payout(8, Mode.SANDBOX, ANA, PayoutStatus.PENDING, AT),
                payout(16, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, AT),
                payout(32, Mode.SANDBOX, ANA, PayoutStatus.FAILED, AT),
                payout(64, Mode.SANDBOX, ANA, PayoutStatus.CANCELED, AT),
                payout(128, Mode.PRODUCTION, ANA, PayoutStatus.PROCESSING, AT)));

        assertThat(inFlight.amount(Mode.SANDBOX)).isEqualTo(7_000);
        assertThat(inFlight.amount(Mode.PRODUCTION)).isEqualTo(128_000);
    }

    @Test
    void aModeWithNothingInFlightOwesNothing() {
        stored(rows, List.of(payout(1, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, AT)));

        assertThat(inFlight.amount(Mode.SANDBOX)).isZero();
        assertThat(inFlight.amount(Mode.PRODUCTION)).isZero();
    }
}
