package io.payouts.service.erasure;

import io.payouts.shared.driver.DriverBankAccountSetEvent;

import java.util.function.BiFunction;

/**
 * The personal fields of a driver's bank account event (ADR-0026): the holder's name, the account number and the
 * IBAN. The bank's routing number or BIC, the country, the account type and the last four digits identify the bank
 * and the kind of account, not the person, and stay readable, so an erased driver's history still says an account
 * was set, where, and which one by its last digits.
 */
final class BankAccountFields {

    private BankAccountFields() {
    }

    static boolean anyEncrypted(DriverBankAccountSetEvent event) {
        return PersonalDataCipher.isEncrypted(event.holderName()) || PersonalDataCipher.isEncrypted(
                event.accountNumber()) || PersonalDataCipher.isEncrypted(event.iban());
    }

    /** The event with each personal field (by its name) replaced; null stays null, as an IBAN of a US account. */
    static DriverBankAccountSetEvent map(DriverBankAccountSetEvent event, BiFunction<String, String, String> field) {
        return new DriverBankAccountSetEvent(event.driverId(), event.mode(),
                orNull(field, "holderName", event.holderName()), event.country(), event.accountType(),
                event.routingNumber(), event.bic(), orNull(field, "accountNumber", event.accountNumber()),
                orNull(field, "iban", event.iban()), event.last4(), event.setAt());
    }

    private static String orNull(BiFunction<String, String, String> field, String name, String value) {
        return value == null ? null : field.apply(name, value);
    }
}
