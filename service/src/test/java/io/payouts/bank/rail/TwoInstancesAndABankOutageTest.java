package io.payouts.bank.rail;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.driver.DriverId;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances on one PostgreSQL pay through one bank, their rounds competing for the leases: one file per cut-off,
 * and no payout in two files. Payouts are admitted through one instance, since with the events in PostgreSQL each
 * instance's wallet cache assumes it is the wallet's only writer (ADR-0011; Axon Server routes instead, ADR-0029);
 * the rail's moves come from whichever instance holds the rounds. While the bank is out of reach, payouts wait queued
 * and their files wait in the database, readiness stays up and the bank's health and gauges say so; once it answers,
 * everything goes out, once.
 */
@ApplicationTest
class TwoInstancesAndABankOutageTest {

    private static final String OPERATOR_TOKEN = "bank outage operator token";

    private static ExternalBank bank;
    private static BankRailApplication first;
    private static BankRailApplication second;

    @BeforeAll
    static void twoInstancesOnOneDatabaseAndOneBank() throws Exception {
        bank = new ExternalBank(Files.createTempDirectory("external-bank"));
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        List<String> arguments = bank.arguments();
        arguments.add("--payouts.management.token=" + OPERATOR_TOKEN);
        first = BankRailApplication.start(database, arguments.toArray(String[]::new));
        second = BankRailApplication.start(database, arguments.toArray(String[]::new));
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {second, first, bank}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception ignored) {
                // the next one still stops
            }
        }
    }

    @Test
    void twoInstancesSendOneFilePerCutOffAndNoPayoutTwice() {
        first.fund(100_000);
        long before = WalletInvariant.quietBalance(first.production()).available();
        List<DriverId> drivers = List.of(first.payableDriver(), first.payableDriver(), first.payableDriver());
        List<String> payouts = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            for (int i = 0; i < drivers.size(); i++) {
                payouts.add(first.pay(drivers.get(i), 1_000 + 10L * round + i));
            }
        }

        payouts.forEach(payoutId -> first.awaitStatus(payoutId, "completed"));

        Map<String, Long> timesSent = BankRailApplication.endToEndIdsIn(bank.outbound()).stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(timesSent.values()).allMatch(count -> count == 1);
        assertThat(timesSent.keySet().stream().map(id -> "pay_" + id.substring(0, 32)).toList())
                .containsAll(payouts);
        JdbcTemplate jdbc = first.context().getBean(JdbcTemplate.class);
        assertThat(jdbc.queryForList("""
                select cutoff_at from bank_file where kind = 'STANDARD' group by cutoff_at having count(*) > 1""")).isEmpty();
        long paid = payouts.stream().mapToLong(payoutId -> first.payout(payoutId).path("amount").asLong()).sum();
        assertThat(WalletInvariant.quietBalance(second.production()).available()).isEqualTo(before - paid);
        WalletInvariant.assertHolds(first.production());
    }

    @Test
    void keepsPayoutsQueuedWhileTheBankIsOutOfReachAndSendsThemOnceItAnswers() {
        first.fund(20_000);
        DriverId driver = first.payableDriver();
        bank.stop();
        String standard = first.pay(driver, 4_000);
        String instant = first.payInstantly(driver, 3_000);

        first.awaitStatus(standard, "queued");
        Api operator = Api.of(first.context()).withBearer(OPERATOR_TOKEN);
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode health = operator.get("/management/health").body().path("components").path("bank");
            assertThat(health.path("status").asText()).isEqualTo("DOWN");
            assertThat(health.path("details").path("filesWaiting").asLong()).isGreaterThanOrEqualTo(2);
            assertThat(health.path("details").path("lastError").asText()).isNotBlank();
            String metrics = operator.get("/management/prometheus").body().asText();
            assertThat(metrics).containsPattern("payouts_rail_bank_reachable\\{[^}]*} 0\\.0");
            assertThat(metrics).containsPattern("payouts_rail_files_waiting\\{[^}]*} [1-9]");
            assertThat(metrics).contains("payouts_rail_oldest_waiting_seconds");
        });
        assertThat(Api.of(second.context()).get("/management/health/readiness").status()).isEqualTo(200);
        assertThat(first.payout(standard).path("status").asText()).isEqualTo("queued");
        assertThat(first.payout(instant).path("status").asText()).isEqualTo("processing");

        bank.start();

        first.awaitStatus(standard, "completed");
        first.awaitStatus(instant, "completed");
        List<String> sent = BankRailApplication.endToEndIdsIn(bank.outbound());
        assertThat(sent.stream().filter(id -> id.startsWith(standard.substring(4)))).hasSize(1);
        assertThat(sent.stream().filter(id -> id.startsWith(instant.substring(4)))).hasSize(1);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(operator.get("/management/health")
                .body().path("components").path("bank").path("status").asText()).isEqualTo("UP"));
    }
}
