package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.dic.ActiveOrHistoricCurrencyAndAmount;
import com.prowidesoftware.swift.model.mx.dic.AmountType4Choice;
import com.prowidesoftware.swift.model.mx.dic.ChargeBearerType1Code;
import com.prowidesoftware.swift.model.mx.dic.CreditTransferTransaction34;
import com.prowidesoftware.swift.model.mx.dic.CustomerCreditTransferInitiationV09;
import com.prowidesoftware.swift.model.mx.dic.DateAndDateTime2Choice;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader85;
import com.prowidesoftware.swift.model.mx.dic.LocalInstrument2Choice;
import com.prowidesoftware.swift.model.mx.dic.PartyIdentification135;
import com.prowidesoftware.swift.model.mx.dic.PaymentIdentification6;
import com.prowidesoftware.swift.model.mx.dic.PaymentInstruction30;
import com.prowidesoftware.swift.model.mx.dic.PaymentMethod3Code;
import com.prowidesoftware.swift.model.mx.dic.PaymentTypeInformation26;
import com.prowidesoftware.swift.model.mx.dic.RemittanceInformation16;
import com.prowidesoftware.swift.model.mx.dic.ServiceLevel8Choice;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a pain.001.001.09 credit-transfer initiation paid from one company account. The same message id, time and
 * blocks in the same order give the same bytes, so a file sent again is the file sent before.
 *
 * <p>Each block becomes a PmtInf named by {@link #paymentInformationId} with its scheme's codes (see
 * {@link PaymentScheme}) in PmtTpInf; SEPA blocks add ChrgBr SLEV, which the SEPA rulebooks require. The time is
 * written in UTC to the second.
 */
public final class Pain001Writer {

    /** Leaves room for {@code -<n>} in the 35 characters of PmtInfId. */
    public static final int MAX_MESSAGE_ID_LENGTH = 31;
    public static final int MAX_BLOCKS = 999;

    private static final Pattern MESSAGE_ID = Pattern.compile("[A-Za-z0-9-]{1," + MAX_MESSAGE_ID_LENGTH + "}");

    private final Debtor debtor;

    public Pain001Writer(Debtor debtor) {
        this.debtor = Objects.requireNonNull(debtor, "debtor");
    }

    /**
     * @param messageId unique for every file the company ever sends: letters, digits and hyphens, at most
     *                  {@value #MAX_MESSAGE_ID_LENGTH}
     */
    public byte[] write(String messageId, Instant createdAt, List<PaymentBlock> blocks) {
        if (messageId == null || !MESSAGE_ID.matcher(messageId).matches()) {
            throw new IllegalArgumentException("a message id is 1 to " + MAX_MESSAGE_ID_LENGTH
                    + " letters, digits or hyphens: " + messageId);
        }
        Objects.requireNonNull(createdAt, "createdAt");
        if (blocks == null || blocks.isEmpty() || blocks.size() > MAX_BLOCKS) {
            throw new IllegalArgumentException("a file holds 1 to " + MAX_BLOCKS + " payment blocks");
        }
        requireUniqueEndToEndIds(blocks);

        CustomerCreditTransferInitiationV09 initiation = new CustomerCreditTransferInitiationV09()
                .setGrpHdr(groupHeader(messageId, createdAt, blocks));
        for (int i = 0; i < blocks.size(); i++) {
            initiation.addPmtInf(paymentInformation(paymentInformationId(messageId, i + 1), blocks.get(i)));
        }
        return MxXml.bytes(new MxPain00100109().setCstmrCdtTrfInitn(initiation));
    }

    /**
     * The PmtInfId of the {@code blockNumber}-th block (from 1) of message {@code messageId}: what a pain.002 names
     * when it reports on a whole block.
     */
    public static String paymentInformationId(String messageId, int blockNumber) {
        return messageId + "-" + blockNumber;
    }

    private GroupHeader85 groupHeader(String messageId, Instant createdAt, List<PaymentBlock> blocks) {
        long transactions = 0;
        long total = 0;
        for (PaymentBlock block : blocks) {
            transactions += block.instructions().size();
            total = Math.addExact(total, block.totalCents());
        }
        return new GroupHeader85()
                .setMsgId(messageId)
                .setCreDtTm(OffsetDateTime.ofInstant(createdAt.truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC))
                .setNbOfTxs(Long.toString(transactions))
                .setCtrlSum(Cents.decimal(total))
                .setInitgPty(new PartyIdentification135().setNm(debtor.name()));
    }

    private PaymentInstruction30 paymentInformation(String id, PaymentBlock block) {
        PaymentScheme scheme = block.scheme();
        if (!scheme.reaches(debtor.account())) {
            throw new IllegalArgumentException(scheme + " cannot pay from the debtor's "
                    + debtor.account().getClass().getSimpleName());
        }
        PaymentTypeInformation26 type = new PaymentTypeInformation26()
                .addSvcLvl(new ServiceLevel8Choice().setCd(scheme.serviceLevel()));
        scheme.localInstrument().ifPresent(code -> type.setLclInstrm(new LocalInstrument2Choice().setCd(code)));
        PaymentInstruction30 element = new PaymentInstruction30()
                .setPmtInfId(id)
                .setPmtMtd(PaymentMethod3Code.TRF)
                .setNbOfTxs(Integer.toString(block.instructions().size()))
                .setCtrlSum(Cents.decimal(block.totalCents()))
                .setPmtTpInf(type)
                .setReqdExctnDt(new DateAndDateTime2Choice().setDt(block.executionDate()))
                .setDbtr(new PartyIdentification135().setNm(debtor.name()))
                .setDbtrAcct(AccountElements.account(debtor.account()))
                .setDbtrAgt(AccountElements.agent(debtor.account()));
        if (scheme.currency().equals("EUR")) {
            element.setChrgBr(ChargeBearerType1Code.SLEV);
        }
        for (PaymentInstruction instruction : block.instructions()) {
            element.addCdtTrfTxInf(transaction(instruction));
        }
        return element;
    }

    private static CreditTransferTransaction34 transaction(PaymentInstruction instruction) {
        return new CreditTransferTransaction34()
                .setPmtId(new PaymentIdentification6().setEndToEndId(instruction.endToEndId()))
                .setAmt(new AmountType4Choice().setInstdAmt(new ActiveOrHistoricCurrencyAndAmount()
                        .setValue(Cents.decimal(instruction.amountCents()))
                        .setCcy(instruction.currency())))
                .setCdtrAgt(AccountElements.agent(instruction.creditorAccount()))
                .setCdtr(new PartyIdentification135().setNm(instruction.creditorName()))
                .setCdtrAcct(AccountElements.account(instruction.creditorAccount()))
                .setRmtInf(new RemittanceInformation16().addUstrd(instruction.remittance()));
    }

    private static void requireUniqueEndToEndIds(List<PaymentBlock> blocks) {
        Set<String> seen = new HashSet<>();
        for (PaymentBlock block : blocks) {
            for (PaymentInstruction instruction : block.instructions()) {
                if (!seen.add(instruction.endToEndId())) {
                    throw new IllegalArgumentException("end-to-end id " + instruction.endToEndId()
                            + " appears twice in one file");
                }
            }
        }
    }
}
