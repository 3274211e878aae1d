package io.payouts.query.bankaccount;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverBankAccountView;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static io.payouts.platform.tables.ErasesPersonalData.ERASED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rules that fold a driver's stream into its masked bank account, shared by the projection and reads from the
 * event store: one rule for every member of {@code DriverEvent}, or the fold would not build.
 */
class BankAccountRowTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SET_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private static final DriverRegisteredEvent REGISTERED = new DriverRegisteredEvent(DRIVER, Mode.PRODUCTION,
            "fleet-42", "Ana Silva", "ana@example.com", "+14155550123", REGISTERED_AT);
    private static final DriverBankAccountSetEvent US_ACCOUNT = DriverBankAccountSetEvent.of(DRIVER, Mode.PRODUCTION,
            BankAccountDetails.us("Ana Silva", "021000021", "000123456789", BankAccountType.CHECKING), SET_AT);
    private static final DriverBankAccountSetEvent IBAN_ACCOUNT = DriverBankAccountSetEvent.of(DRIVER,
            Mode.PRODUCTION, BankAccountDetails.iban("Ana Silva", "DE89370400440532013000", "COBADEFFXXX"), LATER);

    @Test
    void aRegistrationStartsADriverWithoutAnAccount() {
        BankAccountRow row = BankAccountRow.FOLD.start(REGISTERED, 0).orElseThrow();

        assertThat(row.state()).isEqualTo(BankAccountRow.State.NONE);
        assertThat(row.mode()).isEqualTo(Mode.PRODUCTION);
        assertThat(row.version()).isZero();
        assertNotFound(row, "has no bank account");
    }

    @Test
    void onlyARegistrationStartsARow() {
        assertThat(BankAccountRow.FOLD.start(US_ACCOUNT, 1)).isEmpty();
    }

    @Test
    void aSetAccountIsShownMaskedWithItsLastFourDigits() {
        BankAccountRow row = registered().evolve(US_ACCOUNT, 1);

        assertThat(row.version()).isEqualTo(1);
        assertThat(row.toView()).isEqualTo(new DriverBankAccountView(DRIVER, "Ana Silva", "US",
                BankAccountType.CHECKING, "021000021", null, "6789", SET_AT));
    }

    @Test
    void aNewAccountReplacesTheOneBefore() {
        BankAccountRow row = registered().evolve(US_ACCOUNT, 1).evolve(IBAN_ACCOUNT, 2);

        assertThat(row.toView()).isEqualTo(new DriverBankAccountView(DRIVER, "Ana Silva", "DE", null, null,
                "COBADEFFXXX", "3000", LATER));
    }

    @Test
    void aRemovedAccountIsNotFoundAndKeepsNothing() {
        BankAccountRow row = registered().evolve(US_ACCOUNT, 1)
                .evolve(new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, LATER), 2);

        assertThat(row).isEqualTo(new BankAccountRow(DRIVER.value(), Mode.PRODUCTION, BankAccountRow.State.REMOVED,
                null, null, null, null, null, null, LATER, 2));
        assertNotFound(row, "has no bank account");
    }

    @Test
    void anAccountReadAsErasedKeepsNothingButItsState() {
        DriverBankAccountSetEvent erased = new DriverBankAccountSetEvent(DRIVER, Mode.PRODUCTION, ERASED, "US",
                BankAccountType.CHECKING, "021000021", null, ERASED, null, "6789", SET_AT);

        BankAccountRow row = registered().evolve(erased, 1);

        assertThat(row).isEqualTo(new BankAccountRow(DRIVER.value(), Mode.PRODUCTION, BankAccountRow.State.ERASED,
                null, null, null, null, null, null, SET_AT, 1));
        assertNotFound(row, "erased");
    }

    @Test
    void theDriversOtherEventsOnlyCount() {
        BankAccountRow onFile = registered().evolve(US_ACCOUNT, 1);

        BankAccountRow later = onFile
                .evolve(new DriverProfileUpdatedEvent(DRIVER, Mode.PRODUCTION, "Ana Costa", "ana@example.com",
                        "+14155550123", LATER), 2)
                .evolve(new DriverKycVerifiedEvent(DRIVER, Mode.PRODUCTION, LATER), 3)
                .evolve(new DriverDeactivatedEvent(DRIVER, Mode.PRODUCTION, LATER), 4);

        assertThat(later.version()).isEqualTo(4);
        assertThat(later.toView()).isEqualTo(onFile.toView());
    }

    @Test
    void anEventTheRowHasAppliedChangesNothing() {
        BankAccountRow onFile = registered().evolve(US_ACCOUNT, 1).evolve(IBAN_ACCOUNT, 2);

        assertThat(onFile.evolve(new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, LATER), 2))
                .isSameAs(onFile);
        assertThat(onFile.evolve(US_ACCOUNT, 1)).isSameAs(onFile);
    }

    @Test
    void anEventOfAnotherStreamIsRefused() {
        assertThatThrownBy(() -> registered().evolve("something else than a driver's event", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DriverEvent");
    }

    private static BankAccountRow registered() {
        return BankAccountRow.registered(REGISTERED, 0);
    }

    private static void assertNotFound(BankAccountRow row, String message) {
        assertThatThrownBy(row::toView).isInstanceOf(DomainException.class)
                .hasMessageContaining(message)
                .satisfies(failure -> assertThat(((DomainException) failure).code()).isEqualTo(ErrorCode.NOT_FOUND));
    }
}
