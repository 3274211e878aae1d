package io.payouts.service.bankaccount;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.DriverBankAccountView;
import io.payouts.shared.driver.DriverId;

import java.time.Instant;

/**
 * A driver's bank account as the API shows it: masked to its {@code last4}, never the full number. A US account shows
 * its {@code routingNumber} and {@code accountType}, one by IBAN its {@code bic}; what does not apply is left out. The
 * holder's name is shown, as the driver's own name is: an operator checks it before paying.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record BankAccountResponse(String driverId, String holderName, String country, String accountType,
                           String routingNumber, String bic, String last4, Instant updatedAt) {

    static BankAccountResponse of(DriverId driverId, BankAccountDetails account, Instant setAt) {
        return new BankAccountResponse(driverId.value(), account.holderName(), account.country(),
                ApiEnums.name(account.accountType()), account.routingNumber(), account.bic(), account.last4(), setAt);
    }

    static BankAccountResponse of(DriverBankAccountView account) {
        return new BankAccountResponse(account.driverId().value(), account.holderName(), account.country(),
                ApiEnums.name(account.accountType()), account.routingNumber(), account.bic(), account.last4(),
                account.updatedAt());
    }

    /** Leaves the holder's name out of any log line that prints the answer (Spring MVC's at DEBUG does). */
    @Override
    public String toString() {
        return "BankAccountResponse[driverId=" + driverId + ", country=" + country + ", last4=" + last4 + "]";
    }
}
