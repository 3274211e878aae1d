package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.dic.CreditTransferTransaction34;
import com.prowidesoftware.swift.model.mx.dic.PaymentInstruction30;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.payouts.bank.iso20022.Fixtures.CREATED_AT;
import static io.payouts.bank.iso20022.Fixtures.EU_COMPANY;
import static io.payouts.bank.iso20022.Fixtures.EXECUTION_DATE;
import static io.payouts.bank.iso20022.Fixtures.US_COMPANY;
import static io.payouts.bank.iso20022.Fixtures.sepaPayment;
import static io.payouts.bank.iso20022.Fixtures.usPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Pain001ReaderTest {

    private final Pain001Reader reader = new Pain001Reader();

    @Test
    void readsBackExactlyWhatTheWriterWrote() {
        List<PaymentBlock> blocks = List.of(
                new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                        List.of(usPayment(1, 12_34, Urgency.STANDARD), usPayment(2, 1, Urgency.STANDARD))),
                new PaymentBlock(EXECUTION_DATE.plusDays(1), Urgency.INSTANT,
                        List.of(usPayment(3, 999_999_999_99L, Urgency.INSTANT))));

        CreditTransferInitiation read = reader.read(new Pain001Writer(US_COMPANY).write("MSG-1", CREATED_AT, blocks));

        assertThat(read).isEqualTo(new CreditTransferInitiation("MSG-1", CREATED_AT, US_COMPANY, blocks));
    }

    @Test
    void readsBackASepaFile() {
        List<PaymentBlock> blocks = List.of(
                new PaymentBlock(EXECUTION_DATE, Urgency.INSTANT, List.of(sepaPayment(1, 7_00, Urgency.INSTANT))));

        CreditTransferInitiation read = reader.read(new Pain001Writer(EU_COMPANY).write("MSG-2", CREATED_AT, blocks));

        assertThat(read.blocks()).isEqualTo(blocks);
        assertThat(read.debtor()).isEqualTo(EU_COMPANY);
    }

    @Test
    void givesProwidesOwnParserTheSamePayments() {
        List<PaymentBlock> blocks = List.of(new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(sepaPayment(1, 10_50, Urgency.STANDARD), sepaPayment(2, 3, Urgency.STANDARD))));
        byte[] file = new Pain001Writer(EU_COMPANY).write("MSG-3", CREATED_AT, blocks);

        MxPain00100109 parsed = MxPain00100109.parse(new String(file, StandardCharsets.UTF_8));

        assertThat(parsed.getCstmrCdtTrfInitn().getGrpHdr().getMsgId()).isEqualTo("MSG-3");
        assertThat(parsed.getCstmrCdtTrfInitn().getGrpHdr().getCtrlSum()).isEqualByComparingTo("10.53");
        PaymentInstruction30 block = parsed.getCstmrCdtTrfInitn().getPmtInf().get(0);
        assertThat(block.getCdtTrfTxInf()).extracting(transaction -> transaction.getPmtId().getEndToEndId())
                .containsExactly(EndToEndIds.of(Fixtures.payoutId(1), 0), EndToEndIds.of(Fixtures.payoutId(2), 0));
        assertThat(block.getCdtTrfTxInf()).extracting(CreditTransferTransaction34::getAmt)
                .extracting(amount -> amount.getInstdAmt().getValue())
                .containsExactly(new BigDecimal("10.50"), new BigDecimal("0.03"));
    }

    @Test
    void refusesAFileWhoseControlSumDoesNotAddUp() {
        String file = new String(new Pain001Writer(US_COMPANY).write("MSG-4", CREATED_AT, List.of(new PaymentBlock(
                EXECUTION_DATE, Urgency.STANDARD, List.of(usPayment(1, 1_00, Urgency.STANDARD))))),
                StandardCharsets.UTF_8);
        byte[] tampered = file.replaceFirst("<CtrlSum>1.00</CtrlSum>", "<CtrlSum>2.00</CtrlSum>")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> reader.read(tampered))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageContaining("message MSG-4 declares CtrlSum 2.00 and its amounts add up to 1.00");
    }

    @Test
    void refusesABlockNamedOtherwiseThanTheWriterNamesIt() {
        String file = new String(new Pain001Writer(US_COMPANY).write("MSG-5", CREATED_AT, List.of(new PaymentBlock(
                EXECUTION_DATE, Urgency.STANDARD, List.of(usPayment(1, 1_00, Urgency.STANDARD))))),
                StandardCharsets.UTF_8);
        byte[] renamed = file.replace("<PmtInfId>MSG-5-1</PmtInfId>", "<PmtInfId>B1</PmtInfId>")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> reader.read(renamed))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("message MSG-5 names its block 1 B1, not MSG-5-1");
    }

    @Test
    void refusesAPain002() {
        assertThatThrownBy(() -> reader.read(Samples.bytes("pain002-transaction-statuses.xml")))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("not a readable pain.001.001.09: the file is a pain.002.001.10, not a pain.001.001.09");
    }
}
