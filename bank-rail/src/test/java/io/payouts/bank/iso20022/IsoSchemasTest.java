package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The schema checks the other tests lean on do catch broken files. */
class IsoSchemasTest {

    @Test
    void catchesACamt054EntryWithItsElementsOutOfOrder() {
        String sample = new String(Samples.bytes("camt054-credits.xml"), StandardCharsets.UTF_8);
        byte[] broken = sample.replaceFirst("<CdtDbtInd>CRDT</CdtDbtInd>\\s*<Sts>\\s*<Cd>BOOK</Cd>\\s*</Sts>",
                "<Sts><Cd>BOOK</Cd></Sts><CdtDbtInd>CRDT</CdtDbtInd>").getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> IsoSchemas.assertValidCamt054(broken))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("camt.054.001.08");
    }

    @Test
    void catchesAStatusReportWithoutItsOriginalMessageName() {
        String sample = new String(Samples.bytes("pain002-file-rejected.xml"), StandardCharsets.UTF_8);
        byte[] broken = sample.replace("<OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>", "")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> IsoSchemas.assertValid(broken, IsoSchemas.PAIN_002))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("OrgnlMsgNmId");
    }
}
