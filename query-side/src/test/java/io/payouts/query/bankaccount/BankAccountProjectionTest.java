package io.payouts.query.bankaccount;

import io.payouts.query.QuerySideDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.payouts.testsupport.ProcessorBatches.inOneBatch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The bank-account projection on PostgreSQL: a row per driver from the registration on, a batch at a time, never
 * moved back by a redelivered event, and the sandbox's rows forgotten without production's.
 */
@DatabaseTest
class BankAccountProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final BankAccountDetails ACCOUNT = BankAccountDetails.us("Ana Silva", "021000021",
            "000123456789", BankAccountType.CHECKING);

    private final BankAccountRows rows = new BankAccountRows(DATABASE.jdbc());
    private final BankAccountProjection projection = new BankAccountProjection(rows);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void aBatchFoldsEachDriversEventsIntoOneRowEach() {
        inOneBatch(projection::on, List.of(
                new Collected(ANA.value(), registered(ANA, Mode.PRODUCTION), 0),
                new Collected(BEN.value(), registered(BEN, Mode.PRODUCTION), 0),
                new Collected(ANA.value(), set(ANA, Mode.PRODUCTION), 1),
                new Collected(ANA.value(), new DriverKycVerifiedEvent(ANA, Mode.PRODUCTION, AT), 2)));

        assertThat(row(ANA)).isEqualTo(new BankAccountRow(ANA.value(), Mode.PRODUCTION,
                BankAccountRow.State.ON_FILE, "Ana Silva", "US", BankAccountType.CHECKING, "021000021", null, "6789",
                AT, 2));
        assertThat(row(BEN).state()).isEqualTo(BankAccountRow.State.NONE);
    }

    @Test
    void aRedeliveredEventLeavesTheRowAsItIs() {
        inOneBatch(projection::on, List.of(new Collected(ANA.value(), registered(ANA, Mode.PRODUCTION), 0),
                new Collected(ANA.value(), set(ANA, Mode.PRODUCTION), 1),
                new Collected(ANA.value(), new DriverBankAccountRemovedEvent(ANA, Mode.PRODUCTION, AT), 2)));
        BankAccountRow before = row(ANA);

        projection.on(set(ANA, Mode.PRODUCTION), 1);

        assertThat(row(ANA)).isEqualTo(before);
        assertThat(before.state()).isEqualTo(BankAccountRow.State.REMOVED);
    }

    @Test
    void anAccountSetBeforeItsDriverWasRegisteredFailsTheBatchAndWritesNothing() {
        assertThatThrownBy(() -> inOneBatch(projection::on, List.of(
                new Collected(ANA.value(), registered(ANA, Mode.PRODUCTION), 0),
                new Collected(BEN.value(), set(BEN, Mode.PRODUCTION), 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(BEN.value());

        assertThat(rows.byIds(List.of(ANA.value(), BEN.value()))).isEmpty();
    }

    @Test
    void theSandboxIsForgottenAndProductionStays() {
        inOneBatch(projection::on, List.of(new Collected(ANA.value(), registered(ANA, Mode.PRODUCTION), 0),
                new Collected(ANA.value(), set(ANA, Mode.PRODUCTION), 1),
                new Collected(BEN.value(), registered(BEN, Mode.SANDBOX), 0),
                new Collected(BEN.value(), set(BEN, Mode.SANDBOX), 1)));

        projection.forgetSandbox();

        assertThat(rows.byIds(List.of(ANA.value(), BEN.value()))).containsOnlyKeys(ANA.value());
    }

    @Test
    void aResetEmptiesTheReadModel() {
        projection.on(registered(ANA, Mode.PRODUCTION), 0);

        projection.onReset();

        assertThat(rows.byIds(List.of(ANA.value()))).isEmpty();
    }

    private BankAccountRow row(DriverId driver) {
        Map<String, BankAccountRow> found = rows.byIds(List.of(driver.value()));
        assertThat(found).containsKey(driver.value());
        return found.get(driver.value());
    }

    private static DriverRegisteredEvent registered(DriverId driver, Mode mode) {
        return new DriverRegisteredEvent(driver, mode, "fleet-" + driver.value(), "Ana Silva", "ana@example.com",
                "+14155550123", AT);
    }

    private static DriverBankAccountSetEvent set(DriverId driver, Mode mode) {
        return DriverBankAccountSetEvent.of(driver, mode, ACCOUNT, AT);
    }
}
