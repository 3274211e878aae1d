package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.BranchAndFinancialInstitutionIdentification6;
import com.prowidesoftware.swift.model.mx.dic.CashAccount38;
import com.prowidesoftware.swift.model.mx.dic.CashAccountType2Choice;
import com.prowidesoftware.swift.model.mx.dic.ClearingSystemIdentification2Choice;
import com.prowidesoftware.swift.model.mx.dic.ClearingSystemMemberIdentification2;
import com.prowidesoftware.swift.model.mx.dic.FinancialInstitutionIdentification18;
import com.prowidesoftware.swift.model.mx.dic.GenericAccountIdentification1;

/**
 * How an account and its bank are written: an IBAN account as Id/IBAN with the bank's BICFI; a US account as
 * Id/Othr/Id with its type in Tp/Cd, and its bank by routing number as ClrSysMmbId in the USABA clearing system.
 */
final class AccountElements {

    static final String US_ROUTING_SYSTEM = "USABA";

    private AccountElements() {
    }

    static CashAccount38 account(BankAccount account) {
        AccountIdentification4Choice id = new AccountIdentification4Choice();
        CashAccount38 element = new CashAccount38().setId(id);
        if (account instanceof IbanAccount iban) {
            id.setIBAN(iban.iban());
        } else if (account instanceof UsBankAccount us) {
            id.setOthr(new GenericAccountIdentification1().setId(us.accountNumber()));
            element.setTp(new CashAccountType2Choice().setCd(us.type().isoCode()));
        }
        return element;
    }

    static BranchAndFinancialInstitutionIdentification6 agent(BankAccount account) {
        FinancialInstitutionIdentification18 institution = new FinancialInstitutionIdentification18();
        if (account instanceof IbanAccount iban) {
            institution.setBICFI(iban.bic());
        } else if (account instanceof UsBankAccount us) {
            institution.setClrSysMmbId(new ClearingSystemMemberIdentification2()
                    .setClrSysId(new ClearingSystemIdentification2Choice().setCd(US_ROUTING_SYSTEM))
                    .setMmbId(us.routingNumber()));
        }
        return new BranchAndFinancialInstitutionIdentification6().setFinInstnId(institution);
    }

    /** The account an account element and its agent name, as {@link #account} and {@link #agent} write them. */
    static BankAccount read(CashAccount38 account, BranchAndFinancialInstitutionIdentification6 agent, String where) {
        if (account == null || account.getId() == null) {
            throw new UnreadableBankFileException(where + " has no account");
        }
        FinancialInstitutionIdentification18 institution = agent == null ? null : agent.getFinInstnId();
        if (institution == null) {
            throw new UnreadableBankFileException(where + " has no bank");
        }
        try {
            if (account.getId().getIBAN() != null) {
                return new IbanAccount(account.getId().getIBAN(), institution.getBICFI());
            }
            ClearingSystemMemberIdentification2 member = institution.getClrSysMmbId();
            if (account.getId().getOthr() == null || member == null || member.getClrSysId() == null
                    || !US_ROUTING_SYSTEM.equals(member.getClrSysId().getCd())) {
                throw new UnreadableBankFileException(where + " is neither an IBAN account nor a US account with a "
                        + US_ROUTING_SYSTEM + " routing number");
            }
            String type = account.getTp() == null ? null : account.getTp().getCd();
            return new UsBankAccount(member.getMmbId(), account.getId().getOthr().getId(), AccountType.ofIsoCode(type));
        } catch (IllegalArgumentException invalid) {
            throw new UnreadableBankFileException(where + ": " + invalid.getMessage(), invalid);
        }
    }
}
