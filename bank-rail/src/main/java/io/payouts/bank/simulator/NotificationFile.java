package io.payouts.bank.simulator;

import com.prowidesoftware.swift.model.mx.MxCamt05400108;
import com.prowidesoftware.swift.model.mx.dic.AccountNotification17;
import com.prowidesoftware.swift.model.mx.dic.ActiveOrHistoricCurrencyAndAmount;
import com.prowidesoftware.swift.model.mx.dic.BankToCustomerDebitCreditNotificationV08;
import com.prowidesoftware.swift.model.mx.dic.BankTransactionCodeStructure4;
import com.prowidesoftware.swift.model.mx.dic.BankTransactionCodeStructure5;
import com.prowidesoftware.swift.model.mx.dic.BankTransactionCodeStructure6;
import com.prowidesoftware.swift.model.mx.dic.CashAccount39;
import com.prowidesoftware.swift.model.mx.dic.CreditDebitCode;
import com.prowidesoftware.swift.model.mx.dic.CreditorReferenceInformation2;
import com.prowidesoftware.swift.model.mx.dic.DateAndDateTime2Choice;
import com.prowidesoftware.swift.model.mx.dic.EntryDetails9;
import com.prowidesoftware.swift.model.mx.dic.EntryStatus1Choice;
import com.prowidesoftware.swift.model.mx.dic.EntryTransaction10;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader81;
import com.prowidesoftware.swift.model.mx.dic.PaymentReturnReason5;
import com.prowidesoftware.swift.model.mx.dic.RemittanceInformation16;
import com.prowidesoftware.swift.model.mx.dic.ReportEntry10;
import com.prowidesoftware.swift.model.mx.dic.ReturnReason5Choice;
import com.prowidesoftware.swift.model.mx.dic.StructuredRemittanceInformation16;
import com.prowidesoftware.swift.model.mx.dic.TransactionReferences6;
import io.payouts.bank.iso20022.BankAccount;
import io.payouts.bank.iso20022.IsoReasonCodes;
import io.payouts.bank.iso20022.PaymentInstruction;

import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * The simulated bank's camt.054.001.08: one notification on the company's account, one booked entry per movement.
 * A payout paid is a debit (PMNT/ICDT); a payout returned is the money coming back, a credit (PMNT/ICDT/RRTN) with the
 * return reason and the payout's end-to-end id; a top-up is a received credit transfer (PMNT/RCDT).
 */
final class NotificationFile {

    private final BankToCustomerDebitCreditNotificationV08 message;
    private final AccountNotification17 notification;
    private final OffsetDateTime now;
    private int entries;

    NotificationFile(String messageId, OffsetDateTime now, BankAccount account, String currency) {
        this.now = now;
        this.notification = new AccountNotification17()
                .setId(messageId)
                .setCreDtTm(now)
                .setAcct(new CashAccount39().setId(BankFiles.accountId(account)).setCcy(currency));
        this.message = new BankToCustomerDebitCreditNotificationV08()
                .setGrpHdr(new GroupHeader81().setMsgId(messageId).setCreDtTm(now))
                .addNtfctn(notification);
    }

    NotificationFile paid(PaymentInstruction payment) {
        EntryTransaction10 transaction = transaction(payment.amountCents(), payment.currency(), CreditDebitCode.DBIT)
                .setRefs(new TransactionReferences6().setEndToEndId(payment.endToEndId()));
        add(entry(payment.amountCents(), payment.currency(), CreditDebitCode.DBIT, "ICDT", subFamily(payment)),
                transaction);
        return this;
    }

    NotificationFile returned(PaymentInstruction payment, String reasonCode) {
        EntryTransaction10 transaction = transaction(payment.amountCents(), payment.currency(), CreditDebitCode.CRDT)
                .setRefs(new TransactionReferences6().setEndToEndId(payment.endToEndId()))
                .setRtrInf(new PaymentReturnReason5()
                        .setRsn(new ReturnReason5Choice().setCd(reasonCode))
                        .addAddtlInf(BankFiles.additionalInfo(IsoReasonCodes.describe(reasonCode))));
        add(entry(payment.amountCents(), payment.currency(), CreditDebitCode.CRDT, "ICDT", "RRTN"), transaction);
        return this;
    }

    /** Money received; {@code reference} as a structured creditor reference, {@code text} as unstructured lines. */
    NotificationFile received(long amountCents, String currency, Optional<String> reference, Optional<String> text) {
        RemittanceInformation16 remittance = new RemittanceInformation16();
        text.ifPresent(remittance::addUstrd);
        reference.ifPresent(ref -> remittance.addStrd(new StructuredRemittanceInformation16()
                .setCdtrRefInf(new CreditorReferenceInformation2().setRef(ref))));
        EntryTransaction10 transaction = transaction(amountCents, currency, CreditDebitCode.CRDT)
                .setRmtInf(remittance);
        add(entry(amountCents, currency, CreditDebitCode.CRDT, "RCDT", currency.equals("EUR") ? "ESCT" : "DMCT"),
                transaction);
        return this;
    }

    boolean isEmpty() {
        return entries == 0;
    }

    byte[] bytes() {
        return BankFiles.bytes(new MxCamt05400108().setBkToCstmrDbtCdtNtfctn(message));
    }

    private void add(ReportEntry10 entry, EntryTransaction10 transaction) {
        entries++;
        entry.setNtryRef(Integer.toString(entries))
                .setAcctSvcrRef(notification.getId() + "-" + entries)
                .addNtryDtls(new EntryDetails9().addTxDtls(transaction));
        notification.addNtry(entry);
    }

    private ReportEntry10 entry(long amountCents, String currency, CreditDebitCode direction, String family,
                                String subFamily) {
        return new ReportEntry10()
                .setAmt(amount(amountCents, currency))
                .setCdtDbtInd(direction)
                .setSts(new EntryStatus1Choice().setCd("BOOK"))
                .setBookgDt(new DateAndDateTime2Choice().setDt(now.toLocalDate()))
                .setValDt(new DateAndDateTime2Choice().setDt(now.toLocalDate()))
                .setBkTxCd(new BankTransactionCodeStructure4().setDomn(new BankTransactionCodeStructure5()
                        .setCd("PMNT")
                        .setFmly(new BankTransactionCodeStructure6().setCd(family).setSubFmlyCd(subFamily))));
    }

    private static EntryTransaction10 transaction(long amountCents, String currency, CreditDebitCode direction) {
        return new EntryTransaction10().setAmt(amount(amountCents, currency)).setCdtDbtInd(direction);
    }

    private static ActiveOrHistoricCurrencyAndAmount amount(long cents, String currency) {
        return new ActiveOrHistoricCurrencyAndAmount().setValue(BankFiles.decimal(cents)).setCcy(currency);
    }

    /** ESCT for SEPA credit transfers, ACDT for ACH credits, DMCT (domestic) for US instant credits. */
    private static String subFamily(PaymentInstruction payment) {
        return switch (payment.scheme()) {
            case SEPA_CREDIT_TRANSFER, SEPA_INSTANT -> "ESCT";
            case US_ACH -> "ACDT";
            case US_INSTANT -> "DMCT";
        };
    }
}
