import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark suite: every phase against a running service, with CPU per operation for the service
 * JVM, its PostgreSQL and this load generator. Started by bench/run.sh, which starts the service on a fresh
 * database and passes everything through environment variables (see bench/README.md for the method).
 *
 * JDK only, single-file launch: java bench/Bench.java
 */
public class Bench {

    // ---- configuration (environment, set by run.sh) ----------------------------------------------------------

    static final String HOST = env("BENCH_HOST", "localhost");
    static final int PORT = Integer.parseInt(env("BENCH_PORT", "18080"));
    static final long SERVICE_PID = Long.parseLong(env("BENCH_SERVICE_PID", "0"));
    static final int PG_PORT = Integer.parseInt(env("BENCH_PG_PORT", "0"));
    static final Path PG_DATA = Path.of(env("BENCH_PG_DATA", "."));
    static final String OWNER_EMAIL = env("BENCH_OWNER_EMAIL", "bench@payouts.local");
    static final String OWNER_PASSWORD = env("BENCH_OWNER_PASSWORD", "bench-owner-password");
    static final Set<String> PHASES = new TreeSet<>(Arrays.asList(env("BENCH_PHASES",
            "payouts,latency,bulk,batch,lag,health,drivers,rebuild,pgbench,money").split(",")));
    static final double DURATION = Double.parseDouble(env("BENCH_DURATION", "15"));
    static final double READ_DURATION = Double.parseDouble(env("BENCH_READ_DURATION", "10"));
    static final double WARMUP = Double.parseDouble(env("BENCH_WARMUP", "5"));
    static final double JIT_WARMUP = Double.parseDouble(env("BENCH_JIT_WARMUP", "60"));
    static final int DRIVERS = Integer.parseInt(env("BENCH_DRIVERS", "200"));
    static final int PROBE_DRIVERS = Integer.parseInt(env("BENCH_PROBE_DRIVERS", "20"));
    static final int PAYOUT_CONNECTIONS = Integer.parseInt(env("BENCH_PAYOUT_CONNECTIONS", "32"));
    static final int BULK_CONNECTIONS = Integer.parseInt(env("BENCH_BULK_CONNECTIONS", "4"));
    static final int BULK_ITEMS = Integer.parseInt(env("BENCH_BULK_ITEMS", "100"));
    static final int READ_CONNECTIONS = Integer.parseInt(env("BENCH_READ_CONNECTIONS", "16"));
    static final int BATCH_SIZE = Integer.parseInt(env("BENCH_BATCH_SIZE", "1000"));
    static final int BATCHES = Integer.parseInt(env("BENCH_BATCHES", "10"));
    static final double LAG_RATE = Double.parseDouble(env("BENCH_LAG_RATE", "500"));
    static final int LAG_CONNECTIONS = Integer.parseInt(env("BENCH_LAG_CONNECTIONS", "64"));
    static final double PGBENCH_SECONDS = Double.parseDouble(env("BENCH_PGBENCH_SECONDS", "10"));
    static final double RAIL_DELAY = seconds(env("BENCH_RAIL_DELAY", "1s"));
    static final int PROBES = Integer.parseInt(env("BENCH_PROBES", "4"));
    static final int TOPUPS = Integer.parseInt(env("BENCH_TOPUPS", "2"));
    static final long TOPUP_AMOUNT = 100_000_000L;
    static final long AMOUNT = 100;
    static final double COMPLETION_TIMEOUT = Double.parseDouble(env("BENCH_COMPLETION_TIMEOUT", "300"));
    static final String REBUILD_PROJECTION = env("BENCH_REBUILD_PROJECTION", "payout-projection");
    static final boolean PROFILE = env("BENCH_PROFILE", "0").equals("1");
    /** The window BENCH_PROFILE records: the payouts phase's measured window, or the ten batches' release to completion. */
    static final String PROFILE_PHASE = env("BENCH_PROFILE_PHASE", "payouts");
    static final String CLIENT = env("BENCH_CLIENT", "raw");
    static final Path OUT = Path.of(env("BENCH_OUT", "bench/out"));
    static final String RUN_ID = env("BENCH_RUN_ID", String.valueOf(System.currentTimeMillis()));
    static final String COMMIT = env("BENCH_COMMIT", "?");

    static String key;
    static String ownerToken;
    static final List<String> drivers = new ArrayList<>();
    static final List<String> probeDrivers = new ArrayList<>();
    static Psql sql;
    static long clkTck = 100;
    static final List<PhaseCpu> cpuRows = new ArrayList<>();
    static final Map<String, String> fig = new LinkedHashMap<>();

    public static void main(String[] args) throws Exception {
        Set<String> known = Set.of("health", "drivers", "payouts", "latency", "bulk", "batch", "lag", "rebuild",
                "pgbench", "money");
        for (String phase : PHASES) {
            if (!known.contains(phase)) {
                throw new IllegalArgumentException("unknown phase " + phase + " in BENCH_PHASES; known: " + known);
            }
        }
        Files.createDirectories(OUT);
        clkTck = Long.parseLong(run("getconf", "CLK_TCK").trim());
        sql = new Psql(PG_PORT);
        log("phases: " + PHASES + ", client: " + CLIENT + ", measured " + DURATION + " s (reads " + READ_DURATION
                + " s), warm-up " + WARMUP + " s");
        setup();
        if (PROFILE) {
            // JFR's first recording loads and compiles its own code: let that happen during the warm-up
            jcmd("JFR.start", "name=warm-up", "settings=" + Path.of("bench/cpu.jfc").toAbsolutePath());
        }
        warmUp();
        if (PROFILE) {
            jcmd("JFR.stop", "name=warm-up");
        }
        // The write phases, each drained before the next, then the reads (on a JVM warm from everything), the
        // rebuild over everything written, the PostgreSQL baseline, and the money check.
        if (PHASES.contains("payouts")) {
            phasePayouts();
        }
        if (PHASES.contains("latency")) {
            phaseLatency(1);
            phaseLatency(8);
        }
        if (PHASES.contains("bulk")) {
            phaseBulk();
        }
        if (PHASES.contains("batch")) {
            phaseBatch();
        }
        if (PHASES.contains("lag")) {
            phaseLag();
        }
        if (PHASES.contains("health")) {
            phaseHealth();
        }
        if (PHASES.contains("drivers")) {
            phaseDriverReads();
        }
        if (PHASES.contains("rebuild")) {
            phaseRebuild();
        }
        if (PHASES.contains("pgbench")) {
            phasePgbench();
        }
        if (PHASES.contains("money")) {
            phaseMoney();
        }
        report();
        sql.close();
        System.exit(0);
    }

    // ---- setup ---------------------------------------------------------------------------------------------------

    static void setup() throws Exception {
        Conn c = newConn();
        Resp r = c.call("POST", "/api/v1/auth/sessions", null,
                "{\"email\":\"" + OWNER_EMAIL + "\",\"password\":\"" + OWNER_PASSWORD + "\"}");
        ownerToken = require(r, "sign-in").str("token");
        r = c.call("POST", "/api/v1/developer/keys", ownerToken, "{\"name\":\"bench\",\"mode\":\"sandbox\",\"scopes\":"
                + "[\"drivers:read\",\"drivers:write\",\"payouts:read\",\"payouts:write\",\"batches:read\","
                + "\"batches:write\",\"balance:read\",\"webhooks:manage\"]}");
        key = require(r, "API key").str("key");
        for (int i = 0; i < TOPUPS; i++) {
            require(c.call("POST", "/api/v1/funding/topup", key,
                    "{\"amount\":" + TOPUP_AMOUNT + ",\"method\":\"bank_transfer\",\"description\":\"bench\"}"), "top-up");
        }
        registerDrivers(c, "bench", DRIVERS, drivers);
        registerDrivers(c, "probe", PROBE_DRIVERS, probeDrivers);
        for (String id : concat(drivers, probeDrivers)) {
            r = c.call("POST", "/api/v1/drivers/" + id + "/kyc", key, "{\"outcome\":\"verified\"}");
            // 409: the sandbox verified it already (about a second after registration, ADR-0015)
            if (r.status != 200 && !(r.status == 409 && r.text().contains("already KYC-verified"))) {
                throw new IllegalStateException("KYC of " + id + ": " + r.status + " " + r.text());
            }
        }
        long want = drivers.size() + probeDrivers.size();
        waitFor("drivers active and verified", 60, () -> sql.longValue("select count(*) from driver_view where "
                + "mode='SANDBOX' and status='ACTIVE' and kyc_status='VERIFIED'") >= want);
        waitFor("wallet funded", 60, () -> balance(c).get("available") >= TOPUPS * TOPUP_AMOUNT);
        c.close();
        log("setup: key, " + TOPUPS + " top-ups of " + TOPUP_AMOUNT + ", " + drivers.size() + " drivers + "
                + probeDrivers.size() + " probe drivers, all verified");
    }

    static void registerDrivers(Conn c, String prefix, int count, List<String> into) throws IOException {
        for (int from = 0; from < count; from += 100) {
            StringBuilder body = new StringBuilder("{\"drivers\":[");
            for (int i = from; i < Math.min(count, from + 100); i++) {
                if (i > from) {
                    body.append(',');
                }
                int n = i + 1;
                body.append("{\"svcDriverId\":\"").append(prefix).append('-').append(RUN_ID).append('-').append(n)
                        .append("\",\"name\":\"").append(prefix).append(" driver ").append(n)
                        .append("\",\"email\":\"").append(prefix).append(n).append("@example.com\",\"phone\":\"+1")
                        .append(prefix.equals("probe") ? "415556" : "415555").append(String.format("%04d", n))
                        .append("\"}");
            }
            Resp r = require(c.call("POST", "/api/v1/drivers/bulk", key, body.append("]}").toString()), "drivers");
            Matcher m = Pattern.compile("\"id\":\"(drv_[0-9a-f]{32})\"").matcher(r.text());
            while (m.find()) {
                into.add(m.group(1));
            }
        }
        if (into.size() != count) {
            throw new IllegalStateException("registered " + into.size() + " of " + count + " " + prefix + " drivers");
        }
    }

    // ---- phases --------------------------------------------------------------------------------------------------

    /**
     * Before any measurement the JIT gets its load: a fresh JVM on two shared cores needs about a minute of it
     * until C2 has compiled the hot paths (measured on one instance, 10 s rounds of GET /health and GET
     * /drivers/:id: 1.6, 0.6, 0.36, 0.33 ms of JVM CPU per health request; 4.9, 2.6, 1.3, 0.9 per driver read).
     * First the reads alone (they share the HTTP, security and JSON stack with everything), then every write path
     * at once; its payouts complete before the first phase.
     */
    static void warmUp() throws Exception {
        if (JIT_WARMUP <= 0) {
            return;
        }
        double reads = JIT_WARMUP * 0.4;
        double writes = JIT_WARMUP - reads;
        log("JIT warm-up: " + f0(reads) + " s of reads (health, drivers), then " + f0(writes) + " s of every write "
                + "path at once (payouts, bulk, payout lists, small batches)");
        Req health = Req.get("/health", null);
        Req[] driverReads = drivers.stream().map(id -> Req.get("/api/v1/drivers/" + id, key)).toArray(Req[]::new);
        Req[] payouts = payoutRequests("bench-warmup");
        Req[] lists = probeDrivers.stream().map(id -> Req.get("/api/v1/payouts?pageSize=5&driverId=" + id, key))
                .toArray(Req[]::new);
        Req bulk = Req.post("/api/v1/payouts/bulk", key, bulkJson(0, "bench-warmup"));
        AtomicLong next = new AtomicLong();
        Snap start = Snap.take();
        List<Load> loads = new ArrayList<>();
        loads.add(closedLoop("warmup-health", READ_CONNECTIONS, 0, reads / 3, (c, q) -> health, r -> 1));
        loads.add(closedLoop("warmup-drivers", READ_CONNECTIONS, 0, reads * 2 / 3,
                (c, q) -> driverReads[(int) (next.getAndIncrement() % driverReads.length)], r -> 1));
        List<Thread> threads = new ArrayList<>();
        Object[][] mixes = {
                {"warmup-payouts", 8, (Work) (c, q) -> payouts[(int) (next.getAndIncrement() % payouts.length)]},
                {"warmup-bulk", 1, (Work) (c, q) -> bulk},
                {"warmup-lists", 1, (Work) (c, q) -> lists[(int) (next.getAndIncrement() % lists.length)]},
        };
        for (Object[] mix : mixes) {
            Thread t = new Thread(() -> {
                try {
                    Load l = closedLoop((String) mix[0], (Integer) mix[1], 0, writes, (Work) mix[2], r -> 1);
                    synchronized (loads) {
                        loads.add(l);
                    }
                } catch (Exception e) {
                    log(mix[0] + " failed: " + e);
                }
            });
            t.start();
            threads.add(t);
        }
        Thread batches = new Thread(() -> {
            long end = System.nanoTime() + (long) (writes * 1e9);
            try (Conn c = newConn()) {
                int n = 0;
                while (System.nanoTime() < end - 5_000_000_000L) {
                    String batch = createBatch(c, "bench-warmup-" + n, n, 100, "bench-warmup");
                    waitBatchRows(List.of(batch), 100);
                    releaseBatch(c, batch);
                    n++;
                }
            } catch (Exception e) {
                log("warm-up batches failed: " + e);
            }
        });
        batches.start();
        threads.add(batches);
        for (Thread t : threads) {
            t.join();
        }
        waitQuiet();
        Delta d = Snap.take().minus(start);
        long requests = loads.stream().mapToLong(l -> l.totalRequests).sum();
        cpuRows.add(new PhaseCpu("warm-up", "JIT warm-up, reads then all write paths, until quiet (not a figure)",
                requests, 0, d, "request", loads.stream().map(l -> l.name.substring(7) + " " + l.totalRequests)
                .reduce((a, b) -> a + ", " + b).orElse("")));
        log("warm-up done: " + loads.stream().map(l -> l.name.substring(7) + " " + f0(l.totalRequests / l.seconds)
                + "/s").reduce((a, b) -> a + ", " + b).orElse("") + "; " + d.perOp(requests));
    }

    static void phaseHealth() throws Exception {
        waitQuiet();
        Req health = Req.get("/health", null);
        Load l = closedLoop("health", READ_CONNECTIONS, 2, READ_DURATION, (conn, seq) -> health, r -> 1);
        fig.put("health_rps", f0(l.opsPerS()));
        cpuRows.add(new PhaseCpu("health", "GET /health, " + READ_CONNECTIONS + " conns", l.windowOps, l.opsPerS(),
                l.window, "request", l.note()));
        log(l.summary("GET /health"));
    }

    static void phaseDriverReads() throws Exception {
        waitQuiet();
        Req[] reqs = drivers.stream().map(id -> Req.get("/api/v1/drivers/" + id, key)).toArray(Req[]::new);
        AtomicLong next = new AtomicLong();
        Load l = closedLoop("drivers", READ_CONNECTIONS, 2, READ_DURATION,
                (conn, seq) -> reqs[(int) (next.getAndIncrement() % reqs.length)], r -> 1);
        fig.put("driver_get_rps", f0(l.opsPerS()));
        fig.put("driver_get_p99", f1(l.pct(0.99)));
        cpuRows.add(new PhaseCpu("drivers", "GET /drivers/:id, " + READ_CONNECTIONS + " conns", l.windowOps,
                l.opsPerS(), l.window, "request", l.note()));
        log(l.summary("GET /drivers/:id"));
    }

    static Req[] payoutRequests(String description) {
        return drivers.stream().map(id -> Req.post("/api/v1/payouts", key, payoutJson(id, description)))
                .toArray(Req[]::new);
    }

    static String payoutJson(String driver, String description) {
        return "{\"driverId\":\"" + driver + "\",\"amount\":" + AMOUNT + ",\"urgency\":\"standard\",\"description\":\""
                + description + "\"}";
    }

    static void phasePayouts() throws Exception {
        waitQuiet();
        Req[] reqs = payoutRequests("bench-payouts");
        AtomicLong next = new AtomicLong();
        Snap start = Snap.take();
        Load l = closedLoop("payouts", PAYOUT_CONNECTIONS, WARMUP, DURATION,
                (conn, seq) -> reqs[(int) (next.getAndIncrement() % reqs.length)], r -> 1);
        Drain d = drain("bench-payouts", l.totalOps);
        Delta e2e = Snap.take().minus(start);
        fig.put("payouts_per_s", f0(l.opsPerS()));
        fig.put("payouts_p50", f1(l.pct(0.5)));
        fig.put("payouts_p99", f1(l.pct(0.99)));
        fig.put("payouts_drain_s", f1(d.seconds));
        fig.put("payouts_all_completed", d.ok ? "yes" : "NO");
        fig.put("payouts_jvm_ms_per_op", f2(l.window.msPer(l.window.jvm(), l.windowOps)));
        fig.put("payouts_pg_ms_per_op", f2(l.window.msPer(l.window.pg(), l.windowOps)));
        fig.put("payouts_e2e_jvm_ms_per_op", f2(e2e.msPer(e2e.jvm(), l.totalOps)));
        cpuRows.add(new PhaseCpu("payouts", "POST /payouts, " + PAYOUT_CONNECTIONS + " conns (window)", l.windowOps,
                l.opsPerS(), l.window, "payout", l.note()));
        cpuRows.add(new PhaseCpu("payouts e2e", "same, warm-up to last completed", l.totalOps, 0, e2e, "payout",
                "incl. rail and projections after the load"));
        log(l.summary("POST /payouts") + "; " + d);
    }

    static void phaseLatency(int connections) throws Exception {
        waitQuiet();
        String name = "latency" + connections;
        Req[] reqs = payoutRequests("bench-" + name);
        AtomicLong next = new AtomicLong();
        Load l = closedLoop(name, connections, Math.min(WARMUP, 3), DURATION,
                (conn, seq) -> reqs[(int) (next.getAndIncrement() % reqs.length)], r -> 1);
        Drain d = drain("bench-" + name, l.totalOps);
        fig.put(name + "_p50", f1(l.pct(0.5)));
        fig.put(name + "_p99", f1(l.pct(0.99)));
        fig.put(name + "_per_s", f0(l.opsPerS()));
        fig.put(name + "_all_completed", d.ok ? "yes" : "NO");
        cpuRows.add(new PhaseCpu(name, "POST /payouts, " + connections + " conn" + (connections > 1 ? "s" : ""),
                l.windowOps, l.opsPerS(), l.window, "payout", l.note()));
        log(l.summary("POST /payouts x" + connections) + "; " + d);
    }

    static String bulkJson(int variant, String description) {
        StringBuilder body = new StringBuilder("{\"urgency\":\"standard\",\"payouts\":[");
        for (int i = 0; i < BULK_ITEMS; i++) {
            if (i > 0) {
                body.append(',');
            }
            String driver = drivers.get((variant * 13 + i) % drivers.size());
            body.append("{\"driverId\":\"").append(driver).append("\",\"amount\":").append(AMOUNT)
                    .append(",\"description\":\"").append(description).append("\"}");
        }
        return body.append("]}").toString();
    }

    static void phaseBulk() throws Exception {
        waitQuiet();
        Req[] reqs = new Req[16];
        for (int v = 0; v < reqs.length; v++) {
            reqs[v] = Req.post("/api/v1/payouts/bulk", key, bulkJson(v, "bench-bulk"));
        }
        AtomicLong next = new AtomicLong();
        Snap start = Snap.take();
        Load l = closedLoop("bulk", BULK_CONNECTIONS, Math.min(WARMUP, 3), DURATION,
                (conn, seq) -> reqs[(int) (next.getAndIncrement() % reqs.length)],
                r -> r.num("succeeded", 0));
        Drain d = drain("bench-bulk", l.totalOps);
        Delta e2e = Snap.take().minus(start);
        fig.put("bulk_per_s", f0(l.opsPerS()));
        fig.put("bulk_req_p50", f1(l.pct(0.5)));
        fig.put("bulk_drain_s", f1(d.seconds));
        fig.put("bulk_all_completed", d.ok ? "yes" : "NO");
        cpuRows.add(new PhaseCpu("bulk", "POST /payouts/bulk x" + BULK_ITEMS + ", " + BULK_CONNECTIONS
                + " conns (window)", l.windowOps, l.opsPerS(), l.window, "payout", l.note()));
        cpuRows.add(new PhaseCpu("bulk e2e", "same, warm-up to last completed", l.totalOps, 0, e2e, "payout",
                "incl. rail and projections after the load"));
        log(l.summary("POST /payouts/bulk (ops = payouts)") + "; " + d);
    }

    static void phaseBatch() throws Exception {
        waitQuiet();
        Conn c = newConn();
        // one batch of BATCH_SIZE
        Snap s0 = Snap.take();
        long t0 = System.nanoTime();
        String batch = createBatch(c, "bench-batch-1", 0);
        double createMs = ms(System.nanoTime() - t0);
        waitBatchRows(List.of(batch));
        long tRelease = System.nanoTime();
        releaseBatch(c, batch);
        double releaseMs = ms(System.nanoTime() - tRelease);
        Completion done = waitBatchesCompleted(List.of(batch), tRelease);
        Delta one = Snap.take().minus(s0);
        fig.put("batch_create_ms", f0(createMs));
        fig.put("batch_release_ms", f0(releaseMs));
        fig.put("batch_completed_after_delay_s", f2(done.payoutsS - RAIL_DELAY));
        fig.put("batch_status_completed_s", f2(done.batchesS));
        fig.put("batch_all_completed", done.ok ? "yes" : "NO");
        cpuRows.add(new PhaseCpu("batch", "1 batch of " + BATCH_SIZE + ": create, release, completed", BATCH_SIZE, 0,
                one, "payout", "create " + f0(createMs) + " ms, release " + f0(releaseMs) + " ms"));
        log(String.format(Locale.ROOT, "batch of %d: create %.0f ms, release %.0f ms, every payout completed %.2f s "
                        + "after the release request (%.2f s after the %.1f s rail delay), batch status completed after "
                        + "%.2f s; %s", BATCH_SIZE, createMs, releaseMs, done.payoutsS, done.payoutsS - RAIL_DELAY,
                RAIL_DELAY, done.batchesS, done));

        // BATCHES batches created one after the other, released together
        Snap s1 = Snap.take();
        List<String> ids = new ArrayList<>();
        long[] creates = new long[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            long t = System.nanoTime();
            ids.add(createBatch(c, "bench-batch-" + (b + 2), b + 1));
            creates[b] = System.nanoTime() - t;
        }
        waitBatchRows(ids);
        Arrays.sort(creates);
        long[] releases = new long[BATCHES];
        CountDownLatch ready = new CountDownLatch(BATCHES);
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int b = 0; b < BATCHES; b++) {
            int index = b;
            Thread t = new Thread(() -> {
                try (Conn own = newConn()) {
                    own.call("GET", "/health", null, null); // connected before the start
                    ready.countDown();
                    go.await();
                    long t2 = System.nanoTime();
                    releaseBatch(own, ids.get(index));
                    releases[index] = System.nanoTime() - t2;
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            t.start();
            threads.add(t);
        }
        ready.await();
        if (PROFILE_PHASE.equals("batches")) {
            startProfile();
        }
        long tAll = System.nanoTime();
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("batch release failed", failure.get());
        }
        double releaseAllMs = ms(System.nanoTime() - tAll);
        Arrays.sort(releases);
        Completion all = waitBatchesCompleted(ids, tAll);
        if (PROFILE_PHASE.equals("batches")) {
            stopProfile();
        }
        Delta ten = Snap.take().minus(s1);
        fig.put("batches_create_ms_median", f0(ms(creates[BATCHES / 2])));
        fig.put("batches_release_ms_max", f0(ms(releases[BATCHES - 1])));
        fig.put("batches_completed_after_delay_s", f2(all.payoutsS - RAIL_DELAY));
        fig.put("batches_status_completed_s", f2(all.batchesS));
        fig.put("batches_all_completed", all.ok ? "yes" : "NO");
        cpuRows.add(new PhaseCpu("batch x" + BATCHES, BATCHES + " batches of " + BATCH_SIZE
                + ": created one by one, released together, completed", (long) BATCHES * BATCH_SIZE, 0, ten, "payout",
                "create median " + f0(ms(creates[BATCHES / 2])) + " ms, release max " + f0(ms(releases[BATCHES - 1]))
                        + " ms"));
        log(String.format(Locale.ROOT, "%d batches of %d: create median %.0f ms (max %.0f), released together: "
                        + "release median %.0f ms, max %.0f ms (all answered after %.0f ms), every payout completed "
                        + "%.2f s after the releases (%.2f s after the delay), every batch status completed after %.2f s; %s",
                BATCHES, BATCH_SIZE, ms(creates[BATCHES / 2]), ms(creates[BATCHES - 1]), ms(releases[BATCHES / 2]),
                ms(releases[BATCHES - 1]), releaseAllMs, all.payoutsS, all.payoutsS - RAIL_DELAY, all.batchesS, all));
        c.close();
    }

    static String createBatch(Conn c, String name, int offset) throws IOException {
        return createBatch(c, name, offset, BATCH_SIZE, "bench-batch");
    }

    static String createBatch(Conn c, String name, int offset, int size, String description) throws IOException {
        StringBuilder body = new StringBuilder("{\"name\":\"").append(name)
                .append("\",\"urgency\":\"standard\",\"payouts\":[");
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                body.append(',');
            }
            body.append("{\"driverId\":\"").append(drivers.get((offset * 7 + i) % drivers.size()))
                    .append("\",\"amount\":").append(AMOUNT).append(",\"description\":\"").append(description)
                    .append("\"}");
        }
        Resp r = require(c.call("POST", "/api/v1/batches", key, body.append("]}").toString()), "batch create");
        return r.str("id");
    }

    static void releaseBatch(Conn c, String id) throws IOException {
        require(c.call("POST", "/api/v1/batches/" + id + "/release", key, null), "batch release");
    }

    /** The create answered; its payout rows may land in payout_view a moment later: wait for them, untimed. */
    static void waitBatchRows(List<String> ids) throws Exception {
        waitBatchRows(ids, BATCH_SIZE);
    }

    static void waitBatchRows(List<String> ids, int size) throws Exception {
        String in = sqlList(ids);
        waitFor("batch payout rows", 120, () -> sql.longValue("select count(*) from payout_view where batch_id in ("
                + in + ")") >= (long) ids.size() * size);
    }

    record Completion(double payoutsS, double batchesS, long completed, long total, boolean ok) {
        @Override
        public String toString() {
            return (ok ? "all " : "NOT all ") + "completed (" + completed + " of " + total + ")";
        }
    }

    /** Polls payout_view (every 50 ms) until no payout of these batches is in flight, then batch_view until every batch is done. */
    static Completion waitBatchesCompleted(List<String> ids, long from) throws Exception {
        String in = sqlList(ids);
        long deadline = from + (long) (COMPLETION_TIMEOUT * 1e9);
        double payoutsS = Double.NaN;
        double batchesS = Double.NaN;
        while (System.nanoTime() < deadline) {
            // one row looked up through the batch index, not a count over the mode: polled every 50 ms, the count
            // took 41 ms of PostgreSQL's CPU per poll while 10,000 rows changed status
            if (Double.isNaN(payoutsS) && sql.longValue("select count(*) from (select 1 from payout_view where batch_id in ("
                    + in + ") and status in ('PENDING','VALIDATED','QUEUED','PROCESSING') limit 1) in_flight") == 0) {
                payoutsS = (System.nanoTime() - from) / 1e9;
            }
            if (!Double.isNaN(payoutsS) && sql.longValue("select count(*) from batch_view where id in (" + in
                    + ") and status <> 'COMPLETED'") == 0) {
                batchesS = (System.nanoTime() - from) / 1e9;
                break;
            }
            Thread.sleep(50);
        }
        String[] counts = sql.row("select count(*) filter (where status='COMPLETED'), count(*) from payout_view "
                + "where batch_id in (" + in + ")");
        long completed = Long.parseLong(counts[0]);
        long total = Long.parseLong(counts[1]);
        return new Completion(payoutsS, batchesS, completed, total,
                completed == total && total == (long) ids.size() * BATCH_SIZE && !Double.isNaN(batchesS));
    }

    static void phaseLag() throws Exception {
        waitQuiet();
        Req[] reqs = payoutRequests("bench-lag");
        AtomicLong next = new AtomicLong();
        ConcurrentLinkedQueue<long[]> probes = new ConcurrentLinkedQueue<>();
        double warmup = Math.min(WARMUP, 3);
        long startAt = System.nanoTime() + 200_000_000L;
        long probeFrom = startAt + (long) (warmup * 1e9);
        long probeEnd = probeFrom + (long) (DURATION * 1e9);
        AtomicLong probeFailures = new AtomicLong();
        List<Thread> probeThreads = new ArrayList<>();
        for (int p = 0; p < PROBES; p++) {
            List<String> own = new ArrayList<>();
            for (int i = p; i < probeDrivers.size(); i += PROBES) {
                own.add(probeDrivers.get(i));
            }
            Thread probe = new Thread(() -> probeLoop(own, probeFrom, probeEnd, probes, probeFailures), "probe-" + p);
            probe.start();
            probeThreads.add(probe);
        }
        Load l = openLoop("lag", LAG_RATE, LAG_CONNECTIONS, startAt, warmup, DURATION,
                (conn, seq) -> reqs[(int) (next.getAndIncrement() % reqs.length)], r -> 1);
        for (Thread probe : probeThreads) {
            probe.join();
        }
        Drain d = drain("bench-lag", l.totalOps);
        Drain dp = drain("bench-probe", 0);
        long[] fromAccepted = probes.stream().mapToLong(p -> p[0]).sorted().toArray();
        long[] fromSent = probes.stream().mapToLong(p -> p[1]).sorted().toArray();
        fig.put("lag_offered_per_s", f0(LAG_RATE));
        fig.put("lag_achieved_per_s", f0(l.opsPerS()));
        fig.put("lag_p50_ms", f1(pct(fromAccepted, 0.5) / 1e6));
        fig.put("lag_p99_ms", f1(pct(fromAccepted, 0.99) / 1e6));
        fig.put("lag_probes", String.valueOf(fromAccepted.length));
        fig.put("lag_all_completed", d.ok && dp.ok ? "yes" : "NO");
        cpuRows.add(new PhaseCpu("lag", "open loop " + f0(LAG_RATE) + "/s offered, " + LAG_CONNECTIONS
                + " conns max, + " + PROBES + " probes", l.windowOps, l.opsPerS(), l.window, "payout", l.note()));
        log(l.summary("open-loop POST /payouts") + String.format(Locale.ROOT,
                "; probes %d (failed %d): visible in the list after accepted p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
                        + "after sent p50 %.1f ms, p99 %.1f ms; %s; probes %s",
                fromAccepted.length, probeFailures.get(), pct(fromAccepted, 0.5) / 1e6,
                pct(fromAccepted, 0.99) / 1e6, pct(fromAccepted, 1) / 1e6, pct(fromSent, 0.5) / 1e6,
                pct(fromSent, 0.99) / 1e6, d, dp));
    }

    /**
     * One probe after the other: a payout for a probe driver, then GET /payouts?driverId= (page size 5) back to back
     * until it lists the payout. Records (visible - accepted, visible - sent), where "visible" is the arrival of the
     * first list response that holds it.
     */
    static void probeLoop(List<String> probeDrivers, long from, long end, ConcurrentLinkedQueue<long[]> out,
                          AtomicLong failures) {
        Req[] creates = probeDrivers.stream().map(id -> Req.post("/api/v1/payouts", key, payoutJson(id, "bench-probe")))
                .toArray(Req[]::new);
        Req[] lists = probeDrivers.stream().map(id -> Req.get("/api/v1/payouts?pageSize=5&driverId=" + id, key))
                .toArray(Req[]::new);
        try (Conn post = newConn(); Conn get = newConn()) {
            sleepUntil(from);
            int k = 0;
            while (System.nanoTime() < end) {
                int d = k++ % creates.length;
                long sent = System.nanoTime();
                Resp r = post.send(creates[d], 512);
                long accepted = System.nanoTime();
                String id = r.status == 200 ? r.str("id") : null;
                if (id == null) {
                    failures.incrementAndGet();
                    Thread.sleep(100);
                    continue;
                }
                byte[] needle = id.getBytes(StandardCharsets.US_ASCII);
                while (true) {
                    Resp list = get.send(lists[d], 1 << 20);
                    long now = System.nanoTime();
                    if (list.status == 200 && list.contains(needle)) {
                        out.add(new long[] {now - accepted, now - sent});
                        break;
                    }
                    if (now - accepted > 30_000_000_000L) {
                        failures.incrementAndGet();
                        break;
                    }
                    LockSupport.parkNanos(2_000_000);
                }
                Thread.sleep(20);
            }
        } catch (Exception e) {
            log("probe stopped: " + e);
            failures.incrementAndGet();
        }
    }

    static void phaseRebuild() throws Exception {
        waitQuiet();
        String rows = rebuiltRows(REBUILD_PROJECTION);
        String[] before = sql.row(rows);
        String[] head = sql.row("select coalesce(max(global_index),0), count(*) from domain_event_entry");
        long headIndex = Long.parseLong(head[0]);
        long events = Long.parseLong(head[1]);
        Conn c = newConn();
        Snap s = Snap.take();
        long t0 = System.nanoTime();
        require(c.call("POST", "/api/v1/admin/projections/" + REBUILD_PROJECTION + "/rebuild", ownerToken, null),
                "rebuild");
        long answered = System.nanoTime();
        long deadline = t0 + (long) (COMPLETION_TIMEOUT * 1e9);
        long reached = -1;
        // done once the token is at the head and the indexes set aside for the replay are back (ADR-0050)
        boolean setsIndexesAside = sql.longValue("select count(*) from pg_class where relname = 'set_aside_index'") > 0;
        while (System.nanoTime() < deadline) {
            if (tokenIndex(REBUILD_PROJECTION) >= headIndex
                    && (!setsIndexesAside || sql.longValue("select count(*) from set_aside_index") == 0)) {
                reached = System.nanoTime();
                break;
            }
            Thread.sleep(50);
        }
        Delta d = Snap.take().minus(s);
        c.close();
        if (reached < 0) {
            throw new IllegalStateException("rebuild of " + REBUILD_PROJECTION + " did not reach " + headIndex);
        }
        double seconds = (reached - t0) / 1e9;
        String[] after = sql.row(rows);
        boolean identical = Arrays.equals(before, after);
        fig.put("rebuild_events", String.valueOf(events));
        fig.put("rebuild_s", f2(seconds));
        fig.put("rebuild_events_per_s", f0(events / seconds));
        fig.put("rebuild_identical", identical ? "yes" : "NO");
        cpuRows.add(new PhaseCpu("rebuild", "rebuild " + REBUILD_PROJECTION + " (" + events + " events)", events,
                events / seconds, d, "event", "rows " + before[0] + (identical ? ", identical" : ", DIFFERENT")));
        log(String.format(Locale.ROOT, "rebuild of %s: %d events (head %d) in %.2f s (endpoint answered after %.0f ms) "
                        + "= %.0f events/s; its tables %s rows, md5 %s before, %s rows, md5 %s after: %s",
                REBUILD_PROJECTION, events, headIndex, seconds, ms(answered - t0), events / seconds, before[0],
                before[1], after[0], after[1], identical ? "identical" : "DIFFERENT"));
    }

    /** Row count and md5 of every table the projection rebuilds, so "identical" covers all it writes. */
    static String rebuiltRows(String projection) {
        List<String> tables = switch (projection) {
            case "payout-projection" -> List.of("payout_view", "payout_count", "payout_amount", "driver_totals");
            case "driver-projection" -> List.of("driver_view", "driver_count");
            case "batch-projection" -> List.of("batch_view");
            case "wallet-projection" -> List.of("wallet_balance_view", "top_up_view", "funding_transaction_view",
                    "funding_transaction_count", "funding_transaction_amount", "wallet_movement",
                    "wallet_movement_hour", "wallet_movement_minute");
            case "funding-alert-projection" -> List.of("funding_alert_view", "approval_policy_view");
            case "api-key-projection" -> List.of("api_key_view");
            default -> throw new IllegalArgumentException("no tables known for " + projection);
        };
        return "select " + String.join(" || '/' || ", tables.stream().map(t -> "(select count(*) from " + t + ")::text")
                .toList()) + ", md5(" + String.join(" || ", tables.stream().map(t -> "coalesce((select string_agg(r::text, "
                + "',' order by r::text) from " + t + " r), '')").toList()) + ")";
    }

    /** The processor's position: a ReplayToken's current token while it replays, else the token itself. */
    static long tokenIndex(String processor) throws IOException {
        String[] row = sql.row("select token_type, convert_from(token,'UTF8') from token_entry where processor_name='"
                + processor + "' and segment=0");
        if (row.length < 2 || row[1] == null) {
            return -1;
        }
        // A reset of a replaying processor nests ReplayTokens: the innermost currentToken is the position (null:
        // at the start of the stream).
        String json = row[1];
        int at = json.lastIndexOf("\"currentToken\":");
        if (at >= 0) {
            json = json.substring(at + "\"currentToken\":".length());
            if (json.startsWith("null")) {
                return -1;
            }
        }
        Matcher m = Pattern.compile("\"index\":(\\d+)").matcher(json);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    static void phasePgbench() throws Exception {
        waitQuiet();
        sql.exec("create table if not exists bench_baseline (id bigserial primary key, v int not null)");
        Path script = OUT.resolve("pgbench-insert-" + RUN_ID + ".sql");
        Files.writeString(script, "insert into bench_baseline (v) values (1);\n");
        Snap s = Snap.take();
        ProcessBuilder pb = new ProcessBuilder("pgbench", "-n", "-h", "localhost", "-p", String.valueOf(PG_PORT), "-U",
                "postgres", "-c", "8", "-j", "2", "-T", String.valueOf((int) PGBENCH_SECONDS), "-f", script.toString(),
                "postgres").redirectErrorStream(true);
        pb.environment().put("PGPASSWORD", "postgres");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        Delta d = Snap.take().minus(s);
        Files.deleteIfExists(script);
        Matcher tps = Pattern.compile("tps = ([0-9.]+)").matcher(output);
        Matcher tx = Pattern.compile("number of transactions actually processed: (\\d+)").matcher(output);
        if (!tps.find() || !tx.find()) {
            throw new IllegalStateException("pgbench: " + output);
        }
        double rate = Double.parseDouble(tps.group(1));
        fig.put("pgbench_tps", f0(rate));
        cpuRows.add(new PhaseCpu("pgbench", "pgbench -c 8 -j 2, one-row insert per tx", Long.parseLong(tx.group(1)),
                rate, d, "tx", "client = pgbench"));
        log("pgbench: " + f0(rate) + " tps");
    }

    static void phaseMoney() throws Exception {
        waitQuiet();
        Conn c = newConn();
        Map<String, Long> b = balance(c);
        c.close();
        String[] row = sql.row("select coalesce(sum(amount) filter (where status='COMPLETED'),0), count(*), "
                + "count(*) filter (where status='COMPLETED'), count(*) filter (where status not in "
                + "('COMPLETED','FAILED','CANCELED')) from payout_view where mode='SANDBOX'");
        long completedSum = Long.parseLong(row[0]);
        // every settled sandbox top-up (on a fresh database: this run's TOPUPS x TOPUP_AMOUNT)
        long topups = sql.longValue("select coalesce(sum(amount),0) from top_up_view where mode='SANDBOX' and "
                + "status='settled'");
        long right = b.get("available") + b.get("inTransit") + completedSum;
        boolean ok = topups == right && b.get("pending") == 0;
        fig.put("money", ok ? "pass" : "FAIL");
        log(String.format(Locale.ROOT, "money: settled top-ups %d (this run's: %d); available %d + inTransit %d + completed payouts %d (%s of %s "
                        + "payouts completed, %s in flight) = %d; pending %d: %s", topups, TOPUPS * TOPUP_AMOUNT,
                b.get("available"),
                b.get("inTransit"), completedSum, row[2], row[1], row[3], right, b.get("pending"),
                ok ? "pass" : "FAIL (difference " + (topups - right) + ")"));
    }

    static Map<String, Long> balance(Conn c) throws IOException {
        Resp r = require(c.call("GET", "/api/v1/balance", key, null), "balance");
        Map<String, Long> m = new LinkedHashMap<>();
        for (String f : List.of("available", "pending", "inTransit")) {
            m.put(f, r.num(f, -1));
        }
        return m;
    }

    // ---- drains --------------------------------------------------------------------------------------------------

    record Drain(String description, double seconds, long rows, long completed, long accepted, boolean ok) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: %s completed %.1f s after the load (%d of %d rows completed, %d "
                    + "accepted by the client)", description, ok ? "all" : "NOT all", seconds, completed, rows, accepted);
        }
    }

    /** Polls (100 ms) until no sandbox payout is in flight; then checks the phase's payouts by description. */
    static Drain drain(String description, long accepted) throws Exception {
        long from = System.nanoTime();
        long deadline = from + (long) (COMPLETION_TIMEOUT * 1e9);
        double seconds = Double.NaN;
        while (System.nanoTime() < deadline) {
            if (!anyInFlight()) {
                seconds = (System.nanoTime() - from) / 1e9;
                break;
            }
            Thread.sleep(100);
        }
        String[] row = sql.row("select count(*), count(*) filter (where status='COMPLETED') from payout_view "
                + "where description='" + description + "'");
        long rows = Long.parseLong(row[0]);
        long completed = Long.parseLong(row[1]);
        return new Drain(description, seconds, rows, completed, accepted,
                !Double.isNaN(seconds) && completed == rows && rows >= accepted);
    }

    /**
     * Whether some sandbox payout is still on its way: one row looked up, not a count, since the drain polls it every
     * 100 ms while tens of thousands of rows change status and a count over them costs PostgreSQL tens of ms each.
     */
    static boolean anyInFlight() throws Exception {
        return sql.longValue("select count(*) from (select 1 from payout_view where mode='SANDBOX' and "
                + "status in ('VALIDATED','QUEUED','PROCESSING') limit 1) in_flight") > 0;
    }

    /** Before a measurement that needs a quiet service: nothing in flight, every processor at the head. */
    static void waitQuiet() throws Exception {
        try {
            waitFor("payouts settled", COMPLETION_TIMEOUT, () -> !anyInFlight());
            waitFor("processors at the head", 60, () -> sql.longValue("select count(*) from token_entry t where "
                    + "convert_from(t.token,'UTF8') !~ ('\"index\":' || (select coalesce(max(global_index),0) from "
                    + "domain_event_entry) || '[,}]')") == 0);
        } catch (IllegalStateException e) {
            log("warning: " + e.getMessage() + "; measuring anyway");
        }
    }

    // ---- load generation -----------------------------------------------------------------------------------------

    interface Work {
        Req next(int connection, long sequence);
    }

    interface Ops {
        long of(Resp r);
    }

    static final class Load {
        String name;
        double seconds;
        long windowOps;
        long windowRequests;
        long refused;
        long failed;
        long totalOps;
        long totalRequests;
        long late;
        long due;
        long[] latencies;
        long[] serviceLatencies;
        String firstError;
        Delta window;

        double opsPerS() {
            return windowOps / seconds;
        }

        double pct(double p) {
            return Bench.pct(latencies, p) / 1e6;
        }

        String note() {
            return refused + failed == 0 ? "" : "refused " + refused + ", failed " + failed;
        }

        String summary(String what) {
            String s = String.format(Locale.ROOT, "%s: %.0f ops/s over %.0f s (%d requests, %d ops; %d in all), "
                            + "latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms; refused %d, failed %d; "
                            + "CPU %s", what, opsPerS(), seconds, windowRequests, windowOps, totalOps, pct(0.5),
                    pct(0.9), pct(0.99), pct(1), refused, failed, window.perOp(windowOps));
            if (due > 0) {
                s += String.format(Locale.ROOT, "; open loop: %d requests due in the window, %d answered in it, %d "
                        + "sent more than 100 ms after they were due (latency counts from when due)", due,
                        windowRequests, late);
            }
            return firstError == null ? s : s + "; first error: " + firstError;
        }
    }

    /** Closed loop: each connection sends its next request as soon as the previous one answered. */
    static Load closedLoop(String name, int connections, double warmupS, double durationS, Work work, Ops ops)
            throws Exception {
        long start = System.nanoTime() + 200_000_000L;
        long measureFrom = start + (long) (warmupS * 1e9);
        long end = measureFrom + (long) (durationS * 1e9);
        return run(name, connections, start, measureFrom, end, durationS, work, ops, 0);
    }

    /**
     * Open loop: request i is due at start + i / rate whatever happened to the others; a free connection takes the
     * next due request. Latency counts from when it was due, so a backlog shows (no coordinated omission).
     */
    static Load openLoop(String name, double rate, int connections, long start, double warmupS, double durationS,
                         Work work, Ops ops) throws Exception {
        long measureFrom = start + (long) (warmupS * 1e9);
        long end = measureFrom + (long) (durationS * 1e9);
        return run(name, connections, start, measureFrom, end, durationS, work, ops, rate);
    }

    static Load run(String name, int connections, long start, long measureFrom, long end, double durationS, Work work,
                    Ops ops, double rate) throws Exception {
        Load load = new Load();
        load.name = name;
        load.seconds = durationS;
        AtomicLong windowOps = new AtomicLong();
        AtomicLong windowRequests = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong totalOps = new AtomicLong();
        AtomicLong totalRequests = new AtomicLong();
        AtomicLong tickets = new AtomicLong();
        AtomicLong late = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        ConcurrentLinkedQueue<long[]> chunks = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<long[]> serviceChunks = new ConcurrentLinkedQueue<>();
        CountDownLatch connected = new CountDownLatch(connections);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            int connection = i;
            Thread t = new Thread(() -> {
                long[] lat = new long[1 << 14];
                long[] svc = new long[1 << 14];
                int n = 0;
                long seq = 0;
                Conn conn = newConn();
                try {
                    conn.connect();
                } catch (IOException e) {
                    firstError.compareAndSet(null, e.toString());
                }
                connected.countDown();
                sleepUntil(start);
                while (true) {
                    long due = 0;
                    if (rate > 0) {
                        due = start + (long) (tickets.getAndIncrement() * 1e9 / rate);
                        if (due >= end) {
                            break;
                        }
                        sleepUntil(due);
                        if (System.nanoTime() >= end) {
                            break; // a backlog of due requests is not sent after the end: it would only queue
                        }
                    }
                    long before = System.nanoTime();
                    if (rate <= 0) {
                        if (before >= end) {
                            break;
                        }
                        due = before;
                    }
                    Req req = work.next(connection, seq++);
                    int status;
                    long count = 0;
                    try {
                        Resp r = conn.send(req, 512);
                        status = r.status;
                        if (status == 200) {
                            count = ops.of(r);
                        }
                    } catch (IOException e) {
                        firstError.compareAndSet(null, e.toString());
                        status = 599;
                    }
                    long after = System.nanoTime();
                    totalRequests.incrementAndGet();
                    totalOps.addAndGet(count);
                    if (after < measureFrom || after > end) {
                        continue;
                    }
                    windowRequests.incrementAndGet();
                    windowOps.addAndGet(count);
                    if (before - due > 100_000_000L) {
                        late.incrementAndGet();
                    }
                    if (status >= 400 && status < 500) {
                        refused.incrementAndGet();
                    } else if (status != 200) {
                        failed.incrementAndGet();
                    }
                    if (n == lat.length) {
                        lat = Arrays.copyOf(lat, n * 2);
                        svc = Arrays.copyOf(svc, n * 2);
                    }
                    lat[n] = after - due;
                    svc[n++] = after - before;
                }
                conn.close();
                chunks.add(Arrays.copyOf(lat, n));
                serviceChunks.add(Arrays.copyOf(svc, n));
            }, name + "-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        connected.await();
        sleepUntil(measureFrom);
        if (name.equals(PROFILE_PHASE)) {
            startProfile();
        }
        Snap a = Snap.take();
        sleepUntil(end);
        Snap b = Snap.take();
        if (name.equals(PROFILE_PHASE)) {
            stopProfile();
        }
        for (Thread t : threads) {
            t.join();
        }
        load.window = b.minus(a);
        load.windowOps = windowOps.get();
        load.windowRequests = windowRequests.get();
        load.refused = refused.get();
        load.failed = failed.get();
        load.totalOps = totalOps.get();
        load.totalRequests = totalRequests.get();
        load.late = late.get();
        load.due = rate > 0 ? (long) ((end - measureFrom) / 1e9 * rate) : 0;
        load.firstError = firstError.get();
        load.latencies = chunks.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        load.serviceLatencies = serviceChunks.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        return load;
    }

    static void startProfile() {
        if (PROFILE) {
            jcmd("JFR.start", "name=bench", "settings=" + Path.of("bench/cpu.jfc").toAbsolutePath());
        }
    }

    /** Dumps the recording to {@code payouts-<run>.jfr}, the file bench/run.sh summarizes, whichever window it holds. */
    static void stopProfile() {
        if (PROFILE) {
            Path jfr = OUT.resolve("payouts-" + RUN_ID + ".jfr").toAbsolutePath();
            jcmd("JFR.dump", "name=bench", "filename=" + jfr);
            jcmd("JFR.stop", "name=bench");
            System.out.println("jfr=" + jfr);
            log("JFR profile of the " + PROFILE_PHASE + " window: " + jfr);
        }
    }

    static void jcmd(String... command) {
        try {
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            List<String> cmd = new ArrayList<>(List.of(Files.exists(jcmd) ? jcmd.toString() : "jcmd",
                    String.valueOf(SERVICE_PID)));
            cmd.addAll(List.of(command));
            String out = run(cmd.toArray(String[]::new));
            if (!out.contains("Started") && !out.contains("Dumped") && !out.contains("Stopped")) {
                log("jcmd " + String.join(" ", command) + ": " + out.trim());
            }
        } catch (Exception e) {
            log("jcmd failed: " + e);
        }
    }

    // ---- HTTP ----------------------------------------------------------------------------------------------------

    /** A request, its bytes built once. */
    record Req(String method, String path, String auth, byte[] body, byte[] raw) {

        static Req get(String path, String auth) {
            return of("GET", path, auth, null);
        }

        static Req post(String path, String auth, String body) {
            return of("POST", path, auth, body);
        }

        static Req of(String method, String path, String auth, String body) {
            byte[] b = body == null ? null : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder h = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ")
                    .append(HOST).append(':').append(PORT).append("\r\n");
            if (auth != null) {
                h.append("Authorization: Bearer ").append(auth).append("\r\n");
            }
            if (b != null) {
                h.append("Content-Type: application/json\r\nContent-Length: ").append(b.length).append("\r\n");
            } else if (method.equals("POST")) {
                h.append("Content-Length: 0\r\n");
            }
            h.append("\r\n");
            byte[] head = h.toString().getBytes(StandardCharsets.US_ASCII);
            byte[] raw = b == null ? head : Arrays.copyOf(head, head.length + b.length);
            if (b != null) {
                System.arraycopy(b, 0, raw, head.length, b.length);
            }
            return new Req(method, path, auth, b, raw);
        }
    }

    /** A response: the status and at most the first {@code keep} bytes of the body (the rest is read and dropped). */
    static final class Resp {
        int status;
        byte[] body = new byte[0];
        int length;

        String text() {
            return new String(body, 0, length, StandardCharsets.UTF_8);
        }

        String str(String field) {
            Matcher m = Pattern.compile("\"" + field + "\":\"([^\"]*)\"").matcher(text());
            return m.find() ? m.group(1) : null;
        }

        long num(String field, long otherwise) {
            Matcher m = Pattern.compile("\"" + field + "\":(-?\\d+)").matcher(text());
            return m.find() ? Long.parseLong(m.group(1)) : otherwise;
        }

        boolean contains(byte[] needle) {
            outer:
            for (int i = 0; i + needle.length <= length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (body[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        }
    }

    interface Conn extends AutoCloseable {
        void connect() throws IOException;

        Resp send(Req req, int keep) throws IOException;

        @Override
        void close();

        default Resp call(String method, String path, String auth, String body) throws IOException {
            return send(Req.of(method, path, auth, body), 1 << 24);
        }
    }

    static Conn newConn() {
        return CLIENT.equals("jdk") ? new JdkConn() : new RawConn();
    }

    /**
     * HTTP/1.1 keep-alive over a plain socket: writes the prebuilt request, reads the status line, the headers
     * it needs (Content-Length, Transfer-Encoding: chunked, Connection: close) and the body. Reconnects when the
     * server closes (Tomcat closes a keep-alive connection after 100 requests).
     */
    static final class RawConn implements Conn {
        private Socket socket;
        private InputStream in;
        private OutputStream out;
        private final byte[] line = new byte[8192];
        private final byte[] skip = new byte[65536];
        private final Resp resp = new Resp();

        @Override
        public void connect() throws IOException {
            if (socket != null) {
                return;
            }
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(HOST, PORT), 10_000);
            socket.setSoTimeout(120_000);
            in = new BufferedInputStream(socket.getInputStream(), 65536);
            out = socket.getOutputStream();
        }

        @Override
        public Resp send(Req req, int keep) throws IOException {
            connect();
            try {
                out.write(req.raw());
                out.flush();
                return read(keep);
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        private Resp read(int keep) throws IOException {
            int n = readLine();
            if (n < 12) {
                throw new IOException("bad status line: " + new String(line, 0, Math.max(n, 0), StandardCharsets.US_ASCII));
            }
            resp.status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
            long contentLength = -1;
            boolean chunked = false;
            boolean close = false;
            while ((n = readLine()) > 0) {
                if (startsWith(n, "content-length:")) {
                    contentLength = parseLong(15, n, 10);
                } else if (startsWith(n, "transfer-encoding:")) {
                    chunked = containsIgnoreCase(n, "chunked");
                } else if (startsWith(n, "connection:")) {
                    close = containsIgnoreCase(n, "close");
                }
            }
            resp.length = 0;
            if (chunked) {
                while (true) {
                    n = readLine();
                    long size = parseLong(0, n, 16);
                    if (size == 0) {
                        while (readLine() > 0) {
                            // trailers
                        }
                        break;
                    }
                    body(size, keep);
                    readLine();
                }
            } else if (contentLength > 0) {
                body(contentLength, keep);
            }
            if (close) {
                close();
            }
            return resp;
        }

        private void body(long size, int keep) throws IOException {
            long left = size;
            while (left > 0) {
                int room = keep - resp.length;
                if (room > 0) {
                    if (resp.body.length < resp.length + Math.min(room, left)) {
                        resp.body = Arrays.copyOf(resp.body,
                                (int) Math.min(keep, Math.max(resp.length + left, resp.body.length * 2L)));
                    }
                    int r = in.read(resp.body, resp.length, (int) Math.min(room, left));
                    if (r < 0) {
                        throw new IOException("connection closed in a body");
                    }
                    resp.length += r;
                    left -= r;
                } else {
                    int r = in.read(skip, 0, (int) Math.min(skip.length, left));
                    if (r < 0) {
                        throw new IOException("connection closed in a body");
                    }
                    left -= r;
                }
            }
        }

        /** Reads one line without its CRLF into {@link #line}; returns its length, -1 at the end of the stream. */
        private int readLine() throws IOException {
            int n = 0;
            while (true) {
                int b = in.read();
                if (b < 0) {
                    if (n == 0) {
                        throw new IOException("connection closed");
                    }
                    return n;
                }
                if (b == '\n') {
                    return n > 0 && line[n - 1] == '\r' ? n - 1 : n;
                }
                if (n < line.length) {
                    line[n++] = (byte) b;
                }
            }
        }

        private boolean startsWith(int n, String lower) {
            if (n < lower.length()) {
                return false;
            }
            for (int i = 0; i < lower.length(); i++) {
                if (Character.toLowerCase(line[i]) != lower.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        private boolean containsIgnoreCase(int n, String lower) {
            return new String(line, 0, n, StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT).contains(lower);
        }

        private long parseLong(int from, int n, int radix) {
            long v = 0;
            for (int i = from; i < n; i++) {
                int d = Character.digit(line[i], radix);
                if (d < 0) {
                    if (line[i] == ' ' && v == 0) {
                        continue;
                    }
                    break;
                }
                v = v * radix + d;
            }
            return v;
        }

        @Override
        public void close() {
            if (socket != null) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
                socket = null;
            }
        }
    }

    /** The JDK's HttpClient, for comparison (BENCH_CLIENT=jdk): same requests, much more CPU per request. */
    static final class JdkConn implements Conn {
        static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newFixedThreadPool(4)).connectTimeout(Duration.ofSeconds(10)).build();
        private final Resp resp = new Resp();

        @Override
        public void connect() {
        }

        @Override
        public Resp send(Req req, int keep) throws IOException {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + PORT + req.path()))
                    .timeout(Duration.ofSeconds(120));
            if (req.auth() != null) {
                b.header("Authorization", "Bearer " + req.auth());
            }
            if (req.body() != null) {
                b.header("Content-Type", "application/json");
            }
            b.method(req.method(), req.body() == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(req.body()));
            try {
                if (keep <= 0) {
                    resp.status = HTTP.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                    resp.length = 0;
                } else {
                    HttpResponse<byte[]> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                    resp.status = r.statusCode();
                    resp.body = r.body();
                    resp.length = Math.min(keep, resp.body.length);
                }
                return resp;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }

        @Override
        public void close() {
        }
    }

    static Resp require(Resp r, String what) {
        if (r.status != 200) {
            throw new IllegalStateException(what + ": HTTP " + r.status + " " + r.text());
        }
        return r;
    }

    // ---- CPU accounting ------------------------------------------------------------------------------------------

    /** CPU ticks so far: service JVM, PostgreSQL (postmaster, reaped and live children), this process, the machine. */
    record Snap(long nanos, long jvm, long pg, long client, long busy, long total) {

        static Snap take() {
            long now = System.nanoTime();
            long jvm = SERVICE_PID > 0 ? ticks(stat(SERVICE_PID), false) : 0;
            long pg = 0;
            long postmaster = postmasterPid();
            if (postmaster > 0) {
                pg = ticks(stat(postmaster), true);
                for (Path p : procs()) {
                    String[] f = stat(p);
                    if (f != null && Long.parseLong(f[1]) == postmaster) {
                        pg += ticks(f, false);
                    }
                }
            }
            long client = ticks(stat(ProcessHandle.current().pid()), true);
            long busy = 0;
            long total = 0;
            try {
                String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                for (int i = 1; i < cpu.length && i <= 8; i++) {
                    long v = Long.parseLong(cpu[i]);
                    total += v;
                    if (i != 4 && i != 5) { // idle, iowait
                        busy += v;
                    }
                }
            } catch (IOException e) {
                // no machine figure
            }
            return new Snap(now, jvm, pg, client, busy, total);
        }

        Delta minus(Snap o) {
            return new Delta((nanos - o.nanos) / 1e9, jvm - o.jvm, pg - o.pg, client - o.client, busy - o.busy);
        }
    }

    record Delta(double seconds, long jvm, long pg, long client, long busy) {

        long others() {
            return Math.max(0, busy - jvm - pg - client);
        }

        double cores(long ticks) {
            return ticks / (double) clkTck / seconds;
        }

        double msPer(long ticks, long ops) {
            return ops == 0 ? Double.NaN : ticks * 1000.0 / clkTck / ops;
        }

        String perOp(long ops) {
            return String.format(Locale.ROOT, "JVM %.2f ms/op (%.2f cores), PostgreSQL %.2f ms/op (%.2f cores), "
                            + "client %.2f ms/op (%.2f cores), other processes %.2f cores", msPer(jvm, ops), cores(jvm),
                    msPer(pg, ops), cores(pg), msPer(client, ops), cores(client), cores(others()));
        }
    }

    record PhaseCpu(String phase, String what, long ops, double opsPerS, Delta d, String unit, String note) {
    }

    static long cachedPostmaster = -1;

    static long postmasterPid() {
        if (cachedPostmaster < 0) {
            try {
                cachedPostmaster = Long.parseLong(Files.readAllLines(PG_DATA.resolve("postmaster.pid")).get(0).trim());
            } catch (Exception e) {
                cachedPostmaster = 0;
            }
        }
        return cachedPostmaster;
    }

    static List<Path> procs() {
        try (var s = Files.list(Path.of("/proc"))) {
            return s.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    static String[] stat(long pid) {
        return stat(Path.of("/proc", String.valueOf(pid)));
    }

    /** /proc/pid/stat from field 3 (state) on: [0] state, [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime. */
    static String[] stat(Path proc) {
        try {
            String s = Files.readString(proc.resolve("stat"));
            return s.substring(s.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static long ticks(String[] f, boolean withChildren) {
        if (f == null) {
            return 0;
        }
        long t = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return withChildren ? t + Long.parseLong(f[13]) + Long.parseLong(f[14]) : t;
    }

    // ---- psql ----------------------------------------------------------------------------------------------------

    /** One psql process kept open: a query per line, answers read up to a marker (no connection per poll). */
    static final class Psql {
        private final Process process;
        private final PrintWriter in;
        private final BufferedReader out;

        Psql(int port) throws IOException {
            ProcessBuilder pb = new ProcessBuilder("psql", "-X", "-q", "-A", "-t", "-F", "\t", "-h", "localhost", "-p",
                    String.valueOf(port), "-U", "postgres", "-d", "postgres").redirectErrorStream(true);
            pb.environment().put("PGPASSWORD", "postgres");
            process = pb.start();
            in = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        synchronized List<String> query(String query) throws IOException {
            in.println(query.endsWith(";") ? query : query + ";");
            in.println("\\echo __bench_end__");
            List<String> lines = new ArrayList<>();
            String l;
            while ((l = out.readLine()) != null && !l.equals("__bench_end__")) {
                if (l.startsWith("ERROR") || l.startsWith("psql:")) {
                    throw new IOException(query + ": " + l);
                }
                lines.add(l);
            }
            return lines;
        }

        String[] row(String query) throws IOException {
            List<String> lines = query(query);
            return lines.isEmpty() ? new String[0] : lines.get(0).split("\t", -1);
        }

        long longValue(String query) throws IOException {
            return Long.parseLong(row(query)[0].trim());
        }

        void exec(String statement) throws IOException {
            query(statement);
        }

        void close() {
            in.println("\\q");
            process.destroy();
        }
    }

    // ---- report --------------------------------------------------------------------------------------------------

    static void report() throws IOException {
        String machine = Runtime.getRuntime().availableProcessors() + " cores, " + memoryGiB() + " GiB";
        double pg = fig.containsKey("pgbench_tps") ? Double.parseDouble(fig.get("pgbench_tps")) : Double.NaN;
        StringBuilder md = new StringBuilder();
        md.append("\nAll figures (key=value):\n");
        fig.forEach((k, v) -> md.append(k).append('=').append(v).append('\n'));
        md.append("\n| date | commit | machine | POST /payouts 32c payouts/s (÷pg) | JVM / PG ms per payout (e2e JVM) "
                + "| all completed, s after load "
                + "| 1c p50 / p99 ms | 8c p99 ms | bulk payouts/s (÷pg) | batch 1,000: create / release ms, completed s "
                + "after delay | 10 batches: completed s after delay | list lag p99 ms (achieved/s) | rebuild events/s "
                + "(÷pg), identical | GET driver req/s (÷pg) | GET health req/s (÷pg) | pgbench tps | money |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        md.append("| ").append(LocalDate.now(ZoneOffset.UTC)).append(" | ").append(COMMIT).append(" | ").append(machine)
                .append(" | ").append(withRatio("payouts_per_s", pg))
                .append(" | ").append(g("payouts_jvm_ms_per_op")).append(" / ").append(g("payouts_pg_ms_per_op"))
                .append(" (").append(g("payouts_e2e_jvm_ms_per_op")).append(')')
                .append(" | ").append(g("payouts_all_completed")).append(", ").append(g("payouts_drain_s"))
                .append(" | ").append(g("latency1_p50")).append(" / ").append(g("latency1_p99"))
                .append(" | ").append(g("latency8_p99"))
                .append(" | ").append(withRatio("bulk_per_s", pg))
                .append(" | ").append(g("batch_create_ms")).append(" / ").append(g("batch_release_ms")).append(", ")
                .append(g("batch_completed_after_delay_s"))
                .append(" | ").append(g("batches_completed_after_delay_s"))
                .append(" | ").append(g("lag_p99_ms")).append(" (").append(g("lag_achieved_per_s")).append(')')
                .append(" | ").append(withRatio("rebuild_events_per_s", pg)).append(", ").append(g("rebuild_identical"))
                .append(" | ").append(withRatio("driver_get_rps", pg))
                .append(" | ").append(withRatio("health_rps", pg))
                .append(" | ").append(g("pgbench_tps"))
                .append(" | ").append(g("money")).append(" |\n");
        md.append("\nCPU per operation (measured window unless noted; \"other\" = the rest of the machine):\n\n");
        md.append("| phase | what | ops | ops/s | JVM ms/op | PostgreSQL ms/op | client ms/op | JVM cores | PG cores "
                + "| other cores | note |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (PhaseCpu r : cpuRows) {
            Delta d = r.d();
            md.append(String.format(Locale.ROOT, "| %s | %s | %d %ss | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %s |%n",
                    r.phase(), r.what(), r.ops(), r.unit(), r.opsPerS() > 0 ? f0(r.opsPerS()) : "–",
                    d.msPer(d.jvm(), r.ops()), d.msPer(d.pg(), r.ops()), d.msPer(d.client(), r.ops()),
                    d.cores(d.jvm()), d.cores(d.pg()), d.cores(d.others()), r.note()));
        }
        System.out.print(md);
        Path file = OUT.resolve("results-" + RUN_ID + ".md");
        Files.writeString(file, md.toString());
        log("results written to " + file);
    }

    static String g(String key) {
        return fig.getOrDefault(key, "–");
    }

    static String withRatio(String key, double pg) {
        if (!fig.containsKey(key)) {
            return "–";
        }
        double v = Double.parseDouble(fig.get(key));
        return Double.isNaN(pg) ? fig.get(key) : fig.get(key) + " (" + ratio(v / pg) + ")";
    }

    static long memoryGiB() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    return Math.round(Long.parseLong(l.replaceAll("\\D", "")) / 1024.0 / 1024.0);
                }
            }
        } catch (IOException e) {
            // unknown
        }
        return 0;
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    interface Check {
        boolean ok() throws Exception;
    }

    static void waitFor(String what, double seconds, Check check) throws Exception {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!check.ok()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            Thread.sleep(100);
        }
    }

    static void sleepUntil(long nanos) {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    static long pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1))];
    }

    static String sqlList(List<String> ids) {
        return String.join(",", ids.stream().map(id -> "'" + id + "'").toList());
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }

    /** Two significant digits: 0.0041, 0.21, 1.3. */
    static String ratio(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    static String f0(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** A duration in Spring's short format: 1s, 500ms, 2m. */
    static double seconds(String duration) {
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?").matcher(duration.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: " + duration);
        }
        double v = Double.parseDouble(m.group(1));
        return "ms".equals(m.group(2)) ? v / 1000 : "m".equals(m.group(2)) ? v * 60 : v;
    }

    static String env(String name, String otherwise) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? otherwise : v;
    }

    static void log(String message) {
        System.err.println("[" + java.time.LocalTime.now().withNano(0) + "] " + message);
        System.err.flush();
    }
}
