package io.payouts.bank.simulator;

import com.prowidesoftware.swift.model.mx.MxPain00200110;
import com.prowidesoftware.swift.model.mx.dic.CustomerPaymentStatusReportV10;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader86;
import com.prowidesoftware.swift.model.mx.dic.OriginalGroupHeader17;
import com.prowidesoftware.swift.model.mx.dic.OriginalPaymentInstruction32;
import com.prowidesoftware.swift.model.mx.dic.PaymentTransaction105;
import com.prowidesoftware.swift.model.mx.dic.StatusReason6Choice;
import com.prowidesoftware.swift.model.mx.dic.StatusReasonInformation12;
import io.payouts.bank.iso20022.CreditTransferInitiation;
import io.payouts.bank.iso20022.IsoReasonCodes;
import io.payouts.bank.iso20022.Pain001Writer;
import io.payouts.bank.iso20022.PaymentBlock;
import io.payouts.bank.iso20022.PaymentInstruction;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * The simulated bank's pain.002.001.10: per payment ACSP (accepted, settlement in process) or RJCT with its reason,
 * each block and the message ACCP, PART or RJCT by what they hold; or a whole message rejected.
 */
final class StatusReportFile {

    private static final String ORIGINAL_MESSAGE_NAME = "pain.001.001.09";

    private StatusReportFile() {
    }

    static byte[] forPayments(String messageId, OffsetDateTime now, CreditTransferInitiation file,
                              Map<String, Verdict> verdicts) {
        OriginalGroupHeader17 group = new OriginalGroupHeader17()
                .setOrgnlMsgId(file.messageId())
                .setOrgnlMsgNmId(ORIGINAL_MESSAGE_NAME)
                .setOrgnlNbOfTxs(Integer.toString(file.instructions().size()))
                .setOrgnlCtrlSum(BankFiles.decimal(file.blocks().stream().mapToLong(PaymentBlock::totalCents).sum()))
                .setGrpSts(groupStatus(file.instructions(), verdicts));
        CustomerPaymentStatusReportV10 report = new CustomerPaymentStatusReportV10()
                .setGrpHdr(new GroupHeader86().setMsgId(messageId).setCreDtTm(now))
                .setOrgnlGrpInfAndSts(group);
        for (int i = 0; i < file.blocks().size(); i++) {
            PaymentBlock block = file.blocks().get(i);
            OriginalPaymentInstruction32 blockStatus = new OriginalPaymentInstruction32()
                    .setOrgnlPmtInfId(Pain001Writer.paymentInformationId(file.messageId(), i + 1))
                    .setPmtInfSts(groupStatus(block.instructions(), verdicts));
            for (PaymentInstruction payment : block.instructions()) {
                blockStatus.addTxInfAndSts(transactionStatus(payment, verdicts.get(payment.endToEndId())));
            }
            report.addOrgnlPmtInfAndSts(blockStatus);
        }
        return BankFiles.bytes(new MxPain00200110().setCstmrPmtStsRpt(report));
    }

    /** The whole message rejected with {@code reasonCode}; {@code detail} says why in words. */
    static byte[] rejectingMessage(String messageId, OffsetDateTime now, String originalMessageId, String reasonCode,
                                   String detail) {
        OriginalGroupHeader17 group = new OriginalGroupHeader17()
                .setOrgnlMsgId(originalMessageId)
                .setOrgnlMsgNmId(ORIGINAL_MESSAGE_NAME)
                .setGrpSts("RJCT")
                .addStsRsnInf(reason(reasonCode, detail));
        return BankFiles.bytes(new MxPain00200110().setCstmrPmtStsRpt(new CustomerPaymentStatusReportV10()
                .setGrpHdr(new GroupHeader86().setMsgId(messageId).setCreDtTm(now))
                .setOrgnlGrpInfAndSts(group)));
    }

    private static PaymentTransaction105 transactionStatus(PaymentInstruction payment, Verdict verdict) {
        PaymentTransaction105 status = new PaymentTransaction105().setOrgnlEndToEndId(payment.endToEndId());
        if (verdict instanceof Verdict.Rejected rejected) {
            return status.setTxSts("RJCT").addStsRsnInf(reason(rejected.reasonCode(),
                    IsoReasonCodes.describe(rejected.reasonCode())));
        }
        return status.setTxSts("ACSP");
    }

    private static String groupStatus(List<PaymentInstruction> payments, Map<String, Verdict> verdicts) {
        long rejected = payments.stream()
                .filter(payment -> verdicts.get(payment.endToEndId()) instanceof Verdict.Rejected)
                .count();
        return rejected == 0 ? "ACCP" : rejected == payments.size() ? "RJCT" : "PART";
    }

    private static StatusReasonInformation12 reason(String code, String detail) {
        return new StatusReasonInformation12()
                .setRsn(new StatusReason6Choice().setCd(code))
                .addAddtlInf(BankFiles.additionalInfo(detail));
    }
}
