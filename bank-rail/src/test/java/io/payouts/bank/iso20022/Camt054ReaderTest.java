package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Camt054ReaderTest {

    private final Camt054Reader reader = new Camt054Reader();

    @ParameterizedTest
    @ValueSource(strings = {"camt054-debits-and-return.xml", "camt054-credits.xml"})
    void samplesAreValidNotifications(String sample) {
        IsoSchemas.assertValidCamt054(Samples.bytes(sample));
    }

    @Test
    void readsEachPaymentOfABatchBookedDebit() {
        List<Notification> notifications = reader.read(Samples.bytes("camt054-debits-and-return.xml"));

        assertThat(notifications.get(0)).isEqualTo(new Notification(Direction.DEBIT, EntryStatus.BOOKED, 12_34, "USD",
                Optional.of("00000000000000000000000000000001-0"), Optional.empty(), "", Optional.empty(), false,
                Optional.of("BANKREF-1001"), Optional.of(LocalDate.of(2026, 11, 23))));
        assertThat(notifications.get(1).amountCents()).isEqualTo(5_00);
        assertThat(notifications.get(1).endToEndId()).contains("00000000000000000000000000000002-0");
    }

    @Test
    void readsAReturnWithItsReasonAndThePaymentItReturns() {
        Notification returned = reader.read(Samples.bytes("camt054-debits-and-return.xml")).get(2);

        assertThat(returned.isReturn()).isTrue();
        assertThat(returned.direction()).isEqualTo(Direction.CREDIT);
        assertThat(returned.endToEndId()).contains("00000000000000000000000000000002-0");
        assertThat(returned.returnReason()).contains(new BankReason("AC04", "closed account number",
                "R02 account closed"));
        assertThat(returned.bookingDate()).contains(LocalDate.of(2026, 11, 25));
    }

    @Test
    void givesATransactionWithoutAnAmountItsEntrysAmountAndStatus() {
        Notification pending = reader.read(Samples.bytes("camt054-debits-and-return.xml")).get(3);

        assertThat(pending.status()).isEqualTo(EntryStatus.PENDING);
        assertThat(pending.amountCents()).isEqualTo(99_00);
        assertThat(pending.direction()).isEqualTo(Direction.DEBIT);
        assertThat(pending.isReturn()).isFalse();
    }

    @Test
    void readsATopUpByItsStructuredReference() {
        Notification topUp = reader.read(Samples.bytes("camt054-credits.xml")).get(0);

        assertThat(topUp.direction()).isEqualTo(Direction.CREDIT);
        assertThat(topUp.amountCents()).isEqualTo(25_000_00);
        assertThat(topUp.currency()).isEqualTo("EUR");
        assertThat(topUp.reference()).contains("TOPUP-7F3K9Q");
        assertThat(topUp.remittanceText()).isEqualTo("Wallet funding");
        assertThat(topUp.endToEndId()).as("NOTPROVIDED names no payment").isEmpty();
        assertThat(topUp.bookingDate()).contains(LocalDate.of(2026, 11, 24));
    }

    @Test
    void readsACreditWithoutDetailsAsOneMovementWithoutReferences() {
        Notification unmatched = reader.read(Samples.bytes("camt054-credits.xml")).get(1);

        assertThat(unmatched).isEqualTo(new Notification(Direction.CREDIT, EntryStatus.BOOKED, 12_50, "EUR",
                Optional.empty(), Optional.empty(), "", Optional.empty(), false, Optional.empty(), Optional.empty()));
    }

    @Test
    void joinsUnstructuredRemittanceLinesAndMarksInformationOnlyEntries() {
        Notification info = reader.read(Samples.bytes("camt054-credits.xml")).get(2);

        assertThat(info.status()).isEqualTo(EntryStatus.INFORMATION);
        assertThat(info.reference()).isEmpty();
        assertThat(info.remittanceText()).isEqualTo("thanks for the ride see you");
    }

    @Test
    void marksAReversal() {
        assertThat(reader.read(Samples.bytes("camt054-credits.xml")).get(3).reversal()).isTrue();
    }

    @Test
    void refusesAFileThatIsNotXml() {
        assertThatThrownBy(() -> reader.read("amount;reference\n12.50;TOPUP".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageStartingWith("not a readable camt.054.001.08: not well-formed XML");
    }

    @Test
    void refusesAStatusReport() {
        assertThatThrownBy(() -> reader.read(Samples.bytes("pain002-file-rejected.xml")))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("not a readable camt.054.001.08: the file is a pain.002.001.10, not a camt.054.001.08");
    }

    @Test
    void refusesAnElementTheMessageDoesNotHave() {
        byte[] broken = sampleWith("<CdtDbtInd>CRDT</CdtDbtInd>\n        <Sts>",
                "<CdtDbtInd>CRDT</CdtDbtInd>\n        <Status>");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessageContaining("unexpected element");
    }

    @Test
    void refusesAnAmountThatIsNotWholeCents() {
        byte[] broken = sampleWith("<Amt Ccy=\"EUR\">12.50</Amt>", "<Amt Ccy=\"EUR\">12.505</Amt>");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("notification NTF-0002 entry 2 has an amount of 12.505, which is not whole cents");
    }

    @Test
    void refusesAnEntryWithoutAStatus() {
        byte[] broken = sampleWith("<Sts>\n          <Cd>INFO</Cd>\n        </Sts>", "");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("notification NTF-0002 entry 3 has no Sts/Cd");
    }

    @Test
    void refusesAnEntryWithoutADirection() {
        byte[] broken = sampleWith("<Amt Ccy=\"EUR\">12.50</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>",
                "<Amt Ccy=\"EUR\">12.50</Amt>");

        assertThatThrownBy(() -> reader.read(broken))
                .isInstanceOf(UnreadableBankFileException.class)
                .hasMessage("notification NTF-0002 entry 2 has no CdtDbtInd");
    }

    private static byte[] sampleWith(String original, String replacement) {
        String sample = new String(Samples.bytes("camt054-credits.xml"), StandardCharsets.UTF_8);
        assertThat(sample).contains(original);
        return sample.replaceFirst(java.util.regex.Pattern.quote(original),
                java.util.regex.Matcher.quoteReplacement(replacement)).getBytes(StandardCharsets.UTF_8);
    }
}
