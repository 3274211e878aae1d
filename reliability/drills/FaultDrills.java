import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

/**
 * Fault drills against the service jar on embedded PostgreSQL (reliability/README.md, "Fault drills"): each starts a
 * service on a database of its own, does real work through the API, injects one fault, and reports the writes it
 * had acknowledged, those it cannot find afterwards, the money check, the 5xx answers and the recovery time.
 */
public final class FaultDrills {

    static final String JAR = env("DRILL_JAR", "service/target/payouts-service.jar");
    static final int PORT = Integer.parseInt(env("DRILL_PORT", "18280"));
    static final int HOOK_PORT = Integer.parseInt(env("DRILL_HOOK_PORT", "18290"));
    static final Path OUT = Path.of(env("DRILL_OUT", "reliability/out"));
    static final String RUN_ID = env("DRILL_RUN_ID", String.valueOf(System.currentTimeMillis()));
    static final List<String> SCENARIOS = Arrays.asList(env("DRILL_SCENARIOS",
            "kill-during-batch-release,kill-during-rebuild,kill-during-sandbox-reset,webhooks-down,webhooks-hang,"
                    + "disk-full,soak").split(","));
    static final int BATCH_SIZE = Integer.parseInt(env("DRILL_BATCH_SIZE", "500"));
    static final double SOAK_MINUTES = Double.parseDouble(env("DRILL_SOAK_MINUTES", "60"));
    static final double SOAK_RATE = Double.parseDouble(env("DRILL_SOAK_RATE", "20"));
    static final Random RANDOM = new Random(Long.parseLong(env("DRILL_SEED", String.valueOf(System.nanoTime()))));

    /** The one 5xx a drill may see: the service saying, with Retry-After, that its database is out of reach. */
    static final String UNAVAILABLE = "503";

    private FaultDrills() {
    }

    public static void main(String[] args) throws Exception {
        Files.createDirectories(OUT);
        List<Report> reports = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            Report report = new Report(scenario);
            Path dir = Files.createTempDirectory("payouts-drill-" + scenario + "-");
            Service service = new Service(JAR, PORT, dir, logsOf(scenario), environmentOf(scenario));
            System.out.println("drill " + scenario + " (" + dir + ")");
            try {
                switch (scenario) {
                    case "kill-during-batch-release" -> KillDrills.duringBatchRelease(service, report);
                    case "kill-during-rebuild" -> KillDrills.duringRebuild(service, report);
                    case "kill-during-sandbox-reset" -> KillDrills.duringSandboxReset(service, report);
                    case "webhooks-down" -> WebhookDrills.receiverDown(service, report);
                    case "webhooks-hang" -> WebhookDrills.receiverHangs(service, report);
                    case "disk-full" -> DiskDrill.diskFull(service, report);
                    case "soak" -> SoakDrill.soak(service, report, SOAK_MINUTES, SOAK_RATE);
                    default -> report.fail("no such drill");
                }
            } catch (Exception e) {
                report.fail("the drill could not run: " + e);
                e.printStackTrace();
            } finally {
                service.stop();
                DiskDrill.unmount(service);
            }
            reports.add(report);
            System.out.println(report.row(UNAVAILABLE));
        }
        StringBuilder table = new StringBuilder("Fault drills, run " + RUN_ID + " at " + Instant.now() + ", "
                + Runtime.getRuntime().availableProcessors() + " cores\n\n"
                + "| drill | writes acknowledged | lost | money | 5xx | recovery | answers | result | notes |\n"
                + "|---|---|---|---|---|---|---|---|---|\n");
        boolean passed = true;
        for (Report report : reports) {
            table.append(report.row(UNAVAILABLE)).append('\n');
            passed &= report.passed(UNAVAILABLE);
        }
        Path file = OUT.resolve("drills-" + RUN_ID + ".md");
        Files.writeString(file, table);
        System.out.println();
        System.out.println(table);
        System.out.println("report: " + file);
        System.exit(passed ? 0 : 1);
    }

    static Path logsOf(String scenario) throws java.io.IOException {
        return Files.createDirectories(OUT.resolve("drills-" + RUN_ID).resolve(scenario));
    }

    private static Map<String, String> environmentOf(String scenario) {
        Map<String, String> environment = new HashMap<>();
        if (scenario.equals("kill-during-sandbox-reset")) {
            // the reset's catch-up wait, not the drill, decides how long the kill window is
            environment.put("PAYOUTS_SANDBOX_KYC_VERIFICATION_DELAY", "1h");
        }
        return environment;
    }

    /** Sends {@code request} on another thread and kills the service after a random pause within {@code maxMillis}. */
    static Client.Answer killWhile(Service service, java.util.function.Supplier<Client.Answer> request, int maxMillis,
                                   Report report) throws Exception {
        CompletableFuture<Client.Answer> answer = CompletableFuture.supplyAsync(request);
        int pause = RANDOM.nextInt(maxMillis + 1);
        Thread.sleep(pause);
        long killedAt = System.nanoTime();
        service.kill();
        Client.Answer got = answer.get();
        report.note("killed " + pause + " ms after the request; it got " + (got.status() == 0 ? "no answer"
                : got.status()));
        double started = service.start();
        report.recovery = String.format("%.1f s to healthy after kill -9", (System.nanoTime() - killedAt) / 1e9);
        report.note(String.format("restarted in %.1f s", started));
        return got;
    }

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
