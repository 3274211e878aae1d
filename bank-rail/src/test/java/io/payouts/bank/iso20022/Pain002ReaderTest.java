package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Pain002ReaderTest {

    private static final String MESSAGE = "MSG-20261123-01";
    private static final String BLOCK = "MSG-20261123-01-1";
    private final Pain002Reader reader = new Pain002Reader();

    @ParameterizedTest
    @ValueSource(strings = {"pain002-transaction-statuses.xml", "pain002-file-rejected.xml",
            "pain002-block-statuses.xml"})
    void samplesAreValidStatusReports(String sample) {
        IsoSchemas.assertValid(Samples.bytes(sample), IsoSchemas.PAIN_002);
    }

    @Test
    void readsEachPaymentsStatusAfterTheMessagesAndTheBlocks() {
        List<PaymentStatus> statuses = reader.read(Samples.bytes("pain002-transaction-statuses.xml"));

        assertThat(statuses).extracting(PaymentStatus::scope).containsExactly(StatusScope.MESSAGE,
                StatusScope.PAYMENT_BLOCK, StatusScope.TRANSACTION, StatusScope.TRANSACTION, StatusScope.TRANSACTION,
                StatusScope.TRANSACTION, StatusScope.TRANSACTION);
        assertThat(statuses.get(0)).isEqualTo(new PaymentStatus(MESSAGE, StatusScope.MESSAGE, Optional.empty(),
                Optional.empty(), ReportedStatus.PARTIALLY_ACCEPTED, "PART", List.of()));
        assertThat(statuses.subList(2, 7)).extracting(PaymentStatus::status).containsExactly(ReportedStatus.ACCEPTED,
                ReportedStatus.REJECTED, ReportedStatus.SETTLED, ReportedStatus.REJECTED, ReportedStatus.PENDING);
    }

    @Test
    void readsARejectedPaymentWithItsReasonAndTheBanksWords() {
        PaymentStatus rejected = reader.read(Samples.bytes("pain002-transaction-statuses.xml")).get(3);

        assertThat(rejected).isEqualTo(new PaymentStatus(MESSAGE, StatusScope.TRANSACTION, Optional.of(BLOCK),
                Optional.of("00000000000000000000000000000002-0"), ReportedStatus.REJECTED, "RJCT",
                List.of(new BankReason("AC04", "closed account number", "Account closed on 2026-10-01"))));
        assertThat(EndToEndIds.parse(rejected.endToEndId().orElseThrow()))
                .contains(new PayoutAttempt(Fixtures.payoutId(2), 0));
    }

    @Test
    void keepsAProprietaryReasonCodeAndSaysItIsTheBanksOwn() {
        PaymentStatus rejected = reader.read(Samples.bytes("pain002-transaction-statuses.xml")).get(5);

        assertThat(rejected.reasons()).containsExactly(
                new BankReason("R03", "the bank's own code R03", "No account/unable to locate account"));
    }

    @Test
    void readsAWholeFileRejectedAtGroupLevel() {
        List<PaymentStatus> statuses = reader.read(Samples.bytes("pain002-file-rejected.xml"));

        assertThat(statuses).containsExactly(new PaymentStatus("MSG-20261123-02", StatusScope.MESSAGE,
                Optional.empty(), Optional.empty(), ReportedStatus.REJECTED, "RJCT",
                List.of(new BankReason("FF01", "invalid file format", "Schema validation failed at line 12"))));
    }

    @Test
    void givesAPaymentWithoutAStatusOfItsOwnItsBlocksStatus() {
        List<PaymentStatus> statuses = reader.read(Samples.bytes("pain002-block-statuses.xml"));

        assertThat(statuses.get(0).scope()).isEqualTo(StatusScope.PAYMENT_BLOCK);
        assertThat(statuses.get(0).reasons()).extracting(BankReason::code).containsExactly("AM04");
        assertThat(statuses.get(1)).isEqualTo(new PaymentStatus("MSG-20261123-03", StatusScope.TRANSACTION,
                Optional.of("MSG-20261123-03-1"), Optional.of("00000000000000000000000000000006-0"),
                ReportedStatus.REJECTED, "RJCT", List.of()));
    }

    @Test
    void keepsACodeItDoesNotKnowAsUnrecognised() {
        List<PaymentStatus> statuses = reader.read(Samples.bytes("pain002-block-statuses.xml"));

        assertThat(statuses.get(3).status()).isEqualTo(ReportedStatus.SETTLED);
        assertThat(statuses.get(4).status()).isEqualTo(ReportedStatus.UNRECOGNISED);
        assertThat(statuses.get(4).isoCode()).isEqualTo("XXXX");
    }

    @Test
    void readsFilesOnManyThreadsAtOnce() {
        byte[] sample = Samples.bytes("pain002-transaction-statuses.xml");
        List<PaymentStatus> once = reader.read(sample);

        List<List<PaymentStatus>> concurrently = IntStream.range(0, 64).parallel()
                .mapToObj(i -> reader.read(sample)).toList();

        assertThat(concurrently).allSatisfy(statuses -> assertThat(statuses).isEqualTo(once));
    }

    @Test
    void refusesAFileThatIsNotXml() {
        assertThatThrownBy(() -> reader.read("PK\u0003\u0004 not xml".getBytes(StandardCharsets.ISO_8859_1)))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageStartingWith("not a readable pain.002.001.10: not well-formed XML at line 1");
    }

    @Test
    void refusesAnEmptyFile() {
        assertThatThrownBy(() -> reader.read(new byte[0]))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("the file is empty, not a pain.002.001.10");
    }

    @Test
    void refusesAnotherMessageType() {
        assertThatThrownBy(() -> reader.read(Samples.bytes("camt054-credits.xml")))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("not a readable pain.002.001.10: the file is a camt.054.001.08, not a pain.002.001.10");
    }

    @Test
    void refusesXmlThatIsNoIsoDocument() {
        assertThatThrownBy(() -> reader.read("<html><body>503</body></html>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("not a readable pain.002.001.10: the root element is html, not an ISO 20022 Document");
    }

    @Test
    void refusesAnElementTheMessageDoesNotHave() {
        byte[] broken = sampleWith("<GrpSts>PART</GrpSts>", "<GrpStatus>PART</GrpStatus>");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageContaining("unexpected element")
                .hasMessageContaining("GrpStatus");
    }

    @Test
    void refusesAValueOfTheWrongType() {
        byte[] broken = sampleWith("2026-11-23T08:15:00+00:00", "this morning");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageContaining("this morning");
    }

    @Test
    void refusesAReportWithoutTheOriginalMessageId() {
        byte[] broken = sampleWith("<OrgnlMsgId>MSG-20261123-01</OrgnlMsgId>", "");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("a pain.002.001.10 without OrgnlGrpInfAndSts/OrgnlMsgId");
    }

    @Test
    void refusesAPaymentStatusWithoutItsEndToEndId() {
        byte[] broken = sampleWith("<OrgnlEndToEndId>00000000000000000000000000000001-0</OrgnlEndToEndId>", "");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageContaining("has a TxInfAndSts without OrgnlEndToEndId");
    }

    @Test
    void refusesADocumentTypeDeclaration() {
        byte[] withEntity = ("<?xml version=\"1.0\"?><!DOCTYPE Document [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.002.001.10\">&x;</Document>")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> reader.read(withEntity))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageContaining("DOCTYPE");
    }

    private static byte[] sampleWith(String original, String replacement) {
        String sample = new String(Samples.bytes("pain002-transaction-statuses.xml"), StandardCharsets.UTF_8);
        assertThat(sample).contains(original);
        return sample.replace(original, replacement).getBytes(StandardCharsets.UTF_8);
    }
}
