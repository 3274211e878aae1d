package io.payouts.bank.rail;

import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.UsBankAccount;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.springframework.context.annotation.Bean;

import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drivers' bank accounts for the tests of the bank and provider rails, in place of the module that keeps them
 * encrypted: every production driver has a checking account derived from its id, unless a test gave it another number
 * or took its account away.
 */
public final class TestPayeeAccounts implements PayeeAccounts {

    static final String ROUTING_NUMBER = "011000015";
    private static final Map<DriverId, Optional<String>> CHOSEN = new ConcurrentHashMap<>();

    /** The account number a driver is paid into unless a test chose another: ten digits from its id. */
    public static String accountNumberOf(DriverId driverId) {
        String digits = new BigInteger(driverId.value().substring("drv_".length()), 16).toString();
        return digits.substring(digits.length() - 10);
    }

    public static void pay(DriverId driverId, String accountNumber) {
        CHOSEN.put(driverId, Optional.of(accountNumber));
    }

    public static void withoutAccount(DriverId driverId) {
        CHOSEN.put(driverId, Optional.empty());
    }

    @Override
    public Optional<Payee> payeeOf(DriverId driverId, Mode mode) {
        if (mode != Mode.PRODUCTION) {
            return Optional.empty();
        }
        return CHOSEN.getOrDefault(driverId, Optional.of(accountNumberOf(driverId))).map(number -> new Payee(
                "Driver " + driverId.value().substring(4, 10), new UsBankAccount(ROUTING_NUMBER, number,
                AccountType.CHECKING)));
    }

    /**
     * Adds the test accounts to an application the test starts, as one of its sources; not annotated, so that no
     * other test's application finds it by scanning.
     */
    public static class Config {

        @Bean
        PayeeAccounts testPayeeAccounts() {
            return new TestPayeeAccounts();
        }
    }
}
