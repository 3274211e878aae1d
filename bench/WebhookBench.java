import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Webhooks at fleet volume (bench/README.md, "Webhooks"): a receiver on loopback in this JVM, one subscription, and
 * the service's deliveries counted as they arrive. Phases:
 * <ul>
 *     <li>{@code batches}: ten batches of 1,000 payouts created and released together; every payout.created and
 *     payout.succeeded must arrive, none twice; reports the delivery rate (whole run and best 5 s), how long after
 *     the last batch completed the last event arrived, and the CPU per event against the same batches run without a
 *     subscription just before;</li>
 *     <li>{@code slow}: a receiver that takes 200 ms per answer gets 400 events; the steady rate must equal the
 *     per-subscription concurrency divided by 0.2 s.</li>
 * </ul>
 * Started by bench/webhooks.sh, which starts the service; single-file program, no build.
 */
public class WebhookBench {

    static final int PORT = Integer.parseInt(env("BENCH_PORT", "18080"));
    static final String OWNER_EMAIL = env("BENCH_OWNER_EMAIL", "bench@payouts.local");
    static final String OWNER_PASSWORD = env("BENCH_OWNER_PASSWORD", "bench-owner-password");
    static final long SERVICE_PID = Long.parseLong(env("BENCH_SERVICE_PID", "0"));
    static final Path PG_DATA = Path.of(env("BENCH_PG_DATA", "."));
    static final Set<String> PHASES = new TreeSet<>(Arrays.asList(env("BENCH_PHASES", "batches,slow").split(",")));
    static final int BATCHES = Integer.parseInt(env("BENCH_BATCHES", "10"));
    static final int BATCH_SIZE = Integer.parseInt(env("BENCH_BATCH_SIZE", "1000"));
    static final int DRIVERS = Integer.parseInt(env("BENCH_DRIVERS", "200"));
    static final int SLOW_EVENTS = Integer.parseInt(env("BENCH_SLOW_EVENTS", "400"));
    static final int SLOW_MILLIS = Integer.parseInt(env("BENCH_SLOW_MILLIS", "200"));
    static final int CONCURRENCY = Integer.parseInt(env("BENCH_CONCURRENCY", "8"));
    static final double TIMEOUT_S = Double.parseDouble(env("BENCH_COMPLETION_TIMEOUT", "300"));
    static final long TICK = Long.parseLong(run("getconf", "CLK_TCK").trim());
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final Pattern ID = Pattern.compile("\"id\":\"((?:drv|batch|whk)_[0-9a-f]{32})\"");

    static String key;
    static final List<String> drivers = new ArrayList<>();
    static final Map<String, String> figures = new LinkedHashMap<>();

    public static void main(String[] args) throws Exception {
        setup();
        warmUp();
        if (PHASES.contains("batches")) {
            phaseBatches();
        }
        if (PHASES.contains("slow")) {
            phaseSlow();
        }
        System.out.println();
        figures.forEach((name, value) -> System.out.println(name + "=" + value));
        System.exit(0);
    }

    static void setup() throws Exception {
        String token = signIn();
        key = field(call("POST", "/api/v1/developer/keys", token, "{\"name\":\"webhook bench\",\"mode\":\"sandbox\","
                + "\"scopes\":[\"drivers:read\",\"drivers:write\",\"payouts:read\",\"payouts:write\",\"batches:read\","
                + "\"batches:write\",\"balance:read\",\"webhooks:manage\"]}"), "key");
        call("POST", "/api/v1/funding/topup", key, "{\"amount\":100000000,\"description\":\"bench\"}");
        for (int from = 0; from < DRIVERS; from += 100) {
            StringBuilder body = new StringBuilder("{\"drivers\":[");
            for (int i = from; i < Math.min(DRIVERS, from + 100); i++) {
                body.append(i > from ? "," : "").append("{\"svcDriverId\":\"whb-").append(System.nanoTime()).append('-')
                        .append(i).append("\",\"name\":\"Driver ").append(i).append("\",\"email\":\"d").append(i)
                        .append("@example.com\",\"phone\":\"+1415555").append(String.format("%04d", i)).append("\"}");
            }
            Matcher ids = ID.matcher(call("POST", "/api/v1/drivers/bulk", key, body.append("]}").toString()));
            while (ids.find()) {
                drivers.add(ids.group(1));
            }
        }
        for (String driver : drivers) {
            String answer = callAny("POST", "/api/v1/drivers/" + driver + "/kyc", key, "{\"outcome\":\"verified\"}");
            if (!answer.startsWith("200") && !answer.contains("already KYC-verified")) {
                throw new IllegalStateException("KYC of " + driver + ": " + answer);
            }
        }
        log("setup: " + drivers.size() + " drivers verified, wallet funded");
    }

    /**
     * A fresh JVM spends the first minute compiling: the whole webhook path (batches, deliveries, the rail) runs
     * once on a smaller scale before anything is measured, and is not reported.
     */
    static void warmUp() throws Exception {
        int rounds = Integer.parseInt(env("BENCH_WARMUP_BATCHES", "3"));
        try (Receiver receiver = Receiver.start(0)) {
            String subscription = subscribe(receiver, "payout.created", "payout.succeeded");
            long start = System.nanoTime();
            List<String> batches = new ArrayList<>();
            for (int b = 0; b < rounds; b++) {
                batches.add(createBatch("webhook-bench-warm-up-" + b, b));
            }
            for (String batch : batches) {
                call("POST", "/api/v1/batches/" + batch + "/release", key, null);
            }
            awaitBatchesCompleted(batches, start);
            receiver.awaitDistinct(2L * rounds * BATCH_SIZE, start, TIMEOUT_S);
            call("DELETE", "/api/v1/webhooks/" + subscription, key, null);
            log("warm-up: " + rounds + " batches with their webhooks, " + format(seconds(System.nanoTime() - start))
                    + " s");
        }
    }

    /** The owner's account may reach its read model a moment after /health answers at the first start. */
    static String signIn() throws Exception {
        String body = "{\"email\":\"" + OWNER_EMAIL + "\",\"password\":\"" + OWNER_PASSWORD + "\"}";
        for (int attempt = 0; ; attempt++) {
            String answer = callAny("POST", "/api/v1/auth/sessions", null, body);
            if (answer.startsWith("200") || attempt == 60) {
                return field(answer, "token");
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
    }

    /**
     * Ten batches created and released together; every created and succeeded event must arrive, once. The same
     * batches without a subscription first, so the CPU the webhooks cost is the difference of the two runs.
     */
    static void phaseBatches() throws Exception {
        Cpu baselineStart = Cpu.now();
        long baselineAt = System.nanoTime();
        awaitBatchesCompleted(createAndRelease("baseline"), baselineAt);
        settle();
        Cpu baseline = Cpu.now().minus(baselineStart);
        try (Receiver receiver = Receiver.start(0)) {
            String subscription = subscribe(receiver, "payout.created", "payout.succeeded");
            long payouts = (long) BATCHES * BATCH_SIZE;
            Cpu before = Cpu.now();
            long start = System.nanoTime();
            long completedAt = awaitBatchesCompleted(createAndRelease("webhooks"), start);
            long lastEventAt = receiver.awaitDistinct(2 * payouts, start, TIMEOUT_S);
            settle();
            Cpu webhooks = Cpu.now().minus(before).minus(baseline);
            long distinct = receiver.distinct();
            figures.put("batches.events_expected", String.valueOf(2 * payouts));
            figures.put("batches.events_received", String.valueOf(distinct));
            figures.put("batches.events_twice", String.valueOf(receiver.twice()));
            figures.put("batches.completed_s_after_first_create", format(seconds(completedAt - start)));
            figures.put("batches.last_event_s_after_completion", format(seconds(lastEventAt - completedAt)));
            figures.put("batches.events_per_s_whole", format(distinct / seconds(lastEventAt - receiver.first())));
            figures.put("batches.events_per_s_best_5s", format(receiver.bestRate(5)));
            figures.put("batches.webhook_jvm_ms_per_event", format(webhooks.jvmMs() / Math.max(1, distinct)));
            figures.put("batches.webhook_postgres_ms_per_event",
                    format(webhooks.postgresMs() / Math.max(1, distinct)));
            call("DELETE", "/api/v1/webhooks/" + subscription, key, null);
        }
    }

    static List<String> createAndRelease(String name) throws Exception {
        long start = System.nanoTime();
        List<String> batches = new ArrayList<>();
        for (int b = 0; b < BATCHES; b++) {
            batches.add(createBatch("webhook-bench-" + name + "-" + b, b));
        }
        for (String batch : batches) {
            call("POST", "/api/v1/batches/" + batch + "/release", key, null);
        }
        log(name + ": " + BATCHES + " batches of " + BATCH_SIZE + " created and released in "
                + format(seconds(System.nanoTime() - start)) + " s");
        return batches;
    }

    /** The read models and the batch saga finish what the last step started. */
    static void settle() throws InterruptedException {
        TimeUnit.SECONDS.sleep(3);
    }

    /** A receiver that takes SLOW_MILLIS per answer: the rate is the concurrency per subscription over that time. */
    static void phaseSlow() throws Exception {
        try (Receiver receiver = Receiver.start(SLOW_MILLIS)) {
            String subscription = subscribe(receiver, "payout.created");
            long start = System.nanoTime();
            for (int from = 0; from < SLOW_EVENTS; from += 100) {
                StringBuilder body = new StringBuilder("{\"payouts\":[");
                for (int i = from; i < Math.min(SLOW_EVENTS, from + 100); i++) {
                    body.append(i > from ? "," : "").append("{\"driverId\":\"").append(drivers.get(i % drivers.size()))
                            .append("\",\"amount\":100,\"description\":\"slow receiver\"}");
                }
                call("POST", "/api/v1/payouts/bulk", key, body.append("]}").toString());
            }
            receiver.awaitDistinct(SLOW_EVENTS, start, TIMEOUT_S);
            double steady = receiver.steadyRate(0.1, 0.9);
            double expected = CONCURRENCY / (SLOW_MILLIS / 1000.0);
            figures.put("slow.events_received", String.valueOf(receiver.distinct()));
            figures.put("slow.events_twice", String.valueOf(receiver.twice()));
            figures.put("slow.events_per_s_steady", format(steady));
            figures.put("slow.events_per_s_expected", format(expected));
            figures.put("slow.ratio", format(steady / expected));
            figures.put("slow.most_under_way", String.valueOf(receiver.mostUnderWay()));
            call("DELETE", "/api/v1/webhooks/" + subscription, key, null);
        }
    }

    static String subscribe(Receiver receiver, String... events) throws Exception {
        String list = String.join("\",\"", events);
        return field(call("POST", "/api/v1/webhooks", key, "{\"url\":\"" + receiver.url() + "\",\"events\":[\""
                + list + "\"]}"), "id");
    }

    static String createBatch(String name, int offset) throws Exception {
        StringBuilder body = new StringBuilder("{\"name\":\"").append(name).append("\",\"payouts\":[");
        for (int i = 0; i < BATCH_SIZE; i++) {
            body.append(i > 0 ? "," : "").append("{\"driverId\":\"")
                    .append(drivers.get((offset * 7 + i) % drivers.size()))
                    .append("\",\"amount\":100,\"description\":\"webhook bench\"}");
        }
        return field(call("POST", "/api/v1/batches", key, body.append("]}").toString()), "id");
    }

    /** Polls every batch every 100 ms; when the last one reads completed. */
    static long awaitBatchesCompleted(List<String> batches, long start) throws Exception {
        List<String> open = new ArrayList<>(batches);
        while (!open.isEmpty()) {
            if (System.nanoTime() - start > TIMEOUT_S * 1e9) {
                throw new IllegalStateException(open.size() + " batches not completed in " + TIMEOUT_S + " s");
            }
            open.removeIf(batch -> {
                try {
                    return call("GET", "/api/v1/batches/" + batch, key, null).contains("\"status\":\"completed\"");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            if (!open.isEmpty()) {
                TimeUnit.MILLISECONDS.sleep(100);
            }
        }
        long at = System.nanoTime();
        log("  all batches completed " + format(seconds(at - start)) + " s after the first create");
        return at;
    }

    /** The receiver: counts each event id, keeps each arrival's time, answers 200 after its think time. */
    static final class Receiver implements AutoCloseable {
        private static final Pattern EVENT = Pattern.compile("\"id\":\"(evt_[0-9a-f]+)\"");
        private final HttpServer server;
        private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        private final ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
        private final AtomicInteger underWay = new AtomicInteger();
        private final AtomicInteger mostUnderWay = new AtomicInteger();
        private final AtomicInteger twice = new AtomicInteger();

        private Receiver(HttpServer server) {
            this.server = server;
        }

        static Receiver start(int thinkMillis) throws IOException {
            Receiver receiver = new Receiver(HttpServer.create(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024));
            receiver.server.createContext("/hooks", exchange -> {
                int now = receiver.underWay.incrementAndGet();
                receiver.mostUnderWay.accumulateAndGet(now, Math::max);
                try (InputStream body = exchange.getRequestBody()) {
                    String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                    if (thinkMillis > 0) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(thinkMillis));
                    }
                    Matcher id = EVENT.matcher(text);
                    if (id.find() && receiver.counts.computeIfAbsent(id.group(1), k -> new AtomicInteger())
                            .incrementAndGet() > 1) {
                        receiver.twice.incrementAndGet();
                    }
                    receiver.arrivals.add(System.nanoTime());
                    receiver.underWay.decrementAndGet();
                    exchange.sendResponseHeaders(200, -1);
                } finally {
                    exchange.close();
                }
            });
            receiver.server.setExecutor(Executors.newFixedThreadPool(64, runnable -> {
                Thread thread = new Thread(runnable, "receiver");
                thread.setDaemon(true);
                return thread;
            }));
            receiver.server.start();
            return receiver;
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
        }

        long distinct() {
            return counts.size();
        }

        int twice() {
            return twice.get();
        }

        int mostUnderWay() {
            return mostUnderWay.get();
        }

        long first() {
            return arrivals.stream().mapToLong(Long::longValue).min().orElse(0);
        }

        /** Waits until {@code count} distinct events arrived; the last arrival's time. */
        long awaitDistinct(long count, long start, double timeoutS) throws InterruptedException {
            long reported = 0;
            while (distinct() < count) {
                if (System.nanoTime() - start > timeoutS * 1e9) {
                    throw new IllegalStateException("only " + distinct() + " of " + count + " events in " + timeoutS
                            + " s");
                }
                if (System.nanoTime() - reported > 5e9) {
                    log("  " + distinct() + " of " + count + " events arrived");
                    reported = System.nanoTime();
                }
                TimeUnit.MILLISECONDS.sleep(20);
            }
            return arrivals.stream().mapToLong(Long::longValue).max().orElse(0);
        }

        /** The most events that arrived within any window of that many seconds, per second. */
        double bestRate(int windowS) {
            long[] times = arrivals.stream().mapToLong(Long::longValue).sorted().toArray();
            long window = TimeUnit.SECONDS.toNanos(windowS);
            int best = 0;
            for (int from = 0, to = 0; to < times.length; to++) {
                while (times[to] - times[from] > window) {
                    from++;
                }
                best = Math.max(best, to - from + 1);
            }
            return best / (double) windowS;
        }

        /** The rate between the arrivals at these shares of the run, leaving out its start and its tail. */
        double steadyRate(double fromShare, double toShare) {
            long[] times = arrivals.stream().mapToLong(Long::longValue).sorted().toArray();
            int from = (int) (times.length * fromShare);
            int to = (int) (times.length * toShare) - 1;
            return (to - from) / seconds(times[to] - times[from]);
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    /** CPU of the service's JVM and of PostgreSQL (the postmaster and its backends), in clock ticks. */
    record Cpu(long jvm, long postgres) {
        static Cpu now() throws IOException {
            long pgPid = Long.parseLong(Files.readAllLines(PG_DATA.resolve("postmaster.pid")).get(0).trim());
            long postgres = ticks(pgPid, true);
            try (var processes = Files.list(Path.of("/proc"))) {
                for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                    String[] stat = stat(process);
                    if (stat != null && Long.parseLong(stat[1]) == pgPid) {
                        postgres += Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
                    }
                }
            }
            return new Cpu(ticks(SERVICE_PID, false), postgres);
        }

        Cpu minus(Cpu other) {
            return new Cpu(jvm - other.jvm, postgres - other.postgres);
        }

        double jvmMs() {
            return jvm * 1000.0 / TICK;
        }

        double postgresMs() {
            return postgres * 1000.0 / TICK;
        }

        static long ticks(long pid, boolean withExitedChildren) throws IOException {
            String[] stat = stat(Path.of("/proc", String.valueOf(pid)));
            long own = Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
            return withExitedChildren ? own + Long.parseLong(stat[13]) + Long.parseLong(stat[14]) : own;
        }

        /** The fields of /proc/pid/stat after the command name: [0] is the state, [1] the parent. */
        static String[] stat(Path process) {
            try {
                String text = Files.readString(process.resolve("stat"));
                return text.substring(text.lastIndexOf(')') + 2).split(" ");
            } catch (IOException e) {
                return null;
            }
        }
    }

    static String call(String method, String path, String auth, String body) throws Exception {
        String answer = callAny(method, path, auth, body);
        if (!answer.startsWith("200")) {
            throw new IllegalStateException(method + " " + path + ": " + answer);
        }
        return answer;
    }

    /** "status body" of the answer. */
    static String callAny(String method, String path, String auth, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + PORT + path))
                .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (auth != null) {
            request.header("Authorization", "Bearer " + auth);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }

    static String field(String answer, String name) {
        Matcher value = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(answer);
        if (!value.find()) {
            throw new IllegalStateException("no " + name + " in " + answer);
        }
        return value.group(1);
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }

    static String format(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    static void log(String line) {
        System.out.println(line);
    }

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).start();
            return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
