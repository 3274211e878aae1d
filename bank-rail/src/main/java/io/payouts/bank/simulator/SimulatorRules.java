package io.payouts.bank.simulator;

import io.payouts.bank.iso20022.PaymentInstruction;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How the simulated bank answers payments: it settles everything, except payments to an account (account number or
 * IBAN) or of an amount it is told to reject, which it rejects with the given reason, and payments to an account it
 * is told to return, which it settles and then returns with the given reason. A rejection wins over a return.
 */
public record SimulatorRules(Map<String, String> rejectedAccounts, Map<Long, String> rejectedAmounts,
                             Map<String, String> returnedAccounts) {

    private static final Pattern REASON_CODE = Pattern.compile("[A-Z0-9]{4}");

    public SimulatorRules {
        rejectedAccounts = Map.copyOf(rejectedAccounts);
        rejectedAmounts = Map.copyOf(rejectedAmounts);
        returnedAccounts = Map.copyOf(returnedAccounts);
        rejectedAccounts.values().forEach(SimulatorRules::requireReasonCode);
        rejectedAmounts.values().forEach(SimulatorRules::requireReasonCode);
        returnedAccounts.values().forEach(SimulatorRules::requireReasonCode);
    }

    /** A bank that accepts and settles every payment. */
    public static SimulatorRules acceptAll() {
        return new SimulatorRules(Map.of(), Map.of(), Map.of());
    }

    /** Also rejects payments to {@code accountNumberOrIban}, with {@code reasonCode} (such as AC01). */
    public SimulatorRules rejectingAccount(String accountNumberOrIban, String reasonCode) {
        return new SimulatorRules(with(rejectedAccounts, accountNumberOrIban, reasonCode), rejectedAmounts,
                returnedAccounts);
    }

    /** Also rejects payments of exactly {@code amountCents}, with {@code reasonCode} (such as AM04). */
    public SimulatorRules rejectingAmount(long amountCents, String reasonCode) {
        return new SimulatorRules(rejectedAccounts, with(rejectedAmounts, amountCents, reasonCode), returnedAccounts);
    }

    /** Also returns payments to {@code accountNumberOrIban} after settling them, with {@code reasonCode} (AC04...). */
    public SimulatorRules returningAccount(String accountNumberOrIban, String reasonCode) {
        return new SimulatorRules(rejectedAccounts, rejectedAmounts,
                with(returnedAccounts, accountNumberOrIban, reasonCode));
    }

    Verdict verdictFor(PaymentInstruction payment) {
        String account = payment.creditorAccount().identification();
        if (rejectedAccounts.containsKey(account)) {
            return new Verdict.Rejected(rejectedAccounts.get(account));
        }
        if (rejectedAmounts.containsKey(payment.amountCents())) {
            return new Verdict.Rejected(rejectedAmounts.get(payment.amountCents()));
        }
        if (returnedAccounts.containsKey(account)) {
            return new Verdict.Returned(returnedAccounts.get(account));
        }
        return new Verdict.Settled();
    }

    private static <K> Map<K, String> with(Map<K, String> rules, K key, String reasonCode) {
        Map<K, String> extended = new HashMap<>(rules);
        extended.put(key, requireReasonCode(reasonCode));
        return extended;
    }

    private static String requireReasonCode(String code) {
        if (code == null || !REASON_CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("a reason code is four upper-case letters or digits: " + code);
        }
        return code;
    }
}
