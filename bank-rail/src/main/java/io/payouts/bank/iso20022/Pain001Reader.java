package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.dic.CreditTransferTransaction34;
import com.prowidesoftware.swift.model.mx.dic.CustomerCreditTransferInitiationV09;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader85;
import com.prowidesoftware.swift.model.mx.dic.PaymentInstruction30;
import com.prowidesoftware.swift.model.mx.dic.PaymentTypeInformation26;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a pain.001.001.09 of the shape {@link Pain001Writer} writes, back into its blocks: the bank simulator's view
 * of what it was sent, and a check that a written file says what was meant. A file whose counts or control sums do
 * not add up is refused, as a bank refuses it.
 */
public final class Pain001Reader {

    private static final StrictMxParser<MxPain00100109> PARSER =
            new StrictMxParser<>(MxPain00100109.class, "pain.001.001.09", MxPain00100109._classes);

    public CreditTransferInitiation read(byte[] file) {
        CustomerCreditTransferInitiationV09 initiation = PARSER.parse(file).getCstmrCdtTrfInitn();
        if (initiation == null || initiation.getGrpHdr() == null) {
            throw new UnreadableBankFileException("a pain.001.001.09 without CstmrCdtTrfInitn/GrpHdr");
        }
        GroupHeader85 header = initiation.getGrpHdr();
        String messageId = required(header.getMsgId(), "GrpHdr/MsgId");
        if (header.getCreDtTm() == null) {
            throw new UnreadableBankFileException("message " + messageId + " has no GrpHdr/CreDtTm");
        }
        if (initiation.getPmtInf().isEmpty()) {
            throw new UnreadableBankFileException("message " + messageId + " has no PmtInf");
        }
        Debtor debtor = null;
        List<PaymentBlock> blocks = new ArrayList<>();
        for (PaymentInstruction30 information : initiation.getPmtInf()) {
            String expectedId = Pain001Writer.paymentInformationId(messageId, blocks.size() + 1);
            if (!expectedId.equals(information.getPmtInfId())) {
                throw new UnreadableBankFileException("message " + messageId + " names its block "
                        + (blocks.size() + 1) + " " + information.getPmtInfId() + ", not " + expectedId);
            }
            Debtor blockDebtor = debtor(information);
            if (debtor != null && !debtor.equals(blockDebtor)) {
                throw new UnreadableBankFileException("message " + messageId + " pays from more than one account");
            }
            debtor = blockDebtor;
            blocks.add(block(information));
        }
        requireTotals("message " + messageId, header.getNbOfTxs(), header.getCtrlSum(),
                blocks.stream().mapToInt(block -> block.instructions().size()).sum(),
                blocks.stream().mapToLong(PaymentBlock::totalCents).reduce(0, Math::addExact));
        try {
            return new CreditTransferInitiation(messageId, header.getCreDtTm().toInstant(), debtor, blocks);
        } catch (IllegalArgumentException invalid) {
            throw new UnreadableBankFileException("message " + messageId + ": " + invalid.getMessage(), invalid);
        }
    }

    private static Debtor debtor(PaymentInstruction30 information) {
        String where = "PmtInf " + information.getPmtInfId();
        String name = information.getDbtr() == null ? null : information.getDbtr().getNm();
        BankAccount account = AccountElements.read(information.getDbtrAcct(), information.getDbtrAgt(),
                where + " debtor");
        try {
            return new Debtor(name, account);
        } catch (IllegalArgumentException invalid) {
            throw new UnreadableBankFileException(where + ": " + invalid.getMessage(), invalid);
        }
    }

    private static PaymentBlock block(PaymentInstruction30 information) {
        String where = "PmtInf " + required(information.getPmtInfId(), "PmtInf/PmtInfId");
        PaymentScheme scheme = scheme(information.getPmtTpInf(), where);
        if (information.getReqdExctnDt() == null || information.getReqdExctnDt().getDt() == null) {
            throw new UnreadableBankFileException(where + " has no ReqdExctnDt/Dt");
        }
        List<PaymentInstruction> instructions = new ArrayList<>();
        for (CreditTransferTransaction34 transaction : information.getCdtTrfTxInf()) {
            instructions.add(instruction(transaction, scheme, where));
        }
        try {
            PaymentBlock block = new PaymentBlock(information.getReqdExctnDt().getDt(), scheme.urgency(), instructions);
            requireTotals(where, information.getNbOfTxs(), information.getCtrlSum(), instructions.size(),
                    block.totalCents());
            return block;
        } catch (IllegalArgumentException invalid) {
            throw new UnreadableBankFileException(where + ": " + invalid.getMessage(), invalid);
        }
    }

    private static PaymentInstruction instruction(CreditTransferTransaction34 transaction, PaymentScheme scheme,
                                                  String block) {
        String endToEndId = transaction.getPmtId() == null ? null : transaction.getPmtId().getEndToEndId();
        String where = block + " transaction " + required(endToEndId, "PmtId/EndToEndId");
        if (transaction.getAmt() == null || transaction.getAmt().getInstdAmt() == null) {
            throw new UnreadableBankFileException(where + " has no Amt/InstdAmt");
        }
        long cents = Cents.of(transaction.getAmt().getInstdAmt().getValue(), where);
        BankAccount creditor = AccountElements.read(transaction.getCdtrAcct(), transaction.getCdtrAgt(),
                where + " creditor");
        String name = transaction.getCdtr() == null ? null : transaction.getCdtr().getNm();
        List<String> remittance = transaction.getRmtInf() == null ? List.of() : transaction.getRmtInf().getUstrd();
        try {
            return new PaymentInstruction(endToEndId, cents, transaction.getAmt().getInstdAmt().getCcy(), name,
                    creditor, remittance.isEmpty() ? null : String.join(" ", remittance), scheme.urgency());
        } catch (IllegalArgumentException invalid) {
            throw new UnreadableBankFileException(where + ": " + invalid.getMessage(), invalid);
        }
    }

    private static PaymentScheme scheme(PaymentTypeInformation26 type, String where) {
        String serviceLevel = type == null || type.getSvcLvl().isEmpty() ? null : type.getSvcLvl().get(0).getCd();
        String localInstrument = type == null || type.getLclInstrm() == null ? null : type.getLclInstrm().getCd();
        for (PaymentScheme scheme : PaymentScheme.values()) {
            if (scheme.serviceLevel().equals(serviceLevel)
                    && scheme.localInstrument().equals(Optional.ofNullable(localInstrument))) {
                return scheme;
            }
        }
        throw new UnreadableBankFileException(where + " asks for service level " + serviceLevel
                + " and local instrument " + localInstrument + ", which no payment scheme here uses");
    }

    private static void requireTotals(String where, String declaredCount, BigDecimal declaredSum, int count,
                                      long sumCents) {
        if (declaredCount == null || !declaredCount.equals(Integer.toString(count))) {
            throw new UnreadableBankFileException(where + " declares NbOfTxs " + declaredCount + " and holds "
                    + count);
        }
        if (declaredSum == null || declaredSum.compareTo(Cents.decimal(sumCents)) != 0) {
            throw new UnreadableBankFileException(where + " declares CtrlSum "
                    + (declaredSum == null ? null : declaredSum.toPlainString()) + " and its amounts add up to "
                    + Cents.decimal(sumCents).toPlainString());
        }
    }

    private static String required(String value, String element) {
        if (value == null || value.isBlank()) {
            throw new UnreadableBankFileException("a pain.001.001.09 without " + element);
        }
        return value;
    }
}
