package io.payouts.shared.driver;

/**
 * The account a rail pays a driver to, in full: a US account ({@code country} US, {@code routingNumber},
 * {@code accountNumber}, {@code accountType}) or one by {@code iban} and {@code bic}; what does not apply is null.
 * Personal data in clear, for the rail's payment instruction only: {@link #toString()} masks it, so a log line or an
 * exception message that prints it shows no number.
 */
public record PayeeAccount(String holderName, String country, String routingNumber, String accountNumber,
                           BankAccountType accountType, String iban, String bic) {

    public boolean byIban() {
        return iban != null;
    }

    @Override
    public String toString() {
        String number = byIban() ? iban : accountNumber;
        String last4 = number == null || number.length() < 4 ? "" : number.substring(number.length() - 4);
        return "PayeeAccount[" + country + " …" + last4 + "]";
    }
}
