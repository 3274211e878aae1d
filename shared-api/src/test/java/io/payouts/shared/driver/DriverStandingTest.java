package io.payouts.shared.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.DriverNotPayableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DriverStandingTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");

    @Test
    void anActiveVerifiedDriverIsPaidWithAnAccountOrWhereTheRailNeedsNone() {
        assertThat(standing(DriverStatus.ACTIVE, KycStatus.VERIFIED, BankAccountStanding.ON_FILE).payable()).isTrue();
        assertThat(standing(DriverStatus.ACTIVE, KycStatus.VERIFIED, BankAccountStanding.NOT_NEEDED).payable())
                .isTrue();
        assertThat(new DriverStanding(DRIVER, Mode.SANDBOX, DriverStatus.ACTIVE, KycStatus.VERIFIED, "Ana").payable())
                .as("a standing read without the rail's need").isTrue();
    }

    @Test
    void aDriverWithoutTheAccountTheRailNeedsIsRefusedNamingTheAccount() {
        DriverStanding missing = standing(DriverStatus.ACTIVE, KycStatus.VERIFIED, BankAccountStanding.MISSING);

        assertThat(missing.payable()).isFalse();
        DriverNotPayableException refusal = missing.refusalToPay().orElseThrow();
        assertThat(refusal.getMessage()).contains("no bank account", "/bank-account");
        assertThat(refusal.details()).containsKey("driverId");
    }

    @Test
    void anInactiveDriverIsRefusedForBeingInactiveWhateverTheAccount() {
        DriverStanding inactive = standing(DriverStatus.INACTIVE, KycStatus.VERIFIED, BankAccountStanding.MISSING);

        assertThat(inactive.payable()).isFalse();
        assertThat(inactive.refusalToPay().orElseThrow().getMessage()).contains("inactive");
    }

    private static DriverStanding standing(DriverStatus status, KycStatus kyc, BankAccountStanding account) {
        return new DriverStanding(DRIVER, Mode.PRODUCTION, status, kyc, "Ana", account);
    }
}
