package io.payouts.bank.rail;

import io.payouts.bank.iso20022.CreditTransferInitiation;
import io.payouts.bank.iso20022.Fixtures;
import io.payouts.bank.iso20022.IsoSchemas;
import io.payouts.bank.iso20022.Pain001Reader;
import io.payouts.bank.iso20022.Pain001Writer;
import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.bank.iso20022.Urgency;
import io.payouts.shared.batch.BatchId;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A cut-off's file: a batch's release in a block of its own, the rest together, and the file valid against its XSD. */
class FileBlocksTest {

    private static final BatchId WEEKLY = new BatchId("batch_" + "a".repeat(32));
    private static final BatchId MONTHLY = new BatchId("batch_" + "b".repeat(32));
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);

    @Test
    void putsEachBatchsReleaseInABlockOfItsOwnAndEverythingElseInOne() {
        FileBlocks.Layout layout = FileBlocks.of(TODAY, List.of(
                entry(1, null), entry(2, WEEKLY), entry(3, null), entry(4, WEEKLY), entry(5, MONTHLY)));

        assertThat(layout.blocks()).hasSize(3);
        assertThat(layout.blocks().get(0).instructions()).extracting(PaymentInstruction::endToEndId)
                .containsExactly(id(1), id(3));
        assertThat(layout.blocks().get(1).instructions()).extracting(PaymentInstruction::endToEndId)
                .containsExactly(id(2), id(4));
        assertThat(layout.blockOf()).containsEntry(id(1), 1).containsEntry(id(4), 2).containsEntry(id(5), 3);
    }

    @Test
    void writesACutOffsFileTheSchemaAcceptsAndTheBankReadsBack() {
        FileBlocks.Layout layout = FileBlocks.of(TODAY, List.of(entry(1, null), entry(2, WEEKLY), entry(3, WEEKLY)));
        Instant createdAt = Instant.parse("2026-11-21T12:01:00Z");
        String messageId = BankFile.messageIdOf(42, createdAt);

        byte[] file = new Pain001Writer(Fixtures.US_COMPANY).write(messageId, createdAt, layout.blocks());

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        CreditTransferInitiation read = new Pain001Reader().read(file);
        assertThat(read.messageId()).isEqualTo("PO20261121-42");
        assertThat(read.instructions()).extracting(PaymentInstruction::endToEndId)
                .containsExactlyInAnyOrder(id(1), id(2), id(3));
        assertThat(BankFile.fileNameOf(messageId)).isEqualTo("pain001-PO20261121-42.xml");
    }

    @Test
    void writesAnInstantPaymentAloneMarkedForTheInstantScheme() {
        PaymentInstruction instant = Fixtures.usPayment(7, 2_500, Urgency.INSTANT);
        FileBlocks.Layout layout = FileBlocks.of(TODAY, List.of(new FileBlocks.Entry(instant, null)));

        byte[] file = new Pain001Writer(Fixtures.US_COMPANY).write("PO20261121-43", Instant.parse(
                "2026-11-21T12:01:05Z"), layout.blocks());

        IsoSchemas.assertValid(file, IsoSchemas.PAIN_001);
        assertThat(new String(file)).contains("<Cd>URNS</Cd>").contains("<Cd>INST</Cd>");
    }

    private static FileBlocks.Entry entry(int n, BatchId batch) {
        return new FileBlocks.Entry(Fixtures.usPayment(n, 1_000L * n, Urgency.STANDARD), batch);
    }

    private static String id(int n) {
        return Fixtures.usPayment(n, 1, Urgency.STANDARD).endToEndId();
    }
}
