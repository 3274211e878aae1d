import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Closed-loop load on POST /api/v1/payouts: {@code connections} clients each send the next payout as soon as the
 * previous one answered, spread over the given drivers. After a warm-up, counts accepted payouts per second and
 * latency percentiles; a probe measures how long a payout takes to show in the payout list.
 *
 * java bench/PayoutLoad.java BASE_URL API_KEY DRIVER_IDS(comma-separated) CONNECTIONS WARMUP_S DURATION_S
 */
public class PayoutLoad {

    private static final Pattern ID = Pattern.compile("\"id\":\"(pay_[0-9a-f]{32})\"");
    private static final java.util.concurrent.atomic.AtomicReference<String> FIRST_ERROR =
            new java.util.concurrent.atomic.AtomicReference<>();

    public static void main(String[] args) throws Exception {
        String baseUrl = args[0];
        String key = args[1];
        String[] drivers = args[2].split(",");
        int connections = Integer.parseInt(args[3]);
        long warmupNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[4]));
        long durationNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[5]));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newFixedThreadPool(4)).connectTimeout(Duration.ofSeconds(5)).build();

        AtomicLong accepted = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        ConcurrentLinkedQueue<long[]> latencyChunks = new ConcurrentLinkedQueue<>();
        long start = System.nanoTime();
        long measureFrom = start + warmupNanos;
        long end = measureFrom + durationNanos;

        ExecutorService clients = Executors.newFixedThreadPool(connections);
        for (int c = 0; c < connections; c++) {
            int client = c;
            clients.submit(() -> {
                long[] latencies = new long[1 << 16];
                int count = 0;
                long sent = 0;
                while (true) {
                    long before = System.nanoTime();
                    if (before >= end) {
                        break;
                    }
                    String driver = drivers[(int) ((client + sent++ * connections) % drivers.length)];
                    int status = post(http, baseUrl, key, driver);
                    long after = System.nanoTime();
                    if (before < measureFrom) {
                        continue;
                    }
                    if (status == 200) {
                        accepted.incrementAndGet();
                    } else if (status >= 400 && status < 500) {
                        refused.incrementAndGet();
                    } else {
                        failed.incrementAndGet();
                    }
                    if (count == latencies.length) {
                        latencies = Arrays.copyOf(latencies, count * 2);
                    }
                    latencies[count++] = after - before;
                }
                latencyChunks.add(Arrays.copyOf(latencies, count));
                return null;
            });
        }
        List<Long> lags = probeListVisibility(http, baseUrl, key, drivers[0], measureFrom, end);
        clients.shutdown();
        clients.awaitTermination(durationNanos + warmupNanos + TimeUnit.SECONDS.toNanos(60), TimeUnit.NANOSECONDS);

        long[] all = latencyChunks.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        double seconds = durationNanos / 1e9;
        System.out.printf("accepted=%d refused=%d failed=%d%n", accepted.get(), refused.get(), failed.get());
        if (FIRST_ERROR.get() != null) {
            System.out.println("first_client_error=" + FIRST_ERROR.get());
        }
        System.out.printf("accepted_per_s=%.0f%n", accepted.get() / seconds);
        System.out.printf("p50_ms=%.1f%n", percentile(all, 0.50) / 1e6);
        System.out.printf("p99_ms=%.1f%n", percentile(all, 0.99) / 1e6);
        long[] lagArray = lags.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("list_lag_p50_ms=%.1f%n", percentile(lagArray, 0.50) / 1e6);
        System.out.printf("list_lag_max_ms=%.1f%n", lagArray.length == 0 ? 0 : lagArray[lagArray.length - 1] / 1e6);
        System.exit(0);
    }

    private static int post(HttpClient http, String baseUrl, String key, String driver) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/payouts"))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"driverId\":\"" + driver + "\",\"amount\":100,\"description\":\"bench\"}"))
                    .timeout(Duration.ofSeconds(60)).build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            FIRST_ERROR.compareAndSet(null, e.toString());
            return 599;
        }
    }

    /**
     * Once a second: one payout, then how long from its request until GET /api/v1/payouts lists it. With
     * read-your-writes the list shows it by the time the POST answers; this measures it from the outside.
     */
    private static List<Long> probeListVisibility(HttpClient http, String baseUrl, String key, String driver,
                                                  long from, long end) throws Exception {
        List<Long> lags = new ArrayList<>();
        while (System.nanoTime() < from) {
            Thread.sleep(50);
        }
        while (System.nanoTime() < end - TimeUnit.SECONDS.toNanos(2)) {
            long sentAt = System.nanoTime();
            HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/payouts"))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"driverId\":\"" + driver + "\",\"amount\":100,\"description\":\"probe\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            Matcher id = ID.matcher(created.body());
            if (created.statusCode() == 200 && id.find()) {
                while (true) {
                    HttpResponse<String> list = http.send(HttpRequest.newBuilder(URI.create(baseUrl
                                    + "/api/v1/payouts?pageSize=5&driverId=" + driver))
                            .header("Authorization", "Bearer " + key).GET().build(), HttpResponse.BodyHandlers.ofString());
                    if (list.body().contains(id.group(1))) {
                        lags.add(System.nanoTime() - sentAt);
                        break;
                    }
                    if (System.nanoTime() - sentAt > TimeUnit.SECONDS.toNanos(10)) {
                        break;
                    }
                }
            }
            Thread.sleep(1000);
        }
        return lags;
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }
}
