import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grows one database through the API's own paths (bulk registrations, bulk payouts, batches, about 2 % failing and
 * retried, some canceled, the simulated rail completing the rest) to each size of SCALE_SIZES, and at each size, with
 * the rail idle, times the reads, the audit verification, the export and a rebuild (bench/README.md, "Scale").
 */
public class ScaleBench {

    static final int PORT = Integer.parseInt(env("BENCH_PORT", "18080"));
    static final String OWNER_EMAIL = env("BENCH_OWNER_EMAIL", "bench@payouts.local");
    static final String OWNER_PASSWORD = env("BENCH_OWNER_PASSWORD", "bench-owner-password");
    static final List<Integer> SIZES = Arrays.stream(env("SCALE_SIZES", "10000,100000").split(","))
            .map(String::trim).map(Integer::parseInt).toList();
    static final int DRIVERS = Integer.parseInt(env("SCALE_DRIVERS", "100000"));
    /** The kernel's clock ticks per second, in which /proc counts CPU time (USER_HZ, 100 on Linux). */
    static final double CLOCK_TICKS = 100;
    static final int SAMPLES = Integer.parseInt(env("SCALE_SAMPLES", "200"));
    /** "none": grow only (with SCALE_KEEP_STORE, a store for experiments such as the rebuild mode below). */
    static final boolean MEASURE = !env("SCALE_MEASURE", "all").equals("none");
    static final int WRITERS = 8;
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final Pattern DRIVER_ID = Pattern.compile("\"id\":\"(drv_[0-9a-f]{32})\"");
    static final Pattern PAYOUT_ID = Pattern.compile("\"id\":\"(pay_[0-9a-f]{32})\"");

    static String key;
    static String session;
    static final List<String> drivers = new ArrayList<>();
    static final List<String> failed = new ArrayList<>();
    /** The first payout made: every size's reads by id, history and as-of ask about it. */
    static volatile String aPayout;
    static String aBatch;
    static int payouts;
    static volatile Instant halfway;
    static final Map<String, Map<Integer, String>> table = new LinkedHashMap<>();

    public static void main(String[] args) throws Exception {
        session = signIn();
        if (args.length > 0 && args[0].equals("reset")) {
            key = field(call("POST", "/api/v1/developer/keys", session, "{\"name\":\"scale bench reset\","
                    + "\"mode\":\"sandbox\",\"scopes\":[\"payouts:read\"]}"), "key");
            timeSandboxReset();
            System.exit(0);
        }
        if (args.length > 1 && args[0].equals("rebuild")) {
            for (String projection : Arrays.asList(args).subList(1, args.length)) {
                awaitCaughtUp(projection);
            }
            long events = eventCount();
            boolean profile = env("SCALE_PROFILE", "0").equals("1");
            for (String projection : Arrays.asList(args).subList(1, args.length)) {
                if (profile) {
                    jcmd("JFR.start", "name=scale", "settings=" + Path.of("bench/cpu.jfc").toAbsolutePath());
                }
                log("rebuild of " + projection + " over " + events + " events: " + rebuild(projection, events)
                        + " events/s");
                if (profile) {
                    Path jfr = Path.of(env("BENCH_OUT", "bench/out"),
                            "scale-rebuild-" + env("BENCH_RUN_ID", "run") + ".jfr");
                    jcmd("JFR.stop", "name=scale", "filename=" + jfr.toAbsolutePath());
                    log("JFR profile of the " + projection + " rebuild: " + jfr);
                }
            }
            System.exit(0);
        }
        key = field(call("POST", "/api/v1/developer/keys", session, "{\"name\":\"scale bench\",\"mode\":\"sandbox\","
                + "\"scopes\":[\"drivers:read\",\"drivers:write\",\"payouts:read\",\"payouts:write\",\"batches:read\","
                + "\"batches:write\",\"balance:read\",\"webhooks:manage\"]}"), "key");
        registerDrivers();
        for (int size : SIZES) {
            long start = System.nanoTime();
            growTo(size);
            log("grown to " + payouts + " payouts in " + format(seconds(System.nanoTime() - start)) + " s");
            if (MEASURE) {
                measure(size);
            }
        }
        if (MEASURE) {
            printTable();
        }
        System.exit(0);
    }

    /** Drivers in bulks of 100, each verified; SCALE_DRIVERS of them, shared by every size. */
    static void registerDrivers() throws Exception {
        long start = System.nanoTime();
        List<String> bodies = new ArrayList<>();
        String run = Long.toString(System.currentTimeMillis(), 36);
        for (int from = 0; from < DRIVERS; from += 100) {
            StringBuilder body = new StringBuilder("{\"drivers\":[");
            for (int i = from; i < Math.min(DRIVERS, from + 100); i++) {
                body.append(i > from ? "," : "").append("{\"svcDriverId\":\"scale-").append(run).append('-').append(i)
                        .append("\",\"name\":\"Driver ").append(i).append("\",\"email\":\"d").append(i)
                        .append("@example.com\",\"phone\":\"+1415").append(String.format("%07d", i)).append("\"}");
            }
            bodies.add(body.append("]}").toString());
        }
        inParallel(bodies, body -> {
            Matcher ids = DRIVER_ID.matcher(call("POST", "/api/v1/drivers/bulk", key, body));
            List<String> found = new ArrayList<>();
            while (ids.find()) {
                found.add(ids.group(1));
            }
            synchronized (drivers) {
                drivers.addAll(found);
            }
        });
        inParallel(List.copyOf(drivers), driver -> {
            String answer = callAny("POST", "/api/v1/drivers/" + driver + "/kyc", key, "{\"outcome\":\"verified\"}");
            if (!answer.startsWith("200") && !answer.contains("already")) {
                throw new IllegalStateException("KYC of " + driver + ": " + answer);
            }
        });
        log(drivers.size() + " drivers registered and verified in " + format(seconds(System.nanoTime() - start))
                + " s");
    }

    /**
     * Payouts up to {@code size}: nine in ten by bulk requests of 100 (one in fifty of them forced to fail on the
     * rail, then retried), one in ten by released batches of 1,000, and a scheduled batch with some payouts canceled.
     */
    static void growTo(int size) throws Exception {
        int missing = size - payouts;
        fund(missing + 100L);
        int inBatches = missing / 10 / 1000 * 1000;
        List<String> bulks = new ArrayList<>();
        for (int made = 0; made < missing - inBatches; made += 100) {
            bulks.add(bulkBody(Math.min(100, missing - inBatches - made)));
        }
        halfway = null;
        AtomicInteger sent = new AtomicInteger();
        inParallel(bulks, body -> {
            boolean failing = ThreadLocalRandom.current().nextInt(50) == 0;
            String answer = callAny("POST", "/api/v1/payouts/bulk", key, body, failing);
            if (!answer.startsWith("200") && !answer.startsWith("207")) {
                throw new IllegalStateException("bulk: " + answer);
            }
            Matcher ids = PAYOUT_ID.matcher(answer);
            while (ids.find()) {
                if (aPayout == null) {
                    aPayout = ids.group(1);
                }
                if (failing) {
                    synchronized (failed) {
                        failed.add(ids.group(1));
                    }
                }
            }
            if (sent.addAndGet(100) >= missing / 2 && halfway == null) {
                halfway = Instant.now();
            }
        });
        for (int b = 0; b < inBatches / 1000; b++) {
            aBatch = field(call("POST", "/api/v1/batches", key, batchBody(1000, null)), "id");
            call("POST", "/api/v1/batches/" + aBatch + "/release", key, null);
        }
        String scheduled = call("POST", "/api/v1/batches", key, batchBody(100,
                Instant.now().plus(Duration.ofDays(7)).toString()));
        Matcher ids = PAYOUT_ID.matcher(scheduled);
        List<String> canceled = new ArrayList<>();
        while (ids.find() && canceled.size() < 10) {
            canceled.add("\"" + ids.group(1) + "\"");
        }
        callAny("POST", "/api/v1/payouts/bulk/cancel", key, "{\"payoutIds\":[" + String.join(",", canceled) + "]}");
        payouts = size + 100;
        awaitRailIdle();
        List<String> retries = new ArrayList<>();
        for (int from = 0; from < failed.size(); from += 100) {
            retries.add("{\"payoutIds\":[" + String.join(",", failed.subList(from, Math.min(failed.size(), from + 100))
                    .stream().map(id -> "\"" + id + "\"").toList()) + "]}");
        }
        inParallel(retries, body -> callAny("POST", "/api/v1/payouts/bulk/retry", key, body));
        failed.clear();
        awaitRailIdle();
    }

    /** Top-ups of at most $1,000,000 each, until the sandbox has settled enough for {@code count} payouts. */
    static void fund(long count) throws Exception {
        long needed = count * 50_100;
        for (long funded = 0; funded < needed; funded += 100_000_000) {
            call("POST", "/api/v1/funding/topup", key, "{\"amount\":100000000,\"description\":\"scale bench\"}");
        }
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (availableCents() < needed && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(500);
        }
    }

    static long availableCents() throws Exception {
        Matcher available = Pattern.compile("\"available\":(\\d+)").matcher(call("GET", "/api/v1/balance", key, null));
        return available.find() ? Long.parseLong(available.group(1)) : 0;
    }

    static String bulkBody(int count) {
        StringBuilder body = new StringBuilder("{\"payouts\":[");
        for (int i = 0; i < count; i++) {
            body.append(i > 0 ? "," : "").append("{\"driverId\":\"").append(randomDriver()).append("\",\"amount\":")
                    .append(100 + ThreadLocalRandom.current().nextInt(50_000)).append('}');
        }
        return body.append("]}").toString();
    }

    static String batchBody(int count, String scheduledFor) {
        StringBuilder body = new StringBuilder("{\"name\":\"scale\",\"urgency\":\"standard\",")
                .append(scheduledFor == null ? "" : "\"scheduledFor\":\"" + scheduledFor + "\",").append("\"payouts\":[");
        for (int i = 0; i < count; i++) {
            body.append(i > 0 ? "," : "").append("{\"driverId\":\"").append(randomDriver()).append("\",\"amount\":")
                    .append(100 + ThreadLocalRandom.current().nextInt(50_000)).append('}');
        }
        return body.append("]}").toString();
    }

    static String randomDriver() {
        return drivers.get(ThreadLocalRandom.current().nextInt(drivers.size()));
    }

    /** Nothing queued or processing: the rail is idle and the read models have what it did. */
    static void awaitRailIdle() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(60);
        while (System.nanoTime() < deadline) {
            long busy = total("/api/v1/payouts?status=processing&pageSize=1")
                    + total("/api/v1/payouts?status=queued&pageSize=1");
            if (busy == 0) {
                TimeUnit.SECONDS.sleep(3);
                return;
            }
            TimeUnit.SECONDS.sleep(2);
        }
        throw new IllegalStateException("the rail did not finish within an hour");
    }

    static long total(String path) throws Exception {
        Matcher total = Pattern.compile("\"total\":(\\d+)").matcher(call("GET", path, key, null));
        return total.find() ? Long.parseLong(total.group(1)) : 0;
    }

    static void measure(int size) throws Exception {
        String driver = drivers.get(0);
        String asOf = URLEncoder.encode((halfway == null ? Instant.now() : halfway).toString(), StandardCharsets.UTF_8);
        String weekBack = URLEncoder.encode(Instant.now().minus(Duration.ofDays(7)).toString(), StandardCharsets.UTF_8);
        String cursor = hundredthPageCursor();
        Map<String, String> reads = new LinkedHashMap<>();
        reads.put("GET /payouts/:id", "/api/v1/payouts/" + aPayout);
        reads.put("GET /drivers/:id", "/api/v1/drivers/" + driver);
        reads.put("GET /payouts?driverId=", "/api/v1/payouts?driverId=" + driver);
        reads.put("GET /payouts?status=failed", "/api/v1/payouts?status=failed");
        reads.put("GET /payouts page 500", "/api/v1/payouts?page=500&pageSize=20");
        reads.put("GET /drivers?status=active", "/api/v1/drivers?status=active");
        reads.put("GET /batches", "/api/v1/batches");
        reads.put("GET /funding/transactions", "/api/v1/funding/transactions");
        reads.put("GET /funding/projection", "/api/v1/funding/projection");
        reads.put("GET /scheduled-payouts/stats", "/api/v1/scheduled-payouts/stats");
        reads.put("GET /events", "/api/v1/events");
        reads.put("GET /events?resource=", "/api/v1/events?resource=" + aPayout);
        reads.put("GET /events 100th page", "/api/v1/events?limit=50&cursor=" + cursor);
        reads.put("GET /payouts/:id/history", "/api/v1/payouts/" + aPayout + "/history");
        reads.put("GET /balance?asOf= (halfway)", "/api/v1/balance?asOf=" + asOf);
        reads.put("GET /balance?asOf= (week back)", "/api/v1/balance?asOf=" + weekBack);
        reads.put("GET /payouts/:id?asOf=", "/api/v1/payouts/" + aPayout + "?asOf=" + asOf);
        for (Map.Entry<String, String> read : reads.entrySet()) {
            call("GET", read.getValue(), key, null);
            double[] one = latencies(read.getValue(), 1);
            double[] eight = latencies(read.getValue(), 8);
            record(read.getKey() + " p50/p99 ms, 1 conn", size, format(one[0]) + " / " + format(one[1]));
            record(read.getKey() + " p50/p99 ms, 8 conns", size, format(eight[0]) + " / " + format(eight[1]));
        }
        long start = System.nanoTime();
        String verified = call("GET", "/api/v1/admin/audit/verify", session, null);
        double verifySeconds = seconds(System.nanoTime() - start);
        long events = eventCount();
        record("audit verify, links/s", size, format(events / verifySeconds)
                + (verified.contains("\"verified\":true") ? "" : " (NOT verified)"));
        HeapWatch heap = HeapWatch.start();
        start = System.nanoTime();
        long exported = export();
        record("events export, events/s", size, format(exported / seconds(System.nanoTime() - start)));
        record("heap used before / high-water during the export, MB", size, heap.stop());
        boolean profiled = size == SIZES.get(SIZES.size() - 1) && env("SCALE_PROFILE", "0").equals("1");
        for (String projection : List.of("driver-projection", "payout-projection", "batch-projection",
                "wallet-projection")) {
            boolean profile = profiled && projection.equals("payout-projection");
            if (profile) {
                jcmd("JFR.start", "name=scale", "settings=" + Path.of("bench/cpu.jfc").toAbsolutePath());
            }
            record("rebuild of " + projection + ", events/s", size, rebuild(projection, events));
            if (profile) {
                Path jfr = Path.of(env("BENCH_OUT", "bench/out"), "scale-rebuild-" + env("BENCH_RUN_ID", "run") + ".jfr");
                jcmd("JFR.stop", "name=scale", "filename=" + jfr.toAbsolutePath());
                log("JFR profile of the payout-projection rebuild: " + jfr);
            }
        }
        record("events stored", size, String.valueOf(events));
        record("database bytes per payout", size, String.valueOf(databaseBytes() / payouts));
        recordDiskParts(size);
        log("measured at " + size + " payouts");
    }

    /** Events per second from the rebuild's start until the processor has passed every event; its checksum kept. */
    static String rebuild(String projection, long events) throws Exception {
        String checksum = "/api/v1/admin/projections/" + projection + "/checksum";
        String before = call("GET", checksum, session, null).replaceAll("\"meta\":\\{.*", "");
        long start = System.nanoTime();
        long[] cpuBefore = cpuTicks();
        call("POST", "/api/v1/admin/projections/" + projection + "/rebuild", session, null);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(60);
        boolean setsIndexesAside = psql("select count(*) from pg_class where relname = 'set_aside_index'").equals("1");
        while (System.nanoTime() < deadline) {
            String state = processorState(projection);
            // a replay stays "replaying" until an event newer than its start arrives: on an idle store, progress 1.0;
            // and it is over once the indexes set aside for it are back (ADR-0050)
            if (state.contains("\"lag\":0,") && (state.contains("\"status\":\"running\"")
                    || state.contains("\"replayProgress\":1.0"))
                    && (!setsIndexesAside || psql("select count(*) from set_aside_index").equals("0"))) {
                double seconds = seconds(System.nanoTime() - start);
                long[] cpuAfter = cpuTicks();
                log(String.format(Locale.ROOT, "rebuild of %s: %.1f s, CPU per event: JVM %.1f µs, PostgreSQL %.1f µs",
                        projection, seconds, microsPerEvent(cpuAfter[0] - cpuBefore[0], events),
                        microsPerEvent(cpuAfter[1] - cpuBefore[1], events)));
                String after = call("GET", checksum, session, null).replaceAll("\"meta\":\\{.*", "");
                return format(events / seconds) + (after.equals(before) ? "" : " (checksum DIFFERENT)");
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return "not done in 60 min";
    }

    /** The processor's item in the admin list of processors, or "" while it is not listed. */
    static String processorState(String projection) throws Exception {
        Matcher item = Pattern.compile("\\{[^{}]*\"name\":\"" + projection + "\"[^{}]*\\}")
                .matcher(call("GET", "/api/v1/admin/projections", session, null));
        return item.find() ? item.group() : "";
    }

    /** A store kept while its processors were behind: its checksum is compared only once the processor is at the head. */
    static void awaitCaughtUp(String projection) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(30);
        while (System.nanoTime() < deadline) {
            String state = processorState(projection);
            if (state.contains("\"lag\":0,") && state.contains("\"status\":\"running\"")) {
                return;
            }
            TimeUnit.SECONDS.sleep(1);
        }
        throw new IllegalStateException(projection + " did not reach the head in 30 min");
    }

    /** The cursor that the 99th "next page" of the events list hands out. */
    static String hundredthPageCursor() throws Exception {
        String cursor = null;
        for (int page = 1; page < 100; page++) {
            String answer = call("GET", "/api/v1/events?limit=50" + (cursor == null ? "" : "&cursor=" + cursor), key,
                    null);
            Matcher next = Pattern.compile("\"nextCursor\":\"([^\"]+)\"").matcher(answer);
            if (!next.find()) {
                break;
            }
            cursor = URLEncoder.encode(next.group(1), StandardCharsets.UTF_8);
        }
        return cursor == null ? "" : cursor;
    }

    static long eventCount() throws Exception {
        return Long.parseLong(psql("select count(*) from domain_event_entry"));
    }

    /**
     * Bytes per payout of each part of the database: each table's rows (with their TOAST) and its indexes apart,
     * grouped as the event store, snapshots, the audit trail, Axon's bookkeeping and the read models, the ten
     * largest tables named, and the write-ahead log.
     */
    static void recordDiskParts(int size) throws Exception {
        String part = "case when c.relname = 'domain_event_entry' then 'events' "
                + "when c.relname like 'snapshot%' then 'snapshots' when c.relname like 'audit%' then 'audit trail' "
                + "when c.relname in ('token_entry', 'saga_entry', 'association_value_entry', 'dead_letter_entry') "
                + "or c.relname like 'flyway%' then 'Axon and Flyway bookkeeping' else 'read models and the rest' end";
        String tables = "from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' "
                + "and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')";
        for (String line : psql("select " + part + ", sum(pg_table_size(c.oid)), sum(pg_indexes_size(c.oid)) "
                + tables + " group by 1 order by 2 desc").split("\n")) {
            String[] cells = line.split("\\|");
            record("disk bytes per payout: " + cells[0] + " (rows / indexes)", size,
                    Long.parseLong(cells[1]) / payouts + " / " + Long.parseLong(cells[2]) / payouts);
        }
        for (String line : psql("select c.relname, pg_table_size(c.oid), pg_indexes_size(c.oid) " + tables
                + " order by pg_total_relation_size(c.oid) desc limit 10").split("\n")) {
            String[] cells = line.split("\\|");
            record("disk bytes per payout: table " + cells[0] + " (rows / indexes)", size,
                    Long.parseLong(cells[1]) / payouts + " / " + Long.parseLong(cells[2]) / payouts);
        }
        record("disk bytes per payout: write-ahead log", size,
                String.valueOf(Long.parseLong(psql("select coalesce(sum(size), 0) from pg_ls_waldir()")) / payouts));
    }

    /** The service's heap in use, sampled from its Prometheus metrics every 200 ms while an operation runs. */
    record HeapWatch(long before, java.util.concurrent.atomic.AtomicLong highWater, Thread sampler) {
        static HeapWatch start() throws Exception {
            java.util.concurrent.atomic.AtomicLong high = new java.util.concurrent.atomic.AtomicLong();
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    try {
                        high.accumulateAndGet(heapUsed(), Math::max);
                        TimeUnit.MILLISECONDS.sleep(200);
                    } catch (InterruptedException stopped) {
                        return;
                    } catch (Exception ignored) {
                        // a missed sample is not a figure
                    }
                }
            });
            sampler.setDaemon(true);
            sampler.start();
            return new HeapWatch(heapUsed(), high, sampler);
        }

        String stop() throws Exception {
            sampler.interrupt();
            sampler.join();
            return (before >> 20) + " / " + (highWater.get() >> 20);
        }

        static long heapUsed() throws Exception {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + PORT + "/management/prometheus"))
                    .header("Authorization", "Bearer " + env("PAYOUTS_MANAGEMENT_TOKEN", "")).build();
            long used = 0;
            for (String line : HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body().split("\n")) {
                if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                    used += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
            return used;
        }
    }

    /**
     * A sandbox reset of everything grown, timed; it answers 503 if event processing did not catch up in time, and 202
     * if the deletes outlast its timeout, in which case the time until they committed is measured too.
     */
    static void timeSandboxReset() throws Exception {
        long events = eventCount();
        long start = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + PORT + "/api/v1/sandbox/reset"))
                .header("Authorization", "Bearer " + key).timeout(Duration.ofMinutes(60))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        double answered = seconds(System.nanoTime() - start);
        String answer = response.statusCode() + " " + response.body();
        long left = eventCount();
        while (response.statusCode() == 202 && left == events) {
            Thread.sleep(1000);
            left = eventCount();
        }
        log("sandbox reset of " + events + " events answered " + answer.substring(0, Math.min(120, answer.length()))
                + " in " + format(answered) + " s" + (response.statusCode() == 202 ? "; its deletes committed after "
                + format(seconds(System.nanoTime() - start)) + " s" : "") + "; " + left + " events left");
    }

    /** CPU ticks so far of the service's JVM and of PostgreSQL (the postmaster, its reaped and its live backends). */
    static long[] cpuTicks() throws Exception {
        long jvm = ticks(Path.of("/proc", env("BENCH_SERVICE_PID", "0")), false);
        long postmaster = Long.parseLong(Files.readAllLines(Path.of(env("BENCH_PG_DATA", "."), "postmaster.pid"))
                .get(0).trim());
        long pg = ticks(Path.of("/proc", String.valueOf(postmaster)), true);
        try (var processes = Files.list(Path.of("/proc"))) {
            for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                String[] fields = stat(process);
                if (fields != null && Long.parseLong(fields[1]) == postmaster) {
                    pg += ticks(process, false);
                }
            }
        }
        return new long[] {jvm, pg};
    }

    static double microsPerEvent(long ticks, long events) {
        return ticks * 1e6 / CLOCK_TICKS / events;
    }

    /** /proc/pid/stat from its state on: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime. */
    static String[] stat(Path process) {
        try {
            String line = Files.readString(process.resolve("stat"));
            return line.substring(line.lastIndexOf(')') + 2).split(" ");
        } catch (Exception gone) {
            return null;
        }
    }

    static long ticks(Path process, boolean withReapedChildren) {
        String[] f = stat(process);
        if (f == null) {
            return 0;
        }
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return withReapedChildren ? ticks + Long.parseLong(f[13]) + Long.parseLong(f[14]) : ticks;
    }

    static void jcmd(String... command) throws Exception {
        List<String> line = new ArrayList<>(List.of("jcmd", env("BENCH_SERVICE_PID", "0")));
        line.addAll(List.of(command));
        Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", line) + ": " + out);
        }
    }

    static long databaseBytes() throws Exception {
        return Long.parseLong(psql("select pg_database_size(current_database())"));
    }

    static String psql(String sql) throws Exception {
        Process process = new ProcessBuilder("psql", "-h", "localhost", "-p", env("BENCH_PG_PORT", "5432"), "-U",
                "postgres", "-d", "postgres", "-tAc", sql).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        process.waitFor();
        return out;
    }

    /** Every event of the key's mode as NDJSON, counted as it streams. */
    static long export() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + PORT + "/api/v1/events/export"))
                .header("Authorization", "Bearer " + key).timeout(Duration.ofMinutes(30)).build();
        HttpResponse<InputStream> response = HTTP.send(request, HttpResponse.BodyHandlers.ofInputStream());
        long lines = 0;
        try (InputStream body = response.body()) {
            byte[] buffer = new byte[1 << 16];
            for (int read; (read = body.read(buffer)) > 0; ) {
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return lines;
    }

    /** p50 and p99 in ms of SAMPLES requests per connection, on {@code connections} connections at once. */
    static double[] latencies(String path, int connections) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        List<Future<double[]>> runs = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            runs.add(pool.submit(() -> {
                double[] ms = new double[SAMPLES];
                for (int i = 0; i < SAMPLES; i++) {
                    long start = System.nanoTime();
                    call("GET", path, key, null);
                    ms[i] = (System.nanoTime() - start) / 1e6;
                }
                return ms;
            }));
        }
        List<Double> all = new ArrayList<>();
        for (Future<double[]> run : runs) {
            for (double ms : run.get()) {
                all.add(ms);
            }
        }
        pool.shutdown();
        all.sort(Double::compare);
        return new double[]{all.get(all.size() / 2), all.get((int) Math.ceil(all.size() * 0.99) - 1)};
    }

    interface Task {
        void run(String item) throws Exception;
    }

    static void inParallel(List<String> items, Task task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> done = new ArrayList<>();
        for (String item : items) {
            done.add(pool.submit(() -> {
                task.run(item);
                return null;
            }));
        }
        for (Future<?> future : done) {
            future.get();
        }
        pool.shutdown();
    }

    static void record(String name, int size, String value) {
        table.computeIfAbsent(name, ignored -> new LinkedHashMap<>()).put(size, value);
    }

    static void printTable() {
        StringBuilder header = new StringBuilder("| figure |");
        StringBuilder rule = new StringBuilder("|---|");
        for (int size : SIZES) {
            header.append(' ').append(String.format("%,d", size)).append(" payouts |");
            rule.append("---:|");
        }
        System.out.println();
        System.out.println(header);
        System.out.println(rule);
        table.forEach((name, bySize) -> {
            StringBuilder row = new StringBuilder("| " + name + " |");
            SIZES.forEach(size -> row.append(' ').append(bySize.getOrDefault(size, "")).append(" |"));
            System.out.println(row);
        });
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

    static String call(String method, String path, String auth, String body) throws Exception {
        String answer = callAny(method, path, auth, body);
        if (!answer.startsWith("200")) {
            throw new IllegalStateException(method + " " + path + ": " + answer);
        }
        return answer;
    }

    static String callAny(String method, String path, String auth, String body) throws Exception {
        return callAny(method, path, auth, body, false);
    }

    /** "status body" of the answer; {@code failing} asks the sandbox's rail to fail the payouts. */
    static String callAny(String method, String path, String auth, String body, boolean failing) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + PORT + path))
                .timeout(Duration.ofMinutes(30)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (auth != null) {
            request.header("Authorization", "Bearer " + auth);
        }
        if (failing) {
            request.header("X-Sandbox-Scenario", "payout_failed");
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
        return value >= 100 ? String.format("%,.0f", value) : String.format("%.1f", value);
    }

    static void log(String line) {
        System.out.println(Instant.now() + " " + line);
    }

    static String env(String name, String otherwise) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? otherwise : value;
    }
}
