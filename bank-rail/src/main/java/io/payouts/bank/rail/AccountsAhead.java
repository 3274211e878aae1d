package io.payouts.bank.rail;

import io.payouts.rail.RailPayment;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccounts;
import io.payouts.shared.payout.Rail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * Reads the accounts of standard payments as they are handed over, off the hand-off's thread, so that the file built
 * at the cut-off finds them already read: {@link PayeeAccounts} answers a read again from memory while the driver's
 * stream has not moved, and reads anew once it has, so a file still pays the account on file at its cut-off.
 * An instant payment's file is built at once and reads its account then.
 */
final class AccountsAhead {

    private static final Logger log = LoggerFactory.getLogger(AccountsAhead.class);

    private final PayeeAccounts payees;
    private final Executor accountsAhead;

    AccountsAhead(PayeeAccounts payees, Executor accountsAhead) {
        this.payees = payees;
        this.accountsAhead = accountsAhead;
    }

    void readFor(List<RailPayment> payments) {
        Set<DriverId> drivers = new LinkedHashSet<>();
        payments.stream().filter(payment -> payment.rail() == Rail.STANDARD)
                .forEach(payment -> drivers.add(payment.driverId()));
        if (drivers.isEmpty()) {
            return;
        }
        accountsAhead.execute(() -> {
            try {
                payees.findAll(drivers, Mode.PRODUCTION);
            } catch (RuntimeException failed) {
                // only a head start: the file's own read meets the failure again and deals with it
                log.debug("Reading ahead the accounts of {} drivers failed: {}", drivers.size(), failed.toString());
            }
        });
    }
}
