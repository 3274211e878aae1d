package io.payouts.bank.rail;

import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.bank.iso20022.PaymentScheme;
import io.payouts.bank.iso20022.Urgency;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.payout.Rail;

import java.util.Optional;

/**
 * Turns an outbox payment and the driver's account on file into the instruction a file carries, or says why it cannot
 * be paid through the bank. The reason never repeats the account: the library's own messages may, so they are not
 * passed on.
 */
final class PaymentInstructions {

    static final String NO_ACCOUNT = "the driver has no bank account to pay into";
    static final String UNFIT_ACCOUNT = "the driver's bank account is not one a payment instruction can name";

    private PaymentInstructions() {
    }

    static Instruction of(OutboxPayment payment, Optional<PayeeAccount> account, String currency) {
        if (account.isEmpty()) {
            return new Instruction.Unpayable(NO_ACCOUNT);
        }
        Payee payee;
        try {
            payee = Payee.of(account.get());
        } catch (IllegalArgumentException unfit) {
            return new Instruction.Unpayable(UNFIT_ACCOUNT);
        }
        Urgency urgency = payment.rail() == Rail.INSTANT ? Urgency.INSTANT : Urgency.STANDARD;
        PaymentScheme scheme = PaymentScheme.of(currency, urgency);
        if (!scheme.reaches(payee.account())) {
            return new Instruction.Unpayable("the driver's bank account cannot receive " + currency + " payments ("
                    + scheme + " pays " + (currency.equals("EUR") ? "IBANs" : "US routing and account numbers") + ")");
        }
        if (payment.netAmount() <= 0 || payment.netAmount() > PaymentInstruction.MAX_AMOUNT_CENTS) {
            return new Instruction.Unpayable("a bank payment is 1 to " + PaymentInstruction.MAX_AMOUNT_CENTS
                    + " cents, not " + payment.netAmount());
        }
        try {
            return new Instruction.Payable(new PaymentInstruction(payment.endToEndId(), payment.netAmount(), currency,
                    payee.holderName().strip(), payee.account(), "Payout " + payment.payoutId().value(),
                    urgency));
        } catch (IllegalArgumentException unfit) {
            return new Instruction.Unpayable("the driver's account holder name cannot go into a payment instruction "
                    + "(1 to 140 characters, no control characters)");
        }
    }

    /** An instruction to write, or why none can be. */
    sealed interface Instruction {

        record Payable(PaymentInstruction instruction) implements Instruction {
        }

        record Unpayable(String reason) implements Instruction {
        }
    }
}
