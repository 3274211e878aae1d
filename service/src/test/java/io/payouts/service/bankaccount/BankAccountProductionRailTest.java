package io.payouts.service.bankaccount;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.testsupport.TestPostgres;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static io.payouts.service.bankaccount.BankAccounts.ibanJson;
import static io.payouts.service.bankaccount.BankAccounts.newAccountNumber;
import static io.payouts.service.bankaccount.BankAccounts.newIban;
import static io.payouts.service.bankaccount.BankAccounts.path;
import static io.payouts.service.bankaccount.BankAccounts.usJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With production paying through a rail that sends money to bank accounts ({@code payouts.rail.production}), a
 * production payout to a driver without one is refused at admission like any driver who cannot be paid (ADR-0017),
 * on every path, and nothing is reserved; the sandbox still pays without. The simulated bank in process pays the
 * production payouts admitted here (the bank rail needs a bank to start): only the admission rule is under test. An
 * application and database of their own, for that property.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + BankAccountProductionRailTest.OWNER_EMAIL,
                "payouts.owner.password=" + BankAccountProductionRailTest.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.production=iso20022",
                "payouts.bank.simulator.enabled=true",
                "payouts.rail.standard-delay=1s",
                "payouts.rail.instant-delay=1s",
                "payouts.rail.poll-interval=100ms",
                "payouts.sandbox.kyc-verification-delay=1h"})
class BankAccountProductionRailTest {

    static final String OWNER_EMAIL = "owner@bank-rail.test";
    static final String OWNER_PASSWORD = "bank rail test owner password";

    @Autowired
    private ConfigurableApplicationContext application;
    @Autowired
    private EventProcessingConfiguration processing;
    @Autowired
    private JdbcTemplate jdbc;

    @DynamicPropertySource
    static void databaseAndBank(DynamicPropertyRegistry registry) throws IOException {
        TestPostgres.useOwnDatabase(BankAccountProductionRailTest.class, registry);
        Path bankDirectory = Files.createTempDirectory("simulated-bank");
        registry.add("payouts.bank.simulator.directory", bankDirectory::toString);
    }

    @Test
    void refusesAProductionPayoutOnEveryPathToADriverWithoutABankAccountAndReservesNothing() {
        Api production = production();
        BankAccounts.fundProduction(production, owner(), 10_000);
        String driverId = BankAccounts.payableDriver(production);
        long availableBefore = production.get("/api/v1/balance").data().path("available").asLong();

        Api.Response single = production.post("/api/v1/payouts", payout(driverId, 1_000));
        Api.Response instant = production.post("/api/v1/payouts/instant", payout(driverId, 1_000));
        Api.Response bulk = production.post("/api/v1/payouts/bulk", """
                {"payouts":[%s]}""".formatted(payout(driverId, 1_000)));
        Api.Response batch = production.post("/api/v1/batches", """
                {"name":"week 3","urgency":"standard","payouts":[%s]}""".formatted(payout(driverId, 1_000)));

        for (Api.Response refused : new Api.Response[]{single, instant}) {
            assertThat(refused.status()).as("%s", refused).isEqualTo(422);
            assertThat(refused.error().path("code").asText()).isEqualTo("DRIVER_NOT_PAYABLE");
            assertThat(refused.error().path("message").asText()).contains("no bank account");
        }
        JsonNode item = bulk.data().path("results").get(0);
        assertThat(item.path("code").asText()).as("%s", bulk).isEqualTo("DRIVER_NOT_PAYABLE");
        assertThat(item.path("error").asText()).contains("no bank account");
        assertThat(batch.status()).as("%s", batch).isEqualTo(400);
        assertThat(batch.error().path("details").path("payouts[0].driverId").asText()).contains("no bank account");
        assertThat(production.get("/api/v1/balance").data().path("available").asLong()).as("nothing reserved")
                .isEqualTo(availableBefore);
        assertThat(production.get("/api/v1/payouts?driverId=" + driverId).data().path("items")).as("never sent")
                .isEmpty();
    }

    @Test
    void paysOnceTheAccountIsOnFileAndNoLongerOnceItIsRemovedOrErased() {
        Api production = production();
        BankAccounts.fundProduction(production, owner(), 10_000);
        String driverId = BankAccounts.payableDriver(production);
        BankAccounts.set(production, driverId, usJson("Ana Diaz", newAccountNumber()));

        Api.Response paid = production.post("/api/v1/payouts", payout(driverId, 1_000));
        assertThat(paid.status()).as("%s", paid).isEqualTo(200);

        assertThat(production.delete(path(driverId)).status()).isEqualTo(200);
        assertThat(production.post("/api/v1/payouts", payout(driverId, 1_000)).status()).isEqualTo(422);

        BankAccounts.set(production, driverId, ibanJson("Ana Diaz", newIban()));
        assertThat(production.post("/api/v1/payouts", payout(driverId, 1_000)).status()).isEqualTo(200);

        assertThat(production.delete("/api/v1/drivers/" + driverId + "/personal-data").status()).isEqualTo(200);
        Api.Response afterErasure = production.post("/api/v1/payouts", payout(driverId, 1_000));
        assertThat(afterErasure.status()).as("%s", afterErasure).isEqualTo(422);
        assertThat(afterErasure.error().path("message").asText()).contains("no bank account");
    }

    @Test
    void aBatchPayoutWhoseDriverLostTheAccountBeforeTheReleaseFailsThereWithNothingReserved() {
        Api production = production();
        BankAccounts.fundProduction(production, owner(), 10_000);
        String keeping = BankAccounts.payableDriver(production);
        String losing = BankAccounts.payableDriver(production);
        BankAccounts.set(production, keeping, usJson("Ana Diaz", newAccountNumber()));
        BankAccounts.set(production, losing, usJson("Bo Li", newAccountNumber()));
        Api.Response created = production.post("/api/v1/batches", """
                {"name":"week 4","urgency":"standard","payouts":[%s,%s]}"""
                .formatted(payout(keeping, 1_000), payout(losing, 2_000)));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String batchId = created.data().path("id").asText();
        assertThat(production.delete(path(losing)).status()).isEqualTo(200);
        long availableBefore = production.get("/api/v1/balance").data().path("available").asLong();

        Api.Response released = production.post("/api/v1/batches/" + batchId + "/release", null);

        assertThat(released.status()).as("%s", released).isEqualTo(200);
        assertThat(production.get("/api/v1/balance").data().path("available").asLong())
                .as("only the payout whose driver has an account reserved").isEqualTo(availableBefore - 1_000);
        await("the payout without an account fails at the release").atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            JsonNode payouts = production.get("/api/v1/payouts?driverId=" + losing).data().path("items");
            assertThat(payouts).hasSize(1);
            assertThat(payouts.get(0).path("status").asText()).isEqualTo("failed");
        });
    }

    @Test
    void theSandboxStillPaysWithoutAccounts() {
        Api sandbox = Api.withSandboxKeyFor(application);
        assertThat(sandbox.post("/api/v1/funding/topup", "{\"amount\":5000}").status()).isEqualTo(200);
        String driverId = BankAccounts.payableDriver(sandbox);

        await("the sandbox top-up settles").atMost(Duration.ofSeconds(10)).until(() ->
                sandbox.get("/api/v1/balance").data().path("available").asLong() >= 1_000);
        Api.Response paid = sandbox.post("/api/v1/payouts", payout(driverId, 1_000));

        assertThat(paid.status()).as("%s", paid).isEqualTo(200);
    }

    /**
     * Every way an account comes in, goes out and is refused, at the log's most talkative: no line shows an account
     * number, an IBAN or a holder's name.
     */
    @Test
    void theLogNeverPrintsAnAccountNumberOrAnIban() {
        String number = newAccountNumber();
        String secondNumber = newAccountNumber();
        String refusedNumber = newAccountNumber() + "99999";
        String iban = newIban();
        String holder = "Wilhelmina Logcheck";
        try (CapturedLog log = new CapturedLog()) {
            Api production = production();
            BankAccounts.fundProduction(production, owner(), 10_000);
            String driverId = BankAccounts.payableDriver(production);
            BankAccounts.set(production, driverId, usJson(holder, number));
            production.get(path(driverId));
            production.put(path(driverId), usJson(holder, refusedNumber));
            production.put(path(driverId), """
                    {"holderName":"%s","iban":"%s","bic":"COBADEFFXXX"}""".formatted(holder, iban.replace("DE", "FR")));
            BankAccounts.set(production, driverId, ibanJson(holder, iban));
            production.post("/api/v1/drivers/bulk", """
                    {"drivers":[{"svcDriverId":"%s","name":"Bo Li","email":"bo@example.com","phone":"+14155550124",
                     "bankAccount":%s},
                     {"svcDriverId":"%s","name":"Cy Ng","email":"cy@example.com","phone":"+14155550125",
                     "bankAccount":{"holderName":"Cy","country":"US","routingNumber":"1","accountNumber":"%s",
                                    "accountType":"checking"}}]}"""
                    .formatted(Api.uniqueSvcDriverId(), usJson(holder, secondNumber), Api.uniqueSvcDriverId(),
                            refusedNumber));
            assertThat(production.post("/api/v1/payouts", payout(driverId, 1_000)).status()).isEqualTo(200);
            production.get("/api/v1/drivers/" + driverId + "/history");
            production.get("/api/v1/events?resource=" + driverId);
            production.delete(path(driverId));
            production.put(path(driverId), usJson(holder, number));
            production.delete("/api/v1/drivers/" + driverId + "/personal-data");
            production.put(path(driverId), usJson(holder, number));
            await("the bank account read model applies the run's events").atMost(Duration.ofSeconds(30))
                    .until(this::projectionCaughtUp);

            log.saveAs("production-rail-run.log");
            assertThat(log.lineCount()).as("the capture saw the run").isPositive();
            assertThat(log.text()).doesNotContain(number, secondNumber, refusedNumber, iban,
                    iban.substring(4), holder);
        }
    }

    private boolean projectionCaughtUp() {
        StreamingEventProcessor processor = processing.eventProcessor(
                ProcessingGroups.DRIVER_BANK_ACCOUNT_PROJECTION, StreamingEventProcessor.class).orElseThrow();
        long head = jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
        return processor.processingStatus().values().stream()
                .allMatch(segment -> segment.getCurrentPosition().orElse(-1) >= head);
    }

    private static String payout(String driverId, long amount) {
        return """
                {"driverId":"%s","amount":%d,"description":"week 3"}""".formatted(driverId, amount);
    }

    private Api production() {
        return BankAccounts.productionApi(owner(), Api.of(application));
    }

    private Api owner() {
        return Api.of(application).signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    }
}
