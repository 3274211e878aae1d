package io.payouts.bank.provider;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.shared.Money;
import io.payouts.shared.driver.PayeeAccount;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON body the provider is sent for an attempt, or why there is none (ADR-0036):
 * <pre>
 * {"payoutId":"pay_…","attempt":0,"amount":12500,"currency":"USD","rail":"standard",
 *  "destination":{"type":"us_bank_account","holderName":"Ana Diaz","routingNumber":"011000015",
 *                 "accountNumber":"000123456789","accountType":"checking"},
 *  "description":"Payout pay_…"}
 * </pre>
 * An account by IBAN is {@code {"type":"iban","holderName":…,"iban":…,"bic":…}}. The amount is the net amount in
 * cents. A reason never repeats the account.
 */
final class PayoutRequests {

    static final String NO_ACCOUNT = "the driver has no bank account to pay into";

    private static final ObjectMapper JSON = new ObjectMapper();

    private PayoutRequests() {
    }

    static Request of(Attempt attempt, Optional<PayeeAccount> payee) {
        if (payee.isEmpty()) {
            return new Request.Unpayable(NO_ACCOUNT);
        }
        if (attempt.netAmount() <= 0) {
            return new Request.Unpayable("nothing to pay: the payout's net amount is " + attempt.netAmount()
                    + " cents");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payoutId", attempt.payoutId().value());
        body.put("attempt", attempt.attempt());
        body.put("amount", attempt.netAmount());
        body.put("currency", Money.CURRENCY);
        body.put("rail", attempt.rail().name().toLowerCase(Locale.ROOT));
        body.put("destination", destination(payee.get()));
        body.put("description", "Payout " + attempt.payoutId().value());
        try {
            return new Request.Payable(JSON.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings and numbers is always JSON", e);
        }
    }

    private static Map<String, Object> destination(PayeeAccount account) {
        Map<String, Object> destination = new LinkedHashMap<>();
        if (account.byIban()) {
            destination.put("type", "iban");
            destination.put("holderName", account.holderName().strip());
            destination.put("iban", account.iban());
            destination.put("bic", account.bic());
        } else {
            destination.put("type", "us_bank_account");
            destination.put("holderName", account.holderName().strip());
            destination.put("routingNumber", account.routingNumber());
            destination.put("accountNumber", account.accountNumber());
            destination.put("accountType", account.accountType().name().toLowerCase(Locale.ROOT));
        }
        return destination;
    }

    /** A request to send, or why none can be. */
    sealed interface Request {

        record Payable(String body) implements Request {
        }

        record Unpayable(String reason) implements Request {
        }
    }
}
