package io.payouts.bank.simulator;

import com.prowidesoftware.swift.model.mx.AbstractMX;
import com.prowidesoftware.swift.model.mx.MxWriteParams;
import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.GenericAccountIdentification1;
import io.payouts.bank.iso20022.BankAccount;
import io.payouts.bank.iso20022.IbanAccount;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/** What the simulated bank's status reports and notifications share. */
final class BankFiles {

    /** The ISO 20022 text limit of AddtlInf in both messages. */
    static final int ADDITIONAL_INFO_LENGTH = 105;

    private BankFiles() {
    }

    /** A Document as a UTF-8 file; prowide's own escaping, as a bank using prowide would write it. */
    static byte[] bytes(AbstractMX message) {
        MxWriteParams params = new MxWriteParams();
        params.prefix = null;
        params.includeXMLDeclaration = true;
        return message.document(params).getBytes(StandardCharsets.UTF_8);
    }

    static BigDecimal decimal(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    static AccountIdentification4Choice accountId(BankAccount account) {
        return account instanceof IbanAccount iban ? new AccountIdentification4Choice().setIBAN(iban.iban())
                : new AccountIdentification4Choice().setOthr(
                new GenericAccountIdentification1().setId(account.identification()));
    }

    /** {@code text} cut to what one AddtlInf carries. */
    static String additionalInfo(String text) {
        return text.length() <= ADDITIONAL_INFO_LENGTH ? text : text.substring(0, ADDITIONAL_INFO_LENGTH - 3) + "...";
    }
}
