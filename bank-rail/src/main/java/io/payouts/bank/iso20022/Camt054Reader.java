package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.MxCamt05400108;
import com.prowidesoftware.swift.model.mx.dic.AccountNotification17;
import com.prowidesoftware.swift.model.mx.dic.ActiveOrHistoricCurrencyAndAmount;
import com.prowidesoftware.swift.model.mx.dic.BankToCustomerDebitCreditNotificationV08;
import com.prowidesoftware.swift.model.mx.dic.CreditDebitCode;
import com.prowidesoftware.swift.model.mx.dic.DateAndDateTime2Choice;
import com.prowidesoftware.swift.model.mx.dic.EntryDetails9;
import com.prowidesoftware.swift.model.mx.dic.EntryTransaction10;
import com.prowidesoftware.swift.model.mx.dic.PaymentReturnReason5;
import com.prowidesoftware.swift.model.mx.dic.RemittanceInformation16;
import com.prowidesoftware.swift.model.mx.dic.ReportEntry10;
import com.prowidesoftware.swift.model.mx.dic.StructuredRemittanceInformation16;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a camt.054.001.08 debit/credit notification into one {@link Notification} per transaction (NtryDtls/TxDtls),
 * or per entry when an entry has no transaction details. A transaction's own amount and direction win over its
 * entry's; status, reversal, booking date and the bank's reference are the entry's.
 */
public final class Camt054Reader {

    /** What ISO 20022 puts in a mandatory reference field when the payer gave none. */
    private static final String NOT_PROVIDED = "NOTPROVIDED";

    private static final StrictMxParser<MxCamt05400108> PARSER =
            new StrictMxParser<>(MxCamt05400108.class, "camt.054.001.08", MxCamt05400108._classes);

    public List<Notification> read(byte[] file) {
        BankToCustomerDebitCreditNotificationV08 message = PARSER.parse(file).getBkToCstmrDbtCdtNtfctn();
        if (message == null || message.getGrpHdr() == null || message.getNtfctn().isEmpty()) {
            throw new UnreadableBankFileException("a camt.054.001.08 without BkToCstmrDbtCdtNtfctn/GrpHdr and Ntfctn");
        }
        List<Notification> notifications = new ArrayList<>();
        for (AccountNotification17 notification : message.getNtfctn()) {
            int index = 0;
            for (ReportEntry10 entry : notification.getNtry()) {
                index++;
                String where = "notification " + notification.getId() + " entry " + index;
                try {
                    notifications.addAll(movements(entry, where));
                } catch (IllegalArgumentException invalid) {
                    throw new UnreadableBankFileException(where + ": " + invalid.getMessage(), invalid);
                }
            }
        }
        return notifications;
    }

    private static List<Notification> movements(ReportEntry10 entry, String where) {
        if (entry.getSts() == null || entry.getSts().getCd() == null) {
            throw new UnreadableBankFileException(where + " has no Sts/Cd");
        }
        EntryStatus status = EntryStatus.of(entry.getSts().getCd());
        Direction entryDirection = direction(entry.getCdtDbtInd(), where);
        requireAmount(entry.getAmt(), where);
        boolean reversal = Boolean.TRUE.equals(entry.isRvslInd());
        Optional<String> bankReference = present(entry.getAcctSvcrRef());
        Optional<LocalDate> bookingDate = date(entry.getBookgDt());

        List<EntryTransaction10> transactions = new ArrayList<>();
        for (EntryDetails9 details : entry.getNtryDtls()) {
            transactions.addAll(details.getTxDtls());
        }
        if (transactions.isEmpty()) {
            return List.of(new Notification(entryDirection, status, Cents.of(entry.getAmt().getValue(), where),
                    entry.getAmt().getCcy(), Optional.empty(), Optional.empty(), "", Optional.empty(), reversal,
                    bankReference, bookingDate));
        }
        List<Notification> movements = new ArrayList<>();
        for (EntryTransaction10 transaction : transactions) {
            ActiveOrHistoricCurrencyAndAmount amount = transaction.getAmt() != null ? transaction.getAmt()
                    : transactions.size() == 1 ? entry.getAmt() : null;
            String transactionWhere = where + " transaction " + (movements.size() + 1);
            if (amount == null) {
                throw new UnreadableBankFileException(transactionWhere + " has no Amt, and its entry batches "
                        + transactions.size() + " transactions");
            }
            requireAmount(amount, transactionWhere);
            Direction direction = transaction.getCdtDbtInd() != null
                    ? direction(transaction.getCdtDbtInd(), transactionWhere) : entryDirection;
            movements.add(new Notification(direction, status, Cents.of(amount.getValue(), transactionWhere),
                    amount.getCcy(), endToEndId(transaction), reference(transaction.getRmtInf()),
                    remittanceText(transaction.getRmtInf()), returnReason(transaction.getRtrInf()), reversal,
                    bankReference, bookingDate));
        }
        return movements;
    }

    private static Direction direction(CreditDebitCode code, String where) {
        if (code == null) {
            throw new UnreadableBankFileException(where + " has no CdtDbtInd");
        }
        return code == CreditDebitCode.CRDT ? Direction.CREDIT : Direction.DEBIT;
    }

    private static void requireAmount(ActiveOrHistoricCurrencyAndAmount amount, String where) {
        if (amount == null || amount.getValue() == null || amount.getCcy() == null) {
            throw new UnreadableBankFileException(where + " has no Amt with a currency");
        }
    }

    private static Optional<String> endToEndId(EntryTransaction10 transaction) {
        return transaction.getRefs() == null ? Optional.empty()
                : present(transaction.getRefs().getEndToEndId()).filter(id -> !id.equals(NOT_PROVIDED));
    }

    private static Optional<String> reference(RemittanceInformation16 remittance) {
        if (remittance == null) {
            return Optional.empty();
        }
        for (StructuredRemittanceInformation16 structured : remittance.getStrd()) {
            if (structured.getCdtrRefInf() != null) {
                Optional<String> reference = present(structured.getCdtrRefInf().getRef());
                if (reference.isPresent()) {
                    return reference;
                }
            }
        }
        return Optional.empty();
    }

    private static String remittanceText(RemittanceInformation16 remittance) {
        return remittance == null ? "" : String.join(" ", remittance.getUstrd()).strip();
    }

    private static Optional<BankReason> returnReason(PaymentReturnReason5 returned) {
        if (returned == null) {
            return Optional.empty();
        }
        String code = returned.getRsn() == null ? null : returned.getRsn().getCd();
        String proprietary = returned.getRsn() == null ? null : returned.getRsn().getPrtry();
        return Optional.of(BankReason.of(code, proprietary, returned.getAddtlInf()));
    }

    private static Optional<LocalDate> date(DateAndDateTime2Choice date) {
        if (date == null) {
            return Optional.empty();
        }
        return date.getDt() != null ? Optional.of(date.getDt())
                : Optional.ofNullable(date.getDtTm()).map(dateTime -> dateTime.toLocalDate());
    }

    private static Optional<String> present(String value) {
        return Optional.ofNullable(value).map(String::strip).filter(text -> !text.isEmpty());
    }
}
