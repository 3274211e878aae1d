package io.payouts.bank.rail;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.bank.iso20022.EndToEndIds;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.driver.DriverId;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the bank sends that the rail cannot act on is parked where an admin sees it, with the file and the reason;
 * nothing moves twice, nothing is dropped, and the files after it are read as usual.
 */
class BadBankFilesTest extends SimulatedBankTest {

    @Test
    void parksFilesThatDoNotParseAndGoesOnWithTheNext() {
        BankRailApplication service = service();
        long before = WalletInvariant.quietBalance(service.production()).available();
        String garbage = unique("garbage");
        String broken = unique("broken");

        bankSends(garbage, "this is not a bank file".getBytes(StandardCharsets.UTF_8));
        bankSends(broken, ("<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.002.001.10\">"
                + "<CstmrPmtStsRpt><GrpHdr>").getBytes(StandardCharsets.UTF_8));
        BankRailApplication.TopUp topUp = service.requestTopUp(1_500);
        service.bank().simulator().creditTopUp(topUp.reference(), 1_500);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(problem(garbage).path("reason").asText()).contains("neither a pain.002");
            assertThat(problem(broken).path("reason").asText()).contains("does not parse");
            assertThat(service.available()).isEqualTo(before + 1_500);
        });
    }

    @Test
    void parksAStatusForAPaymentTheBankWasNeverSent() {
        String stranger = EndToEndIds.of("pay_" + UUID.randomUUID().toString().replace("-", ""), 0);
        String name = unique("stranger");

        bankSends(name, statusReport("PO20990101-1", stranger, "ACSC"));

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode problem = problem(name);
            assertThat(problem.path("endToEndId").asText()).isEqualTo(stranger);
            assertThat(problem.path("reason").asText()).contains("never sent to the bank");
        });
    }

    @Test
    void parksADuplicateAndAContradictingStatusWithoutMovingMoneyAgain() {
        BankRailApplication service = service();
        service.fund(10_000);
        DriverId driver = service.payableDriver();
        String payoutId = service.pay(driver, 2_000);
        service.awaitStatus(payoutId, "completed");
        String endToEndId = EndToEndIds.of(payoutId, 0);
        String messageId = service.history(payoutId).get(1).path("data").path("railReference").asText();
        long before = WalletInvariant.quietBalance(service.production()).available();
        String duplicate = unique("duplicate");
        String contradicting = unique("contradicting");

        bankSends(duplicate, notification(endToEndId, 2_000, "DBIT", ""));
        bankSends(contradicting, statusReport(messageId, endToEndId, "RJCT"));

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(problem(duplicate).path("reason").asText()).contains("duplicate status");
            assertThat(problem(contradicting).path("reason").asText())
                    .contains("rejects a payment it settled before");
            assertThat(problem(contradicting).path("payoutId").asText()).isEqualTo(payoutId);
        });
        assertThat(service.payout(payoutId).path("status").asText()).isEqualTo("completed");
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before);
        assertThat(service.history(payoutId)).hasSize(4);
    }

    @Test
    void parksASecondReturnOfTheSamePaymentAndCreditsNothingMore() {
        BankRailApplication service = service();
        service.fund(10_000);
        DriverId driver = service.payableDriver(RETURNED_ACCOUNT);
        String payoutId = service.pay(driver, 2_500);
        service.awaitStatus(payoutId, "completed");
        service.awaitStatus(payoutId, "failed");
        long before = WalletInvariant.quietBalance(service.production()).available();
        String again = unique("return-again");

        bankSends(again, notification(EndToEndIds.of(payoutId, 0), 2_500, "CRDT",
                "<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>"));

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(problem(again).path("reason").asText())
                .contains("duplicate return"));
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before);
        WalletInvariant.assertHolds(service.production());
    }

    @Test
    void listsProblemsAndUnmatchedCreditsForOwnersAndAdminsOnly() {
        BankRailApplication service = service();
        Api sandboxKey = Api.withSandboxKeyFor(service.context());

        assertThat(service.owner().get("/api/v1/admin/rail/problems").status()).isEqualTo(200);
        assertThat(service.owner().get("/api/v1/admin/funding/unmatched-credits").status()).isEqualTo(200);
        assertThat(sandboxKey.get("/api/v1/admin/rail/problems").status()).isIn(401, 403);
        assertThat(service.owner().anonymous().get("/api/v1/admin/funding/unmatched-credits").status())
                .isEqualTo(401);
        Api.Response badPage = service.owner().get("/api/v1/admin/rail/problems?pageSize=0");
        assertThat(badPage.status()).isEqualTo(400);
        assertThat(badPage.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(badPage.error().path("details").has("pageSize")).isTrue();
        Api.Response badNumber = service.owner().get("/api/v1/admin/funding/unmatched-credits?page=x");
        assertThat(badNumber.status()).isEqualTo(400);
        assertThat(badNumber.error().path("details").has("page")).isTrue();
    }

    private JsonNode problem(String fileName) {
        JsonNode problems = service().owner().get("/api/v1/admin/rail/problems?pageSize=100").data().path("items");
        for (JsonNode problem : problems) {
            if (fileName.equals(problem.path("fileName").asText())) {
                return problem;
            }
        }
        throw new AssertionError("no problem parked for " + fileName + " in " + problems);
    }

    private static String unique(String what) {
        return "zz-" + what + "-" + UUID.randomUUID() + ".xml";
    }

    /** A pain.002 with one payment's status, about message {@code messageId}. */
    private static byte[] statusReport(String messageId, String endToEndId, String status) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
                  <CstmrPmtStsRpt>
                    <GrpHdr><MsgId>TEST-%s</MsgId><CreDtTm>2026-11-23T08:15:00+00:00</CreDtTm></GrpHdr>
                    <OrgnlGrpInfAndSts><OrgnlMsgId>%s</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>
                    </OrgnlGrpInfAndSts>
                    <OrgnlPmtInfAndSts><OrgnlPmtInfId>%s-1</OrgnlPmtInfId>
                      <TxInfAndSts><OrgnlEndToEndId>%s</OrgnlEndToEndId><TxSts>%s</TxSts></TxInfAndSts>
                    </OrgnlPmtInfAndSts>
                  </CstmrPmtStsRpt>
                </Document>""".formatted(UUID.randomUUID().toString().substring(0, 8), messageId, messageId,
                endToEndId, status).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A camt.054 with one booked entry of {@code cents} for the payment {@code endToEndId}: a debit (the payment
     * booked) or a credit with {@code returnInformation} (the payment returned).
     */
    private static byte[] notification(String endToEndId, long cents, String direction, String returnInformation) {
        String amount = String.format("%d.%02d", cents / 100, cents % 100);
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
                  <BkToCstmrDbtCdtNtfctn>
                    <GrpHdr><MsgId>TEST-NTFCTN</MsgId><CreDtTm>2026-11-24T08:00:00+00:00</CreDtTm></GrpHdr>
                    <Ntfctn>
                      <Id>TEST-NTFCTN</Id>
                      <CreDtTm>2026-11-24T08:00:00+00:00</CreDtTm>
                      <Acct><Id><Othr><Id>000123456789</Id></Othr></Id><Ccy>USD</Ccy></Acct>
                      <Ntry>
                        <Amt Ccy="USD">%s</Amt>
                        <CdtDbtInd>%s</CdtDbtInd>
                        <Sts><Cd>BOOK</Cd></Sts>
                        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ACDT</SubFmlyCd></Fmly></Domn></BkTxCd>
                        <NtryDtls><TxDtls>
                          <Refs><EndToEndId>%s</EndToEndId></Refs>
                          <Amt Ccy="USD">%s</Amt>
                          <CdtDbtInd>%s</CdtDbtInd>
                          %s
                        </TxDtls></NtryDtls>
                      </Ntry>
                    </Ntfctn>
                  </BkToCstmrDbtCdtNtfctn>
                </Document>""".formatted(amount, direction, endToEndId, amount, direction, returnInformation)
                .getBytes(StandardCharsets.UTF_8);
    }
}
