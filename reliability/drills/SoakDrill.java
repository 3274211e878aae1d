import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Payouts at a steady rate for a long while, with the service's heap, threads, database connections and open files
 * sampled from its Prometheus endpoint: reported, first against last, not asserted.
 */
final class SoakDrill {

    private static final Map<String, Pattern> GAUGES = new LinkedHashMap<>();

    static {
        GAUGES.put("heap MiB", Pattern.compile("^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*} (\\S+)$",
                Pattern.MULTILINE));
        GAUGES.put("live heap after GC MiB", Pattern.compile("^jvm_gc_live_data_size_bytes(?:\\{[^}]*})? (\\S+)$",
                Pattern.MULTILINE));
        GAUGES.put("threads", Pattern.compile("^jvm_threads_live_threads(?:\\{[^}]*})? (\\S+)$", Pattern.MULTILINE));
        GAUGES.put("db connections", Pattern.compile("^hikaricp_connections(?:\\{[^}]*})? (\\S+)$",
                Pattern.MULTILINE));
        GAUGES.put("open files", Pattern.compile("^process_files_open_files(?:\\{[^}]*})? (\\S+)$",
                Pattern.MULTILINE));
    }

    private SoakDrill() {
    }

    static void soak(Service service, Report report, double minutes, double rate) throws Exception {
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(20);
        long needed = (long) (minutes * 60 * rate * 100) + 10_000;
        for (long funded = 0; funded < needed; funded += 1_000_000) {
            wallet.fund(1_000_000);
        }
        List<String> acknowledged = new ArrayList<>();
        List<Map<String, Double>> samples = new ArrayList<>();
        long started = System.nanoTime();
        long end = started + (long) (minutes * 60e9);
        long nextSample = started;
        long sent = 0;
        while (System.nanoTime() < end) {
            if (System.nanoTime() >= nextSample) {
                samples.add(sample(service));
                nextSample += 30_000_000_000L;
            }
            long due = started + (long) (sent * 1e9 / rate);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            Client.Answer payout = sandbox.post("/api/v1/payouts", "{\"driverId\":\""
                    + drivers.get((int) (sent++ % drivers.size())) + "\",\"amount\":100,\"urgency\":\"standard\"}");
            if (payout.ok()) {
                report.acknowledged.incrementAndGet();
                acknowledged.add(payout.data("id"));
            }
        }
        wallet.settled(120);
        samples.add(sample(service));
        StringBuilder gauges = new StringBuilder();
        for (String gauge : GAUGES.keySet()) {
            double first = samples.get(0).getOrDefault(gauge, Double.NaN);
            double last = samples.get(samples.size() - 1).getOrDefault(gauge, Double.NaN);
            double max = samples.stream().mapToDouble(s -> s.getOrDefault(gauge, Double.NaN)).max().orElse(0);
            gauges.append(String.format("%s %.0f → %.0f (max %.0f); ", gauge, first, last, max));
        }
        StringBuilder liveHeap = new StringBuilder();
        for (int i = 0; i < samples.size(); i += Math.max(1, samples.size() / 6)) {
            liveHeap.append(String.format(" %.0f", samples.get(i).getOrDefault("live heap after GC MiB", Double.NaN)));
        }
        report.note(String.format("%.1f min at %.0f payouts/s offered, %d accepted; %s%d samples; live heap after GC"
                + " over the run (MiB):%s", minutes, rate, acknowledged.size(), gauges, samples.size(), liveHeap));
        wallet.checkMoney(acknowledged);
        KillDrills.auditHolds(service, report);
    }

    private static Map<String, Double> sample(Service service) throws Exception {
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(service.base() + "/management/prometheus"))
                .header("Authorization", "Bearer " + Service.MANAGEMENT_TOKEN).build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, Double> values = new LinkedHashMap<>();
        for (Map.Entry<String, Pattern> gauge : GAUGES.entrySet()) {
            Matcher matcher = gauge.getValue().matcher(metrics.body());
            double sum = 0;
            boolean found = false;
            while (matcher.find()) {
                sum += Double.parseDouble(matcher.group(1));
                found = true;
            }
            if (found) {
                values.put(gauge.getKey(), gauge.getKey().contains("MiB") ? sum / (1 << 20) : sum);
            }
        }
        return values;
    }
}
