package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.payouts.bank.iso20022.Fixtures.CREATED_AT;
import static io.payouts.bank.iso20022.Fixtures.EU_COMPANY;
import static io.payouts.bank.iso20022.Fixtures.EXECUTION_DATE;
import static io.payouts.bank.iso20022.Fixtures.US_COMPANY;
import static io.payouts.bank.iso20022.Fixtures.sepaPayment;
import static io.payouts.bank.iso20022.Fixtures.usPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Pain001WriterTest {

    private static final String PMT_INF = "/Document/CstmrCdtTrfInitn/PmtInf";
    private final Pain001Writer usWriter = new Pain001Writer(US_COMPANY);
    private final Pain001Writer euWriter = new Pain001Writer(EU_COMPANY);

    @Test
    void writesAValidAchFileToUsAccounts() {
        byte[] file = usWriter.write("MSG-1", CREATED_AT, List.of(new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(usPayment(1, 12_34, Urgency.STANDARD), usPayment(2, 5_00, Urgency.STANDARD)))));

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        XmlPaths xml = XmlPaths.of(file);
        assertThat(xml.text(PMT_INF + "/PmtTpInf/SvcLvl/Cd")).isEqualTo("NURG");
        assertThat(xml.text(PMT_INF + "/PmtTpInf/LclInstrm/Cd")).isEqualTo("PPD");
        assertThat(xml.text(PMT_INF + "/DbtrAgt/FinInstnId/ClrSysMmbId/ClrSysId/Cd")).isEqualTo("USABA");
        assertThat(xml.text(PMT_INF + "/DbtrAgt/FinInstnId/ClrSysMmbId/MmbId")).isEqualTo("021000021");
        assertThat(xml.text(PMT_INF + "/DbtrAcct/Id/Othr/Id")).isEqualTo("9876543210");
        assertThat(xml.text(PMT_INF + "/CdtTrfTxInf[1]/CdtrAcct/Tp/Cd")).isEqualTo("SVGS");
        assertThat(xml.text(PMT_INF + "/CdtTrfTxInf[2]/CdtrAcct/Tp/Cd")).isEqualTo("CACC");
        assertThat(xml.text(PMT_INF + "/CdtTrfTxInf[1]/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId")).isEqualTo("011000015");
        assertThat(xml.text(PMT_INF + "/CdtTrfTxInf[1]/Amt/InstdAmt")).isEqualTo("12.34");
        assertThat(xml.text(PMT_INF + "/CdtTrfTxInf[1]/Amt/InstdAmt/@Ccy")).isEqualTo("USD");
        assertThat(xml.text(PMT_INF + "/CdtTrfTxInf[2]/Amt/InstdAmt")).isEqualTo("5.00");
        assertThat(xml.text(PMT_INF + "/ChrgBr")).isEmpty();
    }

    @Test
    void marksAUsInstantBlockForTheInstantScheme() {
        byte[] file = usWriter.write("MSG-2", CREATED_AT, List.of(new PaymentBlock(EXECUTION_DATE, Urgency.INSTANT,
                List.of(usPayment(1, 99_00, Urgency.INSTANT)))));

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        XmlPaths xml = XmlPaths.of(file);
        assertThat(xml.text(PMT_INF + "/PmtTpInf/SvcLvl/Cd")).isEqualTo("URNS");
        assertThat(xml.text(PMT_INF + "/PmtTpInf/LclInstrm/Cd")).isEqualTo("INST");
    }

    @Test
    void writesAValidSepaFileWithAStandardAndAnInstantBlock() {
        byte[] file = euWriter.write("MSG-3", CREATED_AT, List.of(
                new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD, List.of(sepaPayment(1, 10_00, Urgency.STANDARD))),
                new PaymentBlock(EXECUTION_DATE, Urgency.INSTANT, List.of(sepaPayment(2, 20_00, Urgency.INSTANT)))));

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        XmlPaths xml = XmlPaths.of(file);
        assertThat(xml.text(PMT_INF + "[1]/PmtInfId")).isEqualTo("MSG-3-1");
        assertThat(xml.text(PMT_INF + "[1]/PmtTpInf/SvcLvl/Cd")).isEqualTo("SEPA");
        assertThat(xml.count(PMT_INF + "[1]/PmtTpInf/LclInstrm")).isZero();
        assertThat(xml.text(PMT_INF + "[2]/PmtInfId")).isEqualTo("MSG-3-2");
        assertThat(xml.text(PMT_INF + "[2]/PmtTpInf/SvcLvl/Cd")).isEqualTo("SEPA");
        assertThat(xml.text(PMT_INF + "[2]/PmtTpInf/LclInstrm/Cd")).isEqualTo("INST");
        assertThat(xml.text(PMT_INF + "[1]/ChrgBr")).isEqualTo("SLEV");
        assertThat(xml.text(PMT_INF + "[1]/DbtrAcct/Id/IBAN")).isEqualTo("DE89370400440532013000");
        assertThat(xml.text(PMT_INF + "[1]/DbtrAgt/FinInstnId/BICFI")).isEqualTo("COBADEFFXXX");
        assertThat(xml.text(PMT_INF + "[1]/CdtTrfTxInf/CdtrAcct/Id/IBAN")).isEqualTo("FR1420041010050500013M02606");
        assertThat(xml.text(PMT_INF + "[1]/CdtTrfTxInf/CdtrAgt/FinInstnId/BICFI")).isEqualTo("BNPAFRPP");
    }

    @Test
    void countsAndSumsEveryPaymentInTheGroupHeaderAndEachBlock() {
        byte[] file = usWriter.write("MSG-4", CREATED_AT, List.of(
                new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                        List.of(usPayment(1, 1_01, Urgency.STANDARD), usPayment(2, 2_02, Urgency.STANDARD))),
                new PaymentBlock(EXECUTION_DATE, Urgency.INSTANT, List.of(usPayment(3, 3_03, Urgency.INSTANT)))));

        XmlPaths xml = XmlPaths.of(file);
        assertThat(xml.text("/Document/CstmrCdtTrfInitn/GrpHdr/NbOfTxs")).isEqualTo("3");
        assertThat(xml.text("/Document/CstmrCdtTrfInitn/GrpHdr/CtrlSum")).isEqualTo("6.06");
        assertThat(xml.text(PMT_INF + "[1]/NbOfTxs")).isEqualTo("2");
        assertThat(xml.text(PMT_INF + "[1]/CtrlSum")).isEqualTo("3.03");
        assertThat(xml.text(PMT_INF + "[2]/CtrlSum")).isEqualTo("3.03");
        assertThat(xml.text("/Document/CstmrCdtTrfInitn/GrpHdr/CreDtTm")).isEqualTo("2026-11-21T12:00:00+00:00");
        assertThat(xml.text(PMT_INF + "[1]/ReqdExctnDt/Dt")).isEqualTo("2026-11-23");
    }

    @Test
    void writesAThousandPaymentFileThatIsValid() {
        List<PaymentInstruction> payments = new ArrayList<>();
        for (int i = 1; i <= 1000; i++) {
            payments.add(usPayment(i, 1_00L + i, Urgency.STANDARD));
        }

        byte[] file = usWriter.write("MSG-5", CREATED_AT, PaymentBlock.byScheme(EXECUTION_DATE, payments));

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        XmlPaths xml = XmlPaths.of(file);
        assertThat(xml.count(PMT_INF + "/CdtTrfTxInf")).isEqualTo(1000);
        assertThat(xml.text("/Document/CstmrCdtTrfInitn/GrpHdr/CtrlSum")).isEqualTo("6005.00");
    }

    @Test
    void writesTheSameBytesForTheSameFile() {
        List<PaymentBlock> blocks = List.of(new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(usPayment(1, 12_34, Urgency.STANDARD), usPayment(2, 5_00, Urgency.STANDARD))));

        byte[] first = usWriter.write("MSG-6", CREATED_AT, blocks);
        byte[] again = new Pain001Writer(US_COMPANY).write("MSG-6", CREATED_AT.plusNanos(999), List.copyOf(blocks));

        assertThat(again).isEqualTo(first);
    }

    @Test
    void writesUtf8AndEscapesWhatXmlReserves() {
        PaymentInstruction payment = new PaymentInstruction(EndToEndIds.of(Fixtures.payoutId(1), 0), 1_00, "EUR",
                "Zoë & Søren <GmbH>", new IbanAccount("FR1420041010050500013M02606", "BNPAFRPP"), "Auszahlung für Zoë",
                Urgency.STANDARD);

        byte[] file = euWriter.write("MSG-7", CREATED_AT,
                List.of(new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD, List.of(payment))));

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        assertThat(new String(file, StandardCharsets.UTF_8)).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"")
                .contains("Zoë &amp; Søren &lt;GmbH&gt;");
        assertThat(XmlPaths.of(file).text(PMT_INF + "/CdtTrfTxInf/Cdtr/Nm")).isEqualTo("Zoë & Søren <GmbH>");
    }

    @Test
    void refusesToPayAUsSchemeFromAnIbanAccount() {
        assertThatThrownBy(() -> euWriter.write("MSG-8", CREATED_AT, List.of(new PaymentBlock(EXECUTION_DATE,
                Urgency.STANDARD, List.of(usPayment(1, 1_00, Urgency.STANDARD))))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("US_ACH cannot pay from the debtor's IbanAccount");
    }

    @Test
    void refusesTheSameEndToEndIdTwiceInOneFile() {
        List<PaymentBlock> blocks = List.of(new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(usPayment(1, 1_00, Urgency.STANDARD), usPayment(1, 2_00, Urgency.STANDARD))));

        assertThatThrownBy(() -> usWriter.write("MSG-9", CREATED_AT, blocks))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("appears twice in one file");
    }

    @Test
    void refusesAMessageIdThatLeavesNoRoomForBlockIds() {
        List<PaymentBlock> blocks = List.of(new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(usPayment(1, 1_00, Urgency.STANDARD))));

        assertThatThrownBy(() -> usWriter.write("M".repeat(32), CREATED_AT, blocks))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 31");
        assertThatThrownBy(() -> usWriter.write("MSG 10", CREATED_AT, blocks))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAFileWithoutPayments() {
        assertThatThrownBy(() -> usWriter.write("MSG-11", CREATED_AT, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 999 payment blocks");
    }
}
