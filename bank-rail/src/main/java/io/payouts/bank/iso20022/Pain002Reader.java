package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.MxPain00200110;
import com.prowidesoftware.swift.model.mx.dic.CustomerPaymentStatusReportV10;
import com.prowidesoftware.swift.model.mx.dic.OriginalGroupHeader17;
import com.prowidesoftware.swift.model.mx.dic.OriginalPaymentInstruction32;
import com.prowidesoftware.swift.model.mx.dic.PaymentTransaction105;
import com.prowidesoftware.swift.model.mx.dic.StatusReasonInformation12;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a pain.002.001.10 status report into its statuses, in file order: the message's own status (when the bank
 * gave one), then each block's, then each of its payments'. A payment reported without a status of its own carries
 * its block's, or else the message's.
 */
public final class Pain002Reader {

    private static final StrictMxParser<MxPain00200110> PARSER =
            new StrictMxParser<>(MxPain00200110.class, "pain.002.001.10", MxPain00200110._classes);

    public List<PaymentStatus> read(byte[] file) {
        CustomerPaymentStatusReportV10 report = PARSER.parse(file).getCstmrPmtStsRpt();
        if (report == null || report.getOrgnlGrpInfAndSts() == null) {
            throw new UnreadableBankFileException("a pain.002.001.10 without CstmrPmtStsRpt/OrgnlGrpInfAndSts");
        }
        OriginalGroupHeader17 group = report.getOrgnlGrpInfAndSts();
        String messageId = group.getOrgnlMsgId();
        if (messageId == null || messageId.isBlank()) {
            throw new UnreadableBankFileException("a pain.002.001.10 without OrgnlGrpInfAndSts/OrgnlMsgId");
        }
        try {
            List<PaymentStatus> statuses = new ArrayList<>();
            if (group.getGrpSts() != null) {
                statuses.add(new PaymentStatus(messageId, StatusScope.MESSAGE, Optional.empty(), Optional.empty(),
                        ReportedStatus.of(group.getGrpSts()), group.getGrpSts(), reasons(group.getStsRsnInf())));
            }
            for (OriginalPaymentInstruction32 block : report.getOrgnlPmtInfAndSts()) {
                statuses.addAll(blockStatuses(messageId, group.getGrpSts(), block));
            }
            return statuses;
        } catch (IllegalArgumentException invalid) {
            throw new UnreadableBankFileException("status report on " + messageId + ": " + invalid.getMessage(),
                    invalid);
        }
    }

    private static List<PaymentStatus> blockStatuses(String messageId, String groupStatus,
                                                     OriginalPaymentInstruction32 block) {
        Optional<String> blockId = Optional.ofNullable(block.getOrgnlPmtInfId()).filter(id -> !id.isBlank());
        if (blockId.isEmpty()) {
            throw new UnreadableBankFileException("status report on " + messageId
                    + " has an OrgnlPmtInfAndSts without OrgnlPmtInfId");
        }
        List<PaymentStatus> statuses = new ArrayList<>();
        if (block.getPmtInfSts() != null) {
            statuses.add(new PaymentStatus(messageId, StatusScope.PAYMENT_BLOCK, blockId, Optional.empty(),
                    ReportedStatus.of(block.getPmtInfSts()), block.getPmtInfSts(), reasons(block.getStsRsnInf())));
        }
        for (PaymentTransaction105 transaction : block.getTxInfAndSts()) {
            String endToEndId = transaction.getOrgnlEndToEndId();
            if (endToEndId == null || endToEndId.isBlank()) {
                throw new UnreadableBankFileException("status report on " + messageId + ", block " + blockId.get()
                        + ", has a TxInfAndSts without OrgnlEndToEndId");
            }
            String code = firstPresent(transaction.getTxSts(), block.getPmtInfSts(), groupStatus);
            if (code == null) {
                throw new UnreadableBankFileException("status report on " + messageId + " gives payment "
                        + endToEndId + " no status, nor its block or message");
            }
            statuses.add(new PaymentStatus(messageId, StatusScope.TRANSACTION, blockId, Optional.of(endToEndId),
                    ReportedStatus.of(code), code, reasons(transaction.getStsRsnInf())));
        }
        return statuses;
    }

    private static List<BankReason> reasons(List<StatusReasonInformation12> reasons) {
        List<BankReason> read = new ArrayList<>();
        for (StatusReasonInformation12 reason : reasons) {
            String code = reason.getRsn() == null ? null : reason.getRsn().getCd();
            String proprietary = reason.getRsn() == null ? null : reason.getRsn().getPrtry();
            read.add(BankReason.of(code, proprietary, reason.getAddtlInf()));
        }
        return read;
    }

    private static String firstPresent(String... codes) {
        for (String code : codes) {
            if (code != null && !code.isBlank()) {
                return code;
            }
        }
        return null;
    }
}
