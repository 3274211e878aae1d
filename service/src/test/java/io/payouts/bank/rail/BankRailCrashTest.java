package io.payouts.bank.rail;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.driver.DriverId;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service dies as kill -9 kills (in a JVM of its own) while it builds a file, and the next one dies halfway
 * through uploading it; the third, started on the same database and bank, finishes the work: every payout is in
 * exactly one file the bank received, each completed once, and the money adds up.
 */
@ApplicationTest
class BankRailCrashTest {

    private static final Duration START = Duration.ofMinutes(5);

    @TempDir
    Path directory;

    @Test
    void everyPayoutIsInExactlyOneUploadedFileAfterCrashesWhileBuildingAndWhileUploading() throws Exception {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        try (ExternalBank bank = new ExternalBank(directory.resolve("bank"))) {
            Process building = start(database, bank, "building", "first");
            BankRailApplication first = BankRailApplication.remote(Api.at(awaitReady(building, "first")));
            first.fund(50_000);
            long funded = WalletInvariant.quietBalance(first.production()).available();
            List<String> payouts = payAtOnce(first, List.of(first.payableDriver(), first.payableDriver(),
                    first.payableDriver()), List.of(1_100L, 1_200L, 1_300L));
            assertThat(building.waitFor(2, TimeUnit.MINUTES)).as("died while building a file").isTrue();
            assertThat(log("first")).contains("DYING while building a file");

            // it dies at its first upload, the file the first one left, maybe before it says it is ready
            Process uploading = start(database, bank, "uploading", "second");
            assertThat(uploading.waitFor(START.toMinutes(), TimeUnit.MINUTES)).as("died while uploading").isTrue();
            assertThat(log("second")).contains("DYING while uploading");
            assertThat(partFiles(bank.outbound())).isNotEmpty();

            Process finishing = start(database, bank, "none", "third");
            try {
                BankRailApplication third = BankRailApplication.remote(Api.at(awaitReady(finishing, "third")));
                payouts.forEach(payoutId -> third.awaitStatus(payoutId, "completed"));

                Map<String, Long> timesSent = BankRailApplication.endToEndIdsIn(bank.outbound()).stream()
                        .collect(Collectors.groupingBy(id -> "pay_" + id.substring(0, 32), Collectors.counting()));
                assertThat(timesSent).containsOnlyKeys(payouts).allSatisfy((payout, times) ->
                        assertThat(times).as("files paying %s", payout).isEqualTo(1));
                for (String payoutId : payouts) {
                    assertThat(third.history(payoutId)).extracting(event -> event.path("type").asText())
                            .filteredOn("payout.succeeded"::equals).hasSize(1);
                }
                assertThat(WalletInvariant.quietBalance(third.production()).available())
                        .isEqualTo(funded - 1_100 - 1_200 - 1_300);
                WalletInvariant.assertHolds(third.production());
            } finally {
                finishing.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
            }
        }
    }

    /** The payouts in one bulk request, so that every one is accepted before the first file is built. */
    private static List<String> payAtOnce(BankRailApplication service, List<DriverId> drivers, List<Long> amounts) {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < drivers.size(); i++) {
            items.append(i == 0 ? "" : ",").append("{\"driverId\":\"").append(drivers.get(i).value())
                    .append("\",\"amount\":").append(amounts.get(i)).append('}');
        }
        Api.Response bulk = service.production().post("/api/v1/payouts/bulk", "{\"payouts\":[" + items + "]}");
        assertThat(bulk.status()).as("bulk payouts: %s", bulk).isEqualTo(200);
        List<String> payouts = new ArrayList<>();
        for (JsonNode result : bulk.data().path("results")) {
            assertThat(result.path("status").asText()).as("%s", result).isEqualTo("success");
            payouts.add(result.path("item").path("id").asText());
        }
        return payouts;
    }

    private Process start(TestPostgres.TestDatabase database, ExternalBank bank, String crash, String name)
            throws IOException {
        // C1 alone: the three services, started one after another, spend most of their life starting, where the
        // optimizing compiler costs about 40 % of the CPU and pays nothing back.
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx512m", "-XX:TieredStopAtLevel=1", "-Daxoniq.update-checker.disabled=true", "-cp",
                System.getProperty("java.class.path"), BankRailChild.class.getName()));
        command.addAll(List.of(database.asArguments("--server.port=0",
                "--payouts.owner.email=" + BankRailApplication.OWNER_EMAIL,
                "--payouts.owner.password=" + BankRailApplication.OWNER_PASSWORD,
                "--payouts.rail.production=iso20022", "--payouts.bank.cutoff=2s", "--payouts.bank.poll-interval=200ms",
                "--payouts.sandbox.kyc-verification-delay=1h", "--bank.test.crash=" + crash,
                "--bank.test.outbound=" + bank.outbound())));
        command.addAll(bank.arguments());
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile(name).toFile()).start();
    }

    private String awaitReady(Process child, String name) throws IOException {
        await(name + " started").atMost(START).pollInterval(Duration.ofMillis(500)).until(() -> {
            assertThat(child.isAlive() || log(name).contains("READY")).as("%s is running", name).isTrue();
            return log(name).contains("READY ");
        });
        String line = log(name).lines().filter(candidate -> candidate.startsWith("READY ")).findFirst().orElseThrow();
        return "http://localhost:" + line.substring("READY ".length()).strip();
    }

    private String log(String name) throws IOException {
        Path log = logFile(name);
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private Path logFile(String name) {
        return directory.resolve(name + ".log");
    }

    private static List<Path> partFiles(Path outbound) throws IOException {
        try (Stream<Path> files = Files.list(outbound)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".part")).toList();
        }
    }
}
