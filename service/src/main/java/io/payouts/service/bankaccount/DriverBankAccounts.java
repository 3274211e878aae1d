package io.payouts.service.bankaccount;

import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.DriverBankAccountView;
import io.payouts.shared.driver.FindDriverBankAccountQuery;
import io.payouts.shared.driver.RemoveDriverBankAccountCommand;
import io.payouts.shared.driver.SetDriverBankAccountCommand;
import io.payouts.shared.driver.DriverId;
import org.springframework.stereotype.Service;

/**
 * A driver's bank account, whoever asks: the endpoints only map HTTP onto it. A change is the driver's, so a 503
 * names the driver; a read is as of the driver's newest stored event (ADR-0018).
 */
@Service
class DriverBankAccounts {

    private static final String DRIVER = "driver";

    private final Gateways gateways;

    DriverBankAccounts(Gateways gateways) {
        this.gateways = gateways;
    }

    /** Sets the account, replacing any before it. */
    void set(DriverId driverId, BankAccountDetails account, RequestContext context) {
        context.writes(DRIVER, driverId.value());
        gateways.sendForResult(new SetDriverBankAccountCommand(driverId, context.mode(), account,
                context.receivedAt()), context);
    }

    DriverBankAccountView find(DriverId driverId, RequestContext context) {
        return gateways.query(new FindDriverBankAccountQuery(context.mode(), driverId), DriverBankAccountView.class);
    }

    void remove(DriverId driverId, RequestContext context) {
        context.writes(DRIVER, driverId.value());
        gateways.sendForResult(new RemoveDriverBankAccountCommand(driverId, context.mode(), context.receivedAt()),
                context);
    }
}
