package io.payouts.service.bankaccount;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.payouts.shared.driver.BankAccountDetails;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Body of PUT /drivers/:id/bank-account, and the optional {@code bankAccount} of a registration: a US account
 * ({@code country} US, {@code routingNumber}, {@code accountNumber}, {@code accountType} checking or savings) or one by
 * {@code iban} and {@code bic}, with the {@code holderName}. Every field is read as text and checked by
 * {@link BankAccountRules}, so each problem is named at once. The account number and IBAN are read, never written:
 * a bulk registration that echoes a refused item back does not echo them.
 */
@Schema(description = "Either a US account (country US, routingNumber, accountNumber, accountType) or one by iban "
        + "and bic; holderName always. The full number is never shown again: answers show its last four digits.")
public record BankAccountRequest(
        @Schema(maxLength = BankAccountDetails.MAX_HOLDER_NAME_LENGTH) String holderName,
        @Schema(description = "US for an account by routing number; for one by IBAN, its country or left out")
        String country,
        @Schema(description = "the 9-digit ABA routing number, with a valid check digit") String routingNumber,
        @Schema(description = "4 to 17 digits") @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
        String accountNumber,
        @Schema(allowableValues = {"checking", "savings"}) String accountType,
        @Schema(description = "electronic or printed form (groups of four); checked for its country's length and "
                + "format and its check digits") @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String iban,
        @Schema(description = "8 or 11 characters (ISO 9362)") String bic) {

    /**
     * The account, valid, or a 400 VALIDATION_ERROR naming each bad field under {@code prefix} (empty for the
     * bank-account endpoint, {@code "bankAccount."} inside a registration).
     */
    public BankAccountDetails toDetails(String prefix) {
        return BankAccountRules.details(this, prefix);
    }

    @Override
    public String toString() {
        return "BankAccountRequest[" + (iban != null ? "iban" : "US") + "]";
    }
}
