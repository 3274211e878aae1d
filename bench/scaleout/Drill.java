import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The multi-instance drill, started by {@code bench/scaleout/drill.sh} inside a private network
 * namespace, with the shared PostgreSQL already running. It starts Axon Server and the service instances itself
 * (it stops and starts them in the scenarios), sets up a sandbox key and drivers, runs the scenarios and prints a
 * results table. It reports what the service answers; only a drill that cannot run exits non-zero.
 *
 * <p>Every payout it sends has a description of its own ({@code drill-<scenario>-<n>}), so each answer can be
 * matched with the payout it made or did not make in the read model: a 200 whose payout is missing or never
 * finishes is lost; a payout whose request got an error (or no answer) moved money for an error answer, unless
 * the error answer names the payout.
 *
 * <p>The load of the throughput and restart scenarios goes out as a load balancer sends it: a request whose connection an instance
 * refuses (it is stopped; nothing was sent) goes to another instance and is counted as rerouted; a request cut off
 * after it was sent is "no answer" and never sent again.
 */
public class Drill {

    // ---- settings (drill.sh exports the first group) ----------------------------------------------------------------

    static final Path TMP = Path.of(env("DRILL_TMP", "/tmp"));
    static final Path LOGS = Path.of(env("DRILL_LOGS", "bench/out/scaleout"));
    static final Path OUT = Path.of(env("DRILL_OUT", "bench/out/scaleout"));
    static final String RUN_ID = env("DRILL_RUN_ID", String.valueOf(System.currentTimeMillis()));
    static final String COMMIT = env("DRILL_COMMIT", "?");
    static final String SERVICE_JAR = env("DRILL_JAR", "service/target/payouts-service.jar");
    static final String AXONSERVER_JAR = env("AXONSERVER_JAR", "");
    static final int PG_PORT = Integer.parseInt(env("DRILL_PG_PORT", "19432"));

    static final int INSTANCES = Integer.parseInt(env("DRILL_INSTANCES", "2"));
    static final int HTTP_PORT = Integer.parseInt(env("DRILL_HTTP_PORT", "19080"));
    static final int AXON_HTTP_PORT = Integer.parseInt(env("DRILL_AXON_HTTP_PORT", "19024"));
    static final int AXON_GRPC_PORT = Integer.parseInt(env("DRILL_AXON_GRPC_PORT", "19124"));
    static final String JAVA_OPTS = env("DRILL_JAVA_OPTS", "-Xms256m -Xmx768m");
    static final String AXON_JAVA_OPTS = env("DRILL_AXON_JAVA_OPTS", "-Xms256m -Xmx512m");
    static final List<String> SCENARIOS = Arrays.asList(env("DRILL_SCENARIOS",
            "refusals,race,ryw,throughput,instance-restart,server-restart,journeys,webhooks,audit,reset").split(","));
    static final int RACE_N = Integer.parseInt(env("DRILL_RACE_N", "20"));
    static final int RACE_M = Integer.parseInt(env("DRILL_RACE_M", "60"));
    static final long RACE_AMOUNT = Long.parseLong(env("DRILL_RACE_AMOUNT", "1000"));
    static final int RACE_ROUNDS = Integer.parseInt(env("DRILL_RACE_ROUNDS", "3"));
    static final int HOOK_PORT = Integer.parseInt(env("DRILL_HOOK_PORT", "19090"));
    static final int BATCH_SIZE = Integer.parseInt(env("DRILL_BATCH_SIZE", "10"));
    static final int WEBHOOK_BATCHES = Integer.parseInt(env("DRILL_WEBHOOK_BATCHES", "10"));
    static final int WEBHOOK_BATCH_SIZE = Integer.parseInt(env("DRILL_WEBHOOK_BATCH_SIZE", "1000"));
    static final int WEBHOOK_SLOW_EVENTS = Integer.parseInt(env("DRILL_WEBHOOK_SLOW_EVENTS", "400"));
    static final int WEBHOOK_CONCURRENCY = Integer.parseInt(env("DRILL_WEBHOOK_CONCURRENCY", "8"));
    static final int RYW_COUNT = Integer.parseInt(env("DRILL_RYW_COUNT", "20"));
    static final double TP_SECONDS = Double.parseDouble(env("DRILL_THROUGHPUT_SECONDS", "15"));
    static final double TP_WARMUP = Double.parseDouble(env("DRILL_THROUGHPUT_WARMUP", "10"));
    static final int TP_CONNECTIONS = Integer.parseInt(env("DRILL_THROUGHPUT_CONNECTIONS", "16"));
    static final double LOAD_RATE = Double.parseDouble(env("DRILL_LOAD_RATE", "20"));
    static final int LOAD_WORKERS = Integer.parseInt(env("DRILL_LOAD_WORKERS", "8"));
    static final int DRIVERS = Integer.parseInt(env("DRILL_DRIVERS", "40"));
    static final double START_TIMEOUT = Double.parseDouble(env("DRILL_START_TIMEOUT", "240"));
    static final double DRAIN_TIMEOUT = Double.parseDouble(env("DRILL_DRAIN_TIMEOUT", "120"));
    static final int REQUEST_TIMEOUT_MS = Integer.parseInt(env("DRILL_REQUEST_TIMEOUT_MS", "30000"));
    static final String OWNER_EMAIL = "drill@payouts.local";
    static final String OWNER_PASSWORD = "drill-owner-password";

    static final Pattern ID = Pattern.compile("\"id\":\"(pay_[0-9a-f]{32})\"");
    static final Pattern ANY_PAYOUT_ID = Pattern.compile("pay_[0-9a-f]{32}");
    static final long T0 = System.nanoTime();

    static Proc axon;
    static final List<Proc> instances = new ArrayList<>();
    static Psql sql;
    static String ownerToken;
    static String key;
    static final List<String> drivers = new ArrayList<>();
    static final List<Row> rows = new ArrayList<>();
    /** The KYC answers of the setup, reported as a row of their own. */
    static final Check setupCheck = new Check();
    static final List<String> setupNotes = new ArrayList<>();
    /** Notes for the next row (a top-up that answered an error, ...). */
    static final List<String> extraNotes = Collections.synchronizedList(new ArrayList<>());
    static final Map<String, String> samples = Collections.synchronizedMap(new TreeMap<>());

    public static void main(String[] args) throws Exception {
        Set<String> known = Set.of("refusals", "race", "ryw", "throughput", "instance-restart", "server-restart",
                "journeys", "webhooks", "audit", "reset");
        for (String s : SCENARIOS) {
            if (!known.contains(s)) {
                throw new IllegalArgumentException("unknown scenario " + s + " in DRILL_SCENARIOS; known: " + known);
            }
        }
        if (INSTANCES < 1) {
            throw new IllegalArgumentException("DRILL_INSTANCES must be at least 1");
        }
        Runtime.getRuntime().addShutdownHook(new Thread(Drill::stopAll));
        int rc = 0;
        try {
            log("drill: " + INSTANCES + " instances on ports " + HTTP_PORT + "..." + (HTTP_PORT + INSTANCES - 1)
                    + ", Axon Server gRPC " + AXON_GRPC_PORT + " / HTTP " + AXON_HTTP_PORT + ", PostgreSQL " + PG_PORT
                    + ", scenarios " + SCENARIOS);
            sql = new Psql(PG_PORT);
            startAxonServer();
            for (int i = 0; i < INSTANCES; i++) {
                instances.add(newInstance(i));
            }
            // One instance alone first (it migrates the schema and creates the owner): the single-instance
            // figures come from a service that is really alone behind Axon Server, not one of two handlers.
            startInstances(0, 1);
            setup();
            scenario("refusals", Drill::refusals);
            scenario("race", () -> race("race-1", new int[] {0}));
            scenario("throughput", () -> throughput("throughput-1", new int[] {0}));
            if (INSTANCES > 1) {
                startInstances(1, INSTANCES);
                scenario("race", () -> race("race-" + INSTANCES, all()));
            }
            scenario("ryw", Drill::readYourWrites);
            if (INSTANCES > 1) {
                scenario("throughput", () -> throughput("throughput-" + INSTANCES, all()));
            }
            scenario("instance-restart", Drill::instanceRestart);
            scenario("server-restart", Drill::serverRestart);
            scenario("journeys", Drill::journeys);
            scenario("webhooks", Drill::webhooks);
            scenario("audit", Drill::audit);
            scenario("reset", Drill::sandboxReset);
            report();
        } catch (Exception e) {
            log("the drill failed: " + e);
            e.printStackTrace(System.out);
            if (!rows.isEmpty()) {
                report();
            }
            rc = 1;
        } finally {
            stopAll();
        }
        System.exit(rc);
    }

    // ---- processes ----------------------------------------------------------------------------------------------

    /** A child process with its log in the run's folder; its pid goes to $DRILL_TMP/pids for drill.sh's trap. */
    static final class Proc {
        final String name;
        final List<String> command;
        final Map<String, String> environment;
        final Path dir;
        final Path log;
        Process process;

        Proc(String name, List<String> command, Map<String, String> environment, Path dir) {
            this.name = name;
            this.command = command;
            this.environment = environment;
            this.dir = dir;
            this.log = LOGS.resolve(name + ".log");
        }

        void start() throws IOException {
            Files.createDirectories(dir);
            Files.writeString(log, "---- " + Instant.now() + " start: " + String.join(" ", command) + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            pb.environment().putAll(environment);
            process = pb.start();
            Files.writeString(TMP.resolve("pids"), name + " " + process.pid() + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }

        boolean alive() {
            return process != null && process.isAlive();
        }

        /** SIGTERM, then SIGKILL after {@code timeoutS}; returns the seconds it took and whether it was killed. */
        String stop(double timeoutS) throws InterruptedException {
            if (!alive()) {
                return "not running";
            }
            long from = System.nanoTime();
            process.destroy();
            boolean exited = process.waitFor((long) (timeoutS * 1000), TimeUnit.MILLISECONDS);
            if (!exited) {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
            double s = (System.nanoTime() - from) / 1e9;
            return (exited ? "exited" : "killed after SIGTERM timeout") + " in " + f1(s) + " s (exit "
                    + process.exitValue() + ")";
        }
    }

    static synchronized void stopAll() {
        List<Proc> procs = new ArrayList<>(instances);
        if (axon != null) {
            procs.add(axon);
        }
        for (Proc p : procs) {
            if (p.alive()) {
                p.process.destroy();
            }
        }
        for (Proc p : procs) {
            try {
                if (p.process != null && !p.process.waitFor(60, TimeUnit.SECONDS)) {
                    p.process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.process.destroyForcibly();
            }
        }
    }

    static void startAxonServer() throws Exception {
        Path dir = TMP.resolve("axonserver");
        List<String> cmd = new ArrayList<>(List.of("java"));
        cmd.addAll(Arrays.asList(AXON_JAVA_OPTS.trim().split("\\s+")));
        cmd.addAll(List.of("-jar", AXONSERVER_JAR,
                "--server.port=" + AXON_HTTP_PORT,
                "--axoniq.axonserver.port=" + AXON_GRPC_PORT,
                "--axoniq.axonserver.name=drill-axonserver",
                "--axoniq.axonserver.hostname=localhost",
                "--axoniq.axonserver.standalone=true",
                "--axoniq.axonserver.event.storage=" + dir.resolve("events"),
                "--axoniq.axonserver.snapshot.storage=" + dir.resolve("events"),
                "--axoniq.axonserver.controldb-path=" + dir.resolve("data"),
                "--axoniq.axonserver.pid-file-location=" + dir,
                "--axoniq.axonserver.replication.log-storage-folder=" + dir.resolve("log")));
        axon = new Proc("axonserver", cmd, Map.of(), dir);
        long from = System.nanoTime();
        axon.start();
        waitHealthy(axon, AXON_HTTP_PORT, "/actuator/health", START_TIMEOUT);
        log("Axon Server healthy after " + f1((System.nanoTime() - from) / 1e9) + " s");
    }

    static Proc newInstance(int i) {
        Map<String, String> e = new LinkedHashMap<>();
        e.put("SPRING_PROFILES_ACTIVE", "axonserver");
        e.put("AXON_AXONSERVER_SERVERS", "localhost:" + AXON_GRPC_PORT);
        e.put("SPRING_DATASOURCE_URL", "jdbc:postgresql://127.0.0.1:" + PG_PORT + "/payouts");
        e.put("SPRING_DATASOURCE_USERNAME", "postgres");
        e.put("SPRING_DATASOURCE_PASSWORD", "postgres");
        e.put("SERVER_PORT", String.valueOf(HTTP_PORT + i));
        e.put("PAYOUTS_OWNER_EMAIL", OWNER_EMAIL);
        e.put("PAYOUTS_OWNER_PASSWORD", OWNER_PASSWORD);
        e.put("PAYOUTS_RATE_LIMIT_CAPACITY", "1000000000");
        e.put("PAYOUTS_RATE_LIMIT_REFILL_PER_MINUTE", "1000000000");
        e.put("PAYOUTS_RAIL_STANDARD_DELAY", "1s");
        e.put("PAYOUTS_RAIL_INSTANT_DELAY", "1s");
        // the journeys scenario's webhook receiver listens on loopback over http
        e.put("PAYOUTS_WEBHOOKS_ALLOW_INSECURE_TARGETS", "true");
        e.put("PAYOUTS_WEBHOOKS_POLL_INTERVAL", "200ms");
        e.put("PAYOUTS_BATCHES_RELEASE_POLL_INTERVAL", "1s");
        List<String> cmd = new ArrayList<>(List.of("java"));
        cmd.addAll(Arrays.asList(JAVA_OPTS.trim().split("\\s+")));
        cmd.addAll(List.of("-jar", SERVICE_JAR));
        return new Proc("instance-" + (i + 1), cmd, e, TMP.resolve("instance-" + (i + 1)));
    }

    interface Scenario {
        void run() throws Exception;
    }

    /** Runs a scenario if DRILL_SCENARIOS names it; what the service breaks becomes its row, not a drill failure. */
    static void scenario(String name, Scenario body) throws Exception {
        if (!SCENARIOS.contains(name)) {
            return;
        }
        try {
            body.run();
        } catch (DrillProblem e) {
            log(name + ": could not complete: " + e.getMessage());
            rows.add(Row.failed(name, e.getMessage()));
        }
    }

    /** Starts instances [from, to) together and waits until each answers /health. */
    static void startInstances(int from, int to) throws Exception {
        long t = System.nanoTime();
        for (int i = from; i < to; i++) {
            instances.get(i).start();
        }
        for (int i = from; i < to; i++) {
            waitHealthy(instances.get(i), HTTP_PORT + i, "/health", START_TIMEOUT);
            log("instance-" + (i + 1) + " healthy after " + f1((System.nanoTime() - t) / 1e9) + " s");
        }
    }

    /** Waits until GET path answers 200; fails the drill if the process exits or the time runs out. */
    static double waitHealthy(Proc p, int port, String path, double timeoutS) throws Exception {
        long from = System.nanoTime();
        long end = from + (long) (timeoutS * 1e9);
        while (System.nanoTime() < end) {
            if (!p.alive()) {
                throw new IllegalStateException(p.name + " exited while starting; see " + p.log);
            }
            try (Conn c = new Conn(port, 2000)) {
                if (c.send("GET", path, null, null).status == 200) {
                    return (System.nanoTime() - from) / 1e9;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(p.name + " did not answer " + path + " with 200 within " + timeoutS
                + " s; see " + p.log);
    }

    static int[] all() {
        int[] a = new int[INSTANCES];
        for (int i = 0; i < INSTANCES; i++) {
            a[i] = i;
        }
        return a;
    }

    static int port(int instance) {
        return HTTP_PORT + instance;
    }

    // ---- setup --------------------------------------------------------------------------------------------------

    static void setup() throws Exception {
        try (Conn c = new Conn(port(0))) {
            // the owner is created by a command at the first start; /health may answer before its read model has it
            long from = System.nanoTime();
            Resp signIn;
            while (true) {
                signIn = c.send("POST", "/api/v1/auth/sessions", null,
                        "{\"email\":\"" + OWNER_EMAIL + "\",\"password\":\"" + OWNER_PASSWORD + "\"}");
                if (signIn.status != 401 || System.nanoTime() - from > 60e9) {
                    break;
                }
                Thread.sleep(500);
            }
            ownerToken = require(signIn, "sign-in").str("token");
            double waited = (System.nanoTime() - from) / 1e9;
            if (waited > 1) {
                setupNotes.add("the owner could sign in " + f1(waited) + " s after /health answered 200 (401 before)");
            }
            key = require(c.send("POST", "/api/v1/developer/keys", ownerToken, "{\"name\":\"drill\",\"mode\":"
                    + "\"sandbox\",\"scopes\":[\"drivers:read\",\"drivers:write\",\"payouts:read\",\"payouts:write\","
                    + "\"batches:read\",\"batches:write\",\"balance:read\",\"webhooks:manage\"]}"), "API key").str("key");
            List<String> registered = new ArrayList<>();
            registerDrivers(c, "drill", DRIVERS, registered);
            drivers.addAll(verifyDrivers(c, registered));
        }
        log("setup: owner signed in, sandbox key, " + drivers.size() + " drivers active and KYC-verified");
        rows.add(new Row("setup (KYC verified)", String.valueOf(setupCheck.accepted), setupCheck.refusedText(),
                String.valueOf(setupCheck.s500), String.valueOf(setupCheck.s503), setupCheck.failuresText(), "-", "-",
                "-", "-", "POST /drivers/:id/kyc for " + DRIVERS + " drivers the sandbox verifies by itself "
                + "(one instance): expected 200 or 409 \"already KYC-verified\"" + (setupNotes.isEmpty() ? ""
                : "; " + String.join("; ", setupNotes))));
    }

    static void registerDrivers(Conn c, String prefix, int count, List<String> into) throws Exception {
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
                        .append("415557").append(String.format("%04d", n)).append("\"}");
            }
            Resp r = require(c.send("POST", "/api/v1/drivers/bulk", key, body.append("]}").toString()), "drivers");
            Matcher m = Pattern.compile("\"id\":\"(drv_[0-9a-f]{32})\"").matcher(r.body);
            while (m.find()) {
                into.add(m.group(1));
            }
        }
        if (into.size() != count) {
            throw new DrillProblem("registered " + into.size() + " of " + count + " drivers");
        }
    }

    /**
     * Records each driver's KYC as verified, and waits for the read model to show them active and verified. The
     * sandbox verifies a new driver about a second after registration, so most answers are 409 "already
     * KYC-verified"; any other answer is counted in the setup row, and the read model decides.
     */
    static List<String> verifyDrivers(Conn c, List<String> ids) throws Exception {
        for (String id : ids) {
            Attempt a = new Attempt("kyc", 0);
            call(c, a, "POST", "/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
            setupCheck.count(a);
        }
        String ready = "select id from driver_view where id in " + sqlList(ids)
                + " and status='ACTIVE' and kyc_status='VERIFIED'";
        try {
            waitFor("drivers active and verified", 30, () -> sql.query(ready).size() >= ids.size());
        } catch (IllegalStateException e) {
            // a read model that parked a driver's events: retry the dead letters once, as an operator would
            int before = sql.query(ready).size();
            Resp retry = c.send("POST", "/api/v1/admin/dead-letters/retry", ownerToken, null);
            sleep(15);
            int after = sql.query(ready).size();
            setupNotes.add((ids.size() - before) + " of " + ids.size() + " drivers not active and KYC-verified in the "
                    + "read model after 30 s; dead-letter retry answered " + retry.status() + " " + retry.body()
                    .substring(0, Math.min(160, retry.body().length())) + "; then " + (ids.size() - after)
                    + " still missing");
        }
        List<String> ok = sql.query(ready);
        if (ok.isEmpty()) {
            throw new DrillProblem("no driver active and KYC-verified in the read model");
        }
        return ok;
    }

    // ---- money --------------------------------------------------------------------------------------------------

    /** The sandbox wallet in the read models: what it holds, what it paid, and what was put in. */
    record Money(long available, long inTransit, long pending, long paid, long funded) {

        long accounted() {
            return available + inTransit + paid;
        }

        @Override
        public String toString() {
            return accounted() == funded ? String.valueOf(funded) : accounted() + " (funded " + funded + ")";
        }
    }

    static Money money() throws IOException {
        String[] w = sql.row("select available, in_transit, pending from wallet_balance_view where mode='SANDBOX'");
        long available = w.length > 0 ? Long.parseLong(w[0]) : 0;
        long inTransit = w.length > 0 ? Long.parseLong(w[1]) : 0;
        long pending = w.length > 0 ? Long.parseLong(w[2]) : 0;
        long paid = sql.longValue("select coalesce(sum(amount),0) from payout_view where mode='SANDBOX' and "
                + "status='COMPLETED'");
        long funded = sql.longValue("select coalesce(sum(amount),0) from top_up_view where mode='SANDBOX' and "
                + "status='settled'");
        return new Money(available, inTransit, pending, paid, funded);
    }

    /**
     * A sandbox top-up through the API, then waits until the wallet's read model counts it as available. An error
     * answer is noted in the scenario's row; the drill then looks whether the money arrived anyway before it tries
     * again (at most three times), so it never funds twice.
     */
    static void topUp(long amount) throws Exception {
        long before = money().available;
        for (int attempt = 1; attempt <= 3; attempt++) {
            Attempt a = new Attempt("top-up", 0);
            try (Conn c = new Conn(port(0))) {
                call(c, a, "POST", "/api/v1/funding/topup", "{\"amount\":" + amount
                        + ",\"method\":\"bank_transfer\",\"description\":\"drill\"}");
            }
            boolean settled = settled(before + amount, a.status == 200 ? 30 : 5);
            if (a.status != 200) {
                extraNotes.add("a top-up answered " + a.outcome() + (settled ? " but was made" : ""));
            }
            if (settled) {
                return;
            }
            if (a.status == 200) {
                throw new DrillProblem("a sandbox top-up of " + amount + " did not settle within 30 s (available "
                        + money().available + ", was " + before + ")");
            }
        }
        throw new DrillProblem("three sandbox top-ups of " + amount + " answered errors: " + extraNotes);
    }

    static boolean settled(long available, double seconds) throws Exception {
        try {
            waitFor("top-up settled", seconds, () -> money().available >= available);
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /**
     * Waits until no sandbox payout is on its way and nothing is in transit; false if that did not happen within
     * {@code timeoutS}, or if nothing moved for {@link #STALL} seconds (payouts stuck for good).
     */
    static boolean quiet(double timeoutS) throws Exception {
        Measure left = () -> sql.longValue("select count(*) from payout_view where mode='SANDBOX' and status not in "
                + "('COMPLETED','FAILED','CANCELED')") + money().inTransit + money().pending;
        // payouts that stopped moving for good are not waited for again
        if (stuckAt != null && left.value() == stuckAt) {
            return false;
        }
        boolean ok = waitProgress("no payout in flight (payouts plus cents in transit or pending)", timeoutS, left);
        stuckAt = ok ? null : left.value();
        return ok;
    }

    static Long stuckAt;

    static final double STALL = Double.parseDouble(env("DRILL_STALL_TIMEOUT", "20"));

    interface Measure {
        long value() throws Exception;
    }

    /** Waits until {@code left} is 0; false after {@code timeoutS}, or when it has not changed for STALL seconds. */
    static boolean waitProgress(String what, double timeoutS, Measure left) throws Exception {
        long end = System.nanoTime() + (long) (timeoutS * 1e9);
        long last = Long.MIN_VALUE;
        long changed = System.nanoTime();
        while (true) {
            long v = left.value();
            if (v == 0) {
                return true;
            }
            long now = System.nanoTime();
            if (v != last) {
                last = v;
                changed = now;
            }
            if (now > end || now - changed > STALL * 1e9) {
                log("gave up waiting for " + what + " (" + v + " left, unchanged for " + f0((now - changed) / 1e9)
                        + " s)");
                return false;
            }
            Thread.sleep(250);
        }
    }

    // ---- payouts and their accounting -------------------------------------------------------------------------

    /** One request and its answer. */
    static final class Attempt {
        final String tag;
        final int instance;
        final long startNanos;
        long endNanos;
        int status;
        String code;
        String payoutId;
        String body;
        String failure;
        /** Sent to this instance after another refused the connection (nothing had been sent there). */
        boolean rerouted;

        Attempt(String tag, int instance) {
            this(tag, instance, System.nanoTime());
        }

        Attempt(String tag, int instance, long startNanos) {
            this.tag = tag;
            this.instance = instance;
            this.startNanos = startNanos;
        }

        String outcome() {
            String answer = failure != null ? failure : status + (code == null ? "" : " " + code);
            return rerouted ? answer + " rerouted" : answer;
        }
    }

    static String payoutJson(String driver, long amount, String tag) {
        return "{\"driverId\":\"" + driver + "\",\"amount\":" + amount + ",\"urgency\":\"standard\",\"description\":\""
                + tag + "\"}";
    }

    static Attempt pay(Conn c, int instance, String driver, long amount, String tag) {
        return pay(c, new Attempt(tag, instance), driver, amount);
    }

    static Attempt pay(Conn c, Attempt a, String driver, long amount) {
        call(c, a, "POST", "/api/v1/payouts", payoutJson(driver, amount, a.tag));
        if (a.status == 200) {
            Matcher m = ID.matcher(a.body);
            a.payoutId = m.find() ? m.group(1) : null;
        }
        return a;
    }

    /**
     * A payout sent as the load balancer the drill stands in for sends it: to {@code conns[slot]} first, and when
     * that instance refuses the connection (nothing was sent, so nothing could move), to the next instance in turn,
     * each at most once, with the same description. A request that was sent and then got no answer is never sent
     * again: it may have made its payout.
     */
    static Attempt payBalanced(Conn[] conns, int[] over, int slot, String driver, long amount, String tag) {
        Attempt a = pay(conns[slot], over[slot], driver, amount, tag);
        for (int hop = 1; hop < conns.length && "connection refused".equals(a.failure); hop++) {
            int next = (slot + hop) % conns.length;
            Attempt again = new Attempt(tag, over[next], a.startNanos);
            again.rerouted = true;
            a = pay(conns[next], again, driver, amount);
        }
        return a;
    }

    /** Sends a request, filling in the attempt's answer or how it failed. */
    static void call(Conn c, Attempt a, String method, String path, String body) {
        try {
            Resp r = c.send(method, path, key, body);
            a.status = r.status;
            a.body = r.body;
            if (r.status != 200) {
                a.code = r.str("code");
                samples.putIfAbsent(a.outcome(), path + " -> " + r.body.substring(0, Math.min(600, r.body.length())));
            }
        } catch (ConnectException e) {
            a.failure = "connection refused";
        } catch (IOException e) {
            a.failure = "no answer";
            samples.putIfAbsent("no answer", path + " -> " + e);
        }
        a.endNanos = System.nanoTime();
    }

    /** What the read model says of a scenario's payouts, matched with the answers. */
    static final class Check {
        long accepted;
        final Map<String, Long> refused = new TreeMap<>();
        long s500;
        long s503;
        long s5xxOther;
        long connRefused;
        long noAnswer;
        long rerouted;
        long lost;
        long stuck;
        long movedForError;
        long madeWithoutAnswer;
        long namedInError;
        long rows;
        long live;
        long liveAmount;
        boolean drained;
        final List<String> lostIds = new ArrayList<>();
        String openByStatus = "";

        void count(Attempt a) {
            if (a.rerouted) {
                rerouted++;
            }
            if (a.failure != null) {
                if (a.failure.equals("connection refused")) {
                    connRefused++;
                } else {
                    noAnswer++;
                }
            } else if (a.status == 200) {
                accepted++;
            } else if (a.status == 500) {
                s500++;
            } else if (a.status == 503) {
                s503++;
            } else if (a.status >= 500) {
                s5xxOther++;
            } else {
                refused.merge(a.status + " " + (a.code == null ? "?" : a.code), 1L, Long::sum);
            }
        }

        String refusedText() {
            if (refused.isEmpty()) {
                return "0";
            }
            StringBuilder b = new StringBuilder();
            refused.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(v).append(" x ").append(k));
            return b.toString();
        }

        String failuresText() {
            List<String> parts = new ArrayList<>();
            if (s5xxOther > 0) {
                parts.add(s5xxOther + " other 5xx");
            }
            if (connRefused > 0) {
                parts.add(connRefused + " connection refused");
            }
            if (noAnswer > 0) {
                parts.add(noAnswer + " no answer");
            }
            return parts.isEmpty() ? "0" : String.join(", ", parts);
        }
    }

    /**
     * Waits until the scenario's payouts are all terminal in the read model (and every 200 has its row), then
     * matches rows with answers.
     */
    static Check check(String prefix, List<Attempt> attempts) throws Exception {
        Check k = new Check();
        Set<String> okIds = new HashSet<>();
        for (Attempt a : attempts) {
            k.count(a);
            if (a.status == 200 && a.payoutId != null) {
                okIds.add(a.payoutId);
            }
        }
        String like = "description like '" + prefix + "-%'";
        List<String> okList = new ArrayList<>(okIds);
        k.drained = waitProgress(prefix + " payouts finished", DRAIN_TIMEOUT, () -> {
            long open = sql.longValue("select count(*) from payout_view where " + like
                    + " and status not in ('COMPLETED','FAILED','CANCELED')");
            long found = okList.isEmpty() ? 0 : sql.longValue("select count(*) from payout_view where id in "
                    + sqlList(okList));
            return open + okList.size() - found;
        });
        if (!k.drained) {
            k.openByStatus = String.join(", ", sql.query("select count(*) || ' ' || status from payout_view where "
                    + like + " and status not in ('COMPLETED','FAILED','CANCELED') group by status order by 1"));
        }
        Map<String, String[]> byTag = new HashMap<>();
        Map<String, String[]> byId = new HashMap<>();
        for (String line : sql.query("select id, description, status, amount from payout_view where " + like)) {
            String[] f = line.split("\t", -1);
            k.rows++;
            byTag.put(f[1], f);
            byId.put(f[0], f);
            if (!f[2].equals("FAILED") && !f[2].equals("CANCELED")) {
                k.live++;
                k.liveAmount += Long.parseLong(f[3]);
            }
        }
        for (Attempt a : attempts) {
            String[] row = byTag.get(a.tag);
            if (a.status == 200) {
                String[] mine = a.payoutId == null ? null : byId.get(a.payoutId);
                if (mine == null) {
                    k.lost++;
                    k.lostIds.add(a.payoutId + " (" + a.tag + ")");
                } else if (!Set.of("COMPLETED", "FAILED", "CANCELED").contains(mine[2])) {
                    k.stuck++;
                }
            } else if (row != null) {
                if (a.failure != null) {
                    k.madeWithoutAnswer++;
                } else if (a.body != null && a.body.contains(row[0])) {
                    k.namedInError++;
                } else {
                    k.movedForError++;
                }
            }
        }
        return k;
    }

    /** A results row. */
    record Row(String scenario, String accepted, String refused, String s500, String s503, String otherFailures,
            String moneyBefore, String moneyAfter, String movedForError, String lost, String notes) {

        static Row of(String scenario, Check k, Money before, Money after, String notes) {
            List<String> n = new ArrayList<>();
            if (!notes.isEmpty()) {
                n.add(notes);
            }
            n.addAll(extraNotes);
            extraNotes.clear();
            if (k.namedInError > 0) {
                n.add(k.namedInError + " error answers named the payout they made");
            }
            if (k.madeWithoutAnswer > 0) {
                n.add(k.madeWithoutAnswer + " payouts made for requests that got no answer");
            }
            if (k.rerouted > 0) {
                n.add(k.rerouted + " requests rerouted: refused a connection by one instance, sent to another");
            }
            if (k.stuck > 0) {
                n.add(k.stuck + " accepted payouts never completed (no progress for " + f0(STALL) + " s; "
                        + k.openByStatus + ")");
            } else if (!k.drained) {
                n.add("payouts still in flight at the end");
            }
            if (after.accounted() != after.funded) {
                n.add("LEDGER OFF: available " + after.available + " + in transit " + after.inTransit + " + paid "
                        + after.paid + " != funded " + after.funded);
            }
            if (after.available < 0) {
                n.add("OVERSPENT: available " + after.available);
            }
            if (!k.lostIds.isEmpty()) {
                n.add("lost e.g. " + k.lostIds.get(0));
            }
            return new Row(scenario, String.valueOf(k.accepted), k.refusedText(), String.valueOf(k.s500),
                    String.valueOf(k.s503), k.failuresText(), before.toString(), after.toString(),
                    String.valueOf(k.movedForError), k.lost + (k.stuck > 0 ? " (+" + k.stuck + " never completed)" : ""),
                    String.join("; ", n));
        }

        static Row failed(String scenario, String why) {
            return new Row(scenario, "-", "-", "-", "-", "-", "-", "-", "-", "-", "DRILL COULD NOT COMPLETE: " + why);
        }
    }

    // ---- scenarios ----------------------------------------------------------------------------------------------

    /**
     * (0) Refusals decided by a command handler, on instance 1 while it is the only instance: each should answer
     * its 4xx (or, for a bulk with one unfundable item, 200 with that item reported), never 500.
     */
    static void refusals() throws Exception {
        quiet(DRAIN_TIMEOUT);
        topUp(1000);
        Money before = money();
        log("refusals: duplicate svcDriverId, cancel of an unknown payout, a second cancel, a retry of a payout that "
                + "did not fail, a bulk with one unfundable item");
        Check k = new Check();
        List<String> notes = new ArrayList<>();
        try (Conn c = new Conn(port(0))) {
            Attempt dup = new Attempt("dup", 0);
            call(c, dup, "POST", "/api/v1/drivers", "{\"svcDriverId\":\"drill-" + RUN_ID + "-1\",\"name\":\"dup\","
                    + "\"email\":\"dup@example.com\",\"phone\":\"+14155590000\"}");
            expect(k, notes, "duplicate svcDriverId", dup, 409);
            Attempt unknown = new Attempt("unknown", 0);
            call(c, unknown, "POST", "/api/v1/payouts/pay_" + "0".repeat(32) + "/cancel", null);
            expect(k, notes, "cancel of an unknown payout", unknown, 404);
            Attempt p = pay(c, 0, drivers.get(0), 100, "drill-ref-0");
            expect(k, notes, "payout", p, 200);
            if (p.payoutId != null) {
                Attempt first = new Attempt("cancel", 0);
                call(c, first, "POST", "/api/v1/payouts/" + p.payoutId + "/cancel", null);
                expect(k, notes, "cancel", first, 200);
                Attempt second = new Attempt("cancel2", 0);
                call(c, second, "POST", "/api/v1/payouts/" + p.payoutId + "/cancel", null);
                expect(k, notes, "second cancel", second, 409);
                Attempt retry = new Attempt("retry", 0);
                call(c, retry, "POST", "/api/v1/payouts/" + p.payoutId + "/retry", null);
                expect(k, notes, "retry of a payout that did not fail", retry, 409);
            }
            long available = money().available;
            Attempt bulk = new Attempt("bulk", 0);
            call(c, bulk, "POST", "/api/v1/payouts/bulk", "{\"urgency\":\"standard\",\"payouts\":["
                    + "{\"driverId\":\"" + drivers.get(1) + "\",\"amount\":100,\"description\":\"drill-ref-bulk-0\"},"
                    + "{\"driverId\":\"" + drivers.get(2) + "\",\"amount\":" + (available + 1_000_000)
                    + ",\"description\":\"drill-ref-bulk-1\"}]}");
            expect(k, notes, "bulk with one unfundable item", bulk, 200);
            if (bulk.status == 200) {
                Resp r = new Resp(200, bulk.body);
                notes.add("bulk succeeded " + r.num("succeeded") + ", failed " + r.num("failed"));
            }
        }
        Check made = check("drill-ref", List.of());
        long bulkMade = sql.longValue("select count(*) from payout_view where description like 'drill-ref-bulk-%'");
        if (bulkMade > 0 && !notes.stream().anyMatch(n -> n.startsWith("bulk succeeded"))) {
            k.movedForError += bulkMade;
            notes.add("the bulk answered an error but made " + bulkMade + " payout(s)");
        }
        Money after = money();
        k.drained = made.drained;
        rows.add(Row.of("refusals (1 instance)", k, before, after, String.join("; ", notes)));
        log("refusals: " + rows.get(rows.size() - 1));
    }

    /**
     * A note for scenarios whose wallet held enough for every payout they sent: any INSUFFICIENT_FUNDS there was
     * decided on a stale balance.
     */
    static String wronglyRefused(Check k, Money before) {
        long n = k.refused.getOrDefault("400 INSUFFICIENT_FUNDS", 0L);
        return n == 0 ? "" : "; " + n + " x INSUFFICIENT_FUNDS although the wallet held " + before.available
                + " available, enough for every payout sent: WRONGLY REFUSED";
    }

    static void expect(Check k, List<String> notes, String what, Attempt a, int status) {
        k.count(a);
        if (a.status != status) {
            notes.add(what + ": " + a.outcome() + " (expected " + status + ")");
        }
    }

    /**
     * (a) A wallet that affords exactly N payouts, then M > N payouts sent at once over the given instances, in
     * DRILL_RACE_ROUNDS rounds. Each round should have exactly N answered 200 and paid and the rest answered 400
     * INSUFFICIENT_FUNDS with nothing reserved. Before each round the drill empties the wallet with one payout of
     * what is left (what earlier scenarios or wrongly refused payouts left), then tops it up to N x the amount.
     */
    static void race(String name, int[] over) throws Exception {
        log(name + ": " + RACE_ROUNDS + " rounds of " + RACE_M + " concurrent payouts over " + over.length
                + " instance(s), the wallet affords " + RACE_N);
        Money before = null;
        List<Attempt> attempts = Collections.synchronizedList(new ArrayList<>());
        List<String> notes = new ArrayList<>();
        Map<Integer, Long> afford = new TreeMap<>();
        for (int round = 1; round <= RACE_ROUNDS; round++) {
            quiet(DRAIN_TIMEOUT);
            long left = money().available;
            if (left > 0) {
                try (Conn c = new Conn(port(0))) {
                    Attempt drain = pay(c, 0, drivers.get(0), left, "drill-drain-" + name + "-r" + round);
                    if (drain.status != 200) {
                        extraNotes.add("emptying the wallet before round " + round + " answered " + drain.outcome());
                    }
                }
                waitProgress("wallet emptied", 10, () -> money().available);
                left = money().available;
            }
            // each payout costs a; the wallet holds exactly N x a after the top-up
            long a = Math.max(RACE_AMOUNT, (left + RACE_N) / RACE_N);
            topUp(RACE_N * a - left);
            Money now = money();
            if (before == null) {
                before = now;
            }
            if (now.available != RACE_N * a) {
                throw new DrillProblem("could not fund the wallet to exactly " + RACE_N + " x " + a + ": available "
                        + now.available);
            }
            afford.put(round, a);
            List<Conn> conns = new ArrayList<>();
            for (int i = 0; i < RACE_M; i++) {
                Conn c = new Conn(port(over[i % over.length]));
                c.connect();
                conns.add(c);
            }
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            String prefix = "drill-" + name + "-r" + round + "-";
            for (int i = 0; i < RACE_M; i++) {
                int n = i;
                threads.add(thread(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    attempts.add(pay(conns.get(n), over[n % over.length], drivers.get(n % drivers.size()), a,
                            prefix + n));
                }));
            }
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
            conns.forEach(Conn::close);
        }
        Check k = check("drill-" + name, attempts);
        Money after = money();
        List<String> perRound = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : afford.entrySet()) {
            int round = e.getKey();
            long a = e.getValue();
            String like = "description like 'drill-" + name + "-r" + round + "-%'";
            String[] made = sql.row("select count(*), coalesce(sum(amount),0) from payout_view where " + like
                    + " and status not in ('FAILED','CANCELED')");
            long ok = attempts.stream().filter(x -> x.tag.startsWith("drill-" + name + "-r" + round + "-")
                    && x.status == 200).count();
            perRound.add(ok + "/" + made[0]);
            if (Long.parseLong(made[1]) > RACE_N * a) {
                notes.add("OVERSPEND in round " + round + ": " + made[1] + " paid of " + (RACE_N * a));
            }
        }
        notes.add(0, "each round affords " + RACE_N + "; answered 200 / payouts made per round: "
                + String.join(", ", perRound));
        rows.add(Row.of(name, k, before, after, String.join("; ", notes)));
        log(name + ": " + rows.get(rows.size() - 1));
    }

    /**
     * (b) Write through one instance, read through another right away: drivers and payouts. A 404 there is a
     * read-your-writes failure across instances.
     */
    static void readYourWrites() throws Exception {
        log("ryw: " + RYW_COUNT + " drivers and " + RYW_COUNT + " payouts, each written on one instance and read on "
                + "the next one right after");
        quiet(DRAIN_TIMEOUT);
        topUp(RYW_COUNT * 100L);
        Money before = money();
        Conn[] conns = new Conn[INSTANCES];
        for (int i = 0; i < INSTANCES; i++) {
            conns[i] = new Conn(port(i));
        }
        List<Attempt> payouts = new ArrayList<>();
        Map<String, Long> driverReads = new TreeMap<>();
        Map<String, Long> payoutReads = new TreeMap<>();
        Map<String, Long> cancelReads = new TreeMap<>();
        Check writes = new Check();
        for (int i = 0; i < RYW_COUNT; i++) {
            int w = i % INSTANCES;
            int r = (i + 1) % INSTANCES;
            Attempt d = new Attempt("ryw-driver-" + i, w);
            call(conns[w], d, "POST", "/api/v1/drivers", "{\"svcDriverId\":\"ryw-" + RUN_ID + "-" + i
                    + "\",\"name\":\"ryw driver " + i + "\",\"email\":\"ryw" + i + "@example.com\",\"phone\":\"+1415558"
                    + String.format("%04d", i) + "\"}");
            writes.count(d);
            String driverId = d.status == 200 ? new Resp(200, d.body).str("id") : null;
            if (driverId != null) {
                Attempt g = new Attempt("ryw-driver-get-" + i, r);
                call(conns[r], g, "GET", "/api/v1/drivers/" + driverId, null);
                driverReads.merge(g.outcome(), 1L, Long::sum);
            }
            Attempt p = pay(conns[w], w, drivers.get(i % drivers.size()), 100, "drill-ryw-" + i);
            payouts.add(p);
            if (p.payoutId != null) {
                Attempt g = new Attempt("ryw-payout-get-" + i, r);
                call(conns[r], g, "GET", "/api/v1/payouts/" + p.payoutId, null);
                payoutReads.merge(g.outcome(), 1L, Long::sum);
                if (i % 2 == 0) {
                    Attempt c = new Attempt("ryw-cancel-" + i, r);
                    call(conns[r], c, "POST", "/api/v1/payouts/" + p.payoutId + "/cancel", null);
                    writes.count(c);
                    if (c.status == 200) {
                        Attempt after = new Attempt("ryw-cancel-get-" + i, w);
                        call(conns[w], after, "GET", "/api/v1/payouts/" + p.payoutId, null);
                        cancelReads.merge(after.status == 200 ? "status " + new Resp(200, after.body).str("status")
                                : after.outcome(), 1L, Long::sum);
                    }
                }
            }
        }
        for (Conn c : conns) {
            c.close();
        }
        Check k = check("drill-ryw", payouts);
        // the driver writes count as answers too
        k.accepted += writes.accepted;
        writes.refused.forEach((code, n) -> k.refused.merge(code, n, Long::sum));
        k.s500 += writes.s500;
        k.s503 += writes.s503;
        k.s5xxOther += writes.s5xxOther;
        k.noAnswer += writes.noAnswer;
        k.connRefused += writes.connRefused;
        Money after = money();
        String notes = "GET on " + (INSTANCES > 1 ? "the next" : "the same") + " instance right after the write: "
                + "drivers " + driverReads + ", payouts " + payoutReads + " (404s: "
                + (driverReads.getOrDefault("404 NOT_FOUND", 0L) + payoutReads.getOrDefault("404 NOT_FOUND", 0L))
                + "); every other payout cancelled there, then GET back on the instance that made it: " + cancelReads
                + wronglyRefused(k, before);
        rows.add(Row.of("ryw", k, before, after, notes));
        log("ryw: " + rows.get(rows.size() - 1));
    }

    /**
     * (c) Payouts/s over the given instances, closed loop: TP_CONNECTIONS connections spread over them, a warm-up,
     * then the measured window. Called with instance 1 alone (before the others start) and with all of them.
     */
    static void throughput(String name, int[] over) throws Exception {
        quiet(DRAIN_TIMEOUT);
        topUp(100_000_000L);
        String prefix = "drill-tp" + over.length;
        Money before = money();
        log(name + ": " + TP_CONNECTIONS + " connections over " + over.length + " instance(s), " + f0(TP_WARMUP)
                + " s warm-up, " + f0(TP_SECONDS) + " s measured");
        Load load = runLoad(prefix, over, TP_CONNECTIONS, 0, TP_WARMUP, TP_SECONDS, null);
        Check k = check(prefix, load.attempts);
        Money after = money();
        double rate = load.measuredOk / TP_SECONDS;
        Double one = over.length > 1 ? throughputOne : null;
        if (over.length == 1) {
            throughputOne = rate;
        }
        rows.add(Row.of(name, k, before, after, f0(rate) + " payouts/s answered 200 ("
                + f0(load.measuredAll / TP_SECONDS) + " answers/s, p50 " + f0(load.p50Ms) + " ms, p99 "
                + f0(load.p99Ms) + " ms)" + (one != null && one > 0 ? "; x" + f2(rate / one) + " of one instance"
                : "") + wronglyRefused(k, before)));
        log(name + ": " + rows.get(rows.size() - 1));
    }

    static Double throughputOne;

    /** (d) The last instance stopped with SIGTERM and started again while payouts go to every instance. */
    static void instanceRestart() throws Exception {
        int victim = INSTANCES - 1;
        quiet(DRAIN_TIMEOUT);
        topUp(10_000_000L);
        Money before = money();
        log("instance-restart: " + f0(LOAD_RATE) + " payouts/s over all instances; instance-" + (victim + 1)
                + " stopped after 5 s and started again");
        StringBuilder story = new StringBuilder();
        Load load = runLoad("drill-irs", all(), LOAD_WORKERS, LOAD_RATE, 0, Double.POSITIVE_INFINITY, stop -> {
            sleep(5);
            Proc p = instances.get(victim);
            markAt("stop", System.nanoTime());
            story.append("instance-").append(victim + 1).append(" SIGTERM: ").append(p.stop(90));
            sleep(2);
            long from = System.nanoTime();
            p.start();
            double up = waitHealthy(p, port(victim), "/health", START_TIMEOUT);
            story.append("; started again, healthy after ").append(f1(up)).append(" s");
            markAt("restarted instance healthy", from + (long) (up * 1e9));
            sleep(10);
        });
        Check k = check("drill-irs", load.attempts);
        Money after = money();
        String phases = phaseCounts(load.attempts, "stop", "restarted instance healthy");
        rows.add(Row.of("instance-restart", k, before, after, story + "; " + phases + wronglyRefused(k, before)));
        log("instance-restart: " + rows.get(rows.size() - 1));
    }

    /** (e) Axon Server stopped with SIGTERM, down 5 s, started again, while payouts go to every instance. */
    static void serverRestart() throws Exception {
        quiet(DRAIN_TIMEOUT);
        topUp(10_000_000L);
        Money before = money();
        log("server-restart: " + f0(LOAD_RATE) + " payouts/s over all instances; Axon Server stopped after 5 s, down "
                + "5 s, started again");
        StringBuilder story = new StringBuilder();
        Load load = runLoad("drill-srs", all(), LOAD_WORKERS, LOAD_RATE, 0, Double.POSITIVE_INFINITY, stop -> {
            sleep(5);
            markAt("stop", System.nanoTime());
            story.append("Axon Server SIGTERM: ").append(axon.stop(60));
            sleep(5);
            long from = System.nanoTime();
            axon.start();
            double up = waitHealthy(axon, AXON_HTTP_PORT, "/actuator/health", START_TIMEOUT);
            long healthy = from + (long) (up * 1e9);
            markAt("server healthy", healthy);
            story.append("; started again, healthy after ").append(f1(up)).append(" s");
            // load goes on until the service has answered 200 for 10 s in a row after the server came back, 30 s at most
            long end = healthy + 30_000_000_000L;
            while (System.nanoTime() < end && !stop.okFor(healthy, 10)) {
                sleep(0.5);
            }
            sleep(2);
        });
        Check k = check("drill-srs", load.attempts);
        Money after = money();
        long healthy = marks.getOrDefault("server healthy", Long.MAX_VALUE);
        long firstOk = load.attempts.stream().filter(a -> a.status == 200 && a.startNanos >= healthy)
                .mapToLong(a -> a.endNanos).min().orElse(-1);
        String recovery = firstOk < 0 ? "no 200 after the server was healthy"
                : "first 200 " + f1((firstOk - healthy) / 1e9) + " s after the server was healthy";
        rows.add(Row.of("server-restart", k, before, after, story + "; " + recovery + "; "
                + phaseCounts(load.attempts, "stop", "server healthy") + wronglyRefused(k, before)));
        log("server-restart: " + rows.get(rows.size() - 1));
    }

    /**
     * Batches and webhooks across instances, the work that runs on a timer or once: a webhook subscription to a
     * receiver in the drill; a batch scheduled a few seconds ahead, created on one instance, which one of the
     * instances must release once at its time; a batch created on one instance and released through the other. Both
     * complete, each is released once (its history), and every webhook event arrives, each once.
     */
    static void journeys() throws Exception {
        quiet(DRAIN_TIMEOUT);
        Money before = money();
        log("journeys: a webhook receiver, a scheduled batch and a released batch over the instances");
        List<String> notes = new ArrayList<>();
        Check k = new Check();
        int other = INSTANCES > 1 ? 1 : 0;
        Map<String, Integer> received = new ConcurrentHashMap<>();
        Map<String, String> typeOf = new ConcurrentHashMap<>();
        com.sun.net.httpserver.HttpServer hooks = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", HOOK_PORT), 0);
        hooks.createContext("/hook", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Resp event = new Resp(200, body);
            String id = event.str("id");
            if (id != null) {
                received.merge(id, 1, Integer::sum);
                typeOf.put(id, String.valueOf(event.str("type")));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        hooks.start();
        try (Conn a = new Conn(port(0)); Conn b = new Conn(port(other))) {
            topUp(10L * BATCH_SIZE * 200);
            Attempt subscribe = new Attempt("journeys-webhook", 0);
            call(a, subscribe, "POST", "/api/v1/webhooks", "{\"url\":\"http://127.0.0.1:" + HOOK_PORT
                    + "/hook\",\"events\":[\"payout.created\",\"payout.succeeded\",\"batch.released\","
                    + "\"batch.completed\"]}");
            k.count(subscribe);
            notes.add("subscription " + subscribe.outcome());
            String scheduledFor = java.time.Instant.now().plusSeconds(5).toString();
            Attempt scheduled = new Attempt("journeys-scheduled", 0);
            call(a, scheduled, "POST", "/api/v1/batches", batchJson("drill scheduled", scheduledFor));
            k.count(scheduled);
            Attempt released = new Attempt("journeys-released", other);
            call(b, released, "POST", "/api/v1/batches", batchJson("drill released", null));
            k.count(released);
            String scheduledId = new Resp(200, String.valueOf(scheduled.body)).str("id");
            String releasedId = new Resp(200, String.valueOf(released.body)).str("id");
            notes.add("batches created " + scheduled.outcome() + " (scheduled 5 s ahead), " + released.outcome());
            if (releasedId != null) {
                Attempt release = new Attempt("journeys-release", 0);
                call(a, release, "POST", "/api/v1/batches/" + releasedId + "/release", null);
                k.count(release);
                notes.add("release through the other instance " + release.outcome());
            }
            List<String> batches = new ArrayList<>();
            if (scheduledId != null) {
                batches.add(scheduledId);
            }
            if (releasedId != null) {
                batches.add(releasedId);
            }
            boolean completed = waitProgress("the batches to complete", 120, () -> {
                long open = 0;
                for (String id : batches) {
                    Resp batch = b.send("GET", "/api/v1/batches/" + id, key, null);
                    open += "completed".equals(batch.str("status")) ? 0 : 1;
                }
                return open;
            });
            notes.add("both completed " + completed);
            for (String id : batches) {
                Resp history = a.send("GET", "/api/v1/batches/" + id + "/history?pageSize=100", key, null);
                notes.add((id.equals(scheduledId) ? "scheduled" : "released") + " batch: "
                        + count(history.body, "\"type\":\"batch\\.released\"") + " x batch.released");
            }
            long expected = 2L * BATCH_SIZE * 2 + 4;
            waitProgress("every webhook event to arrive", 60, () -> Math.max(0, expected - received.size()));
            sleep(3);
            Map<String, Long> byType = new TreeMap<>();
            typeOf.values().forEach(type -> byType.merge(type, 1L, Long::sum));
            long twice = received.values().stream().filter(n -> n > 1).count();
            notes.add("webhook events received " + received.size() + " of " + expected + " " + byType
                    + ", delivered more than once " + twice);
        } catch (IOException | DrillProblem e) {
            notes.add("stopped early: " + e.getMessage());
        } finally {
            hooks.stop(0);
        }
        Money after = money();
        rows.add(Row.of("journeys", k, before, after, String.join("; ", notes)));
        log("journeys: " + rows.get(rows.size() - 1));
    }

    /**
     * Webhooks at fleet volume over the instances: batches created and released through each instance in turn, every
     * payout.created and payout.succeeded counted at one receiver, none twice, and how long after the batches
     * completed the last one arrived; then a receiver that takes 200 ms per answer, whose rate must be the
     * per-subscription concurrency over 0.2 s whichever instance sends.
     */
    static void webhooks() throws Exception {
        quiet(DRAIN_TIMEOUT);
        Money before = money();
        log("webhooks: " + WEBHOOK_BATCHES + " batches of " + WEBHOOK_BATCH_SIZE + " announced to one receiver");
        List<String> notes = new ArrayList<>();
        Check k = new Check();
        Map<String, Integer> received = new ConcurrentHashMap<>();
        List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
        long[] thinkMillis = {0};
        com.sun.net.httpserver.HttpServer hooks = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", HOOK_PORT), 1024);
        hooks.createContext("/hook", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (thinkMillis[0] > 0) {
                sleepNanos(thinkMillis[0] * 1_000_000L);
            }
            String id = new Resp(200, body).str("id");
            if (id != null) {
                received.merge(id, 1, Integer::sum);
            }
            arrivals.add(System.nanoTime());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        hooks.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(64));
        hooks.start();
        try {
            topUp((long) WEBHOOK_BATCHES * WEBHOOK_BATCH_SIZE * 100 + WEBHOOK_SLOW_EVENTS * 100L);
            String subscription = subscribeHooks(k, notes, "payout.created", "payout.succeeded");
            long start = System.nanoTime();
            List<String> batches = new ArrayList<>();
            for (int b = 0; b < WEBHOOK_BATCHES; b++) {
                try (Conn c = new Conn(port(b % INSTANCES))) {
                    Attempt created = new Attempt("webhooks-batch-" + b, b % INSTANCES);
                    call(c, created, "POST", "/api/v1/batches", webhookBatchJson("drill webhooks " + b, b));
                    k.count(created);
                    String id = new Resp(200, String.valueOf(created.body)).str("id");
                    if (id != null) {
                        batches.add(id);
                    }
                }
            }
            for (int b = 0; b < batches.size(); b++) {
                try (Conn c = new Conn(port((b + 1) % INSTANCES))) {
                    Attempt release = new Attempt("webhooks-release-" + b, (b + 1) % INSTANCES);
                    call(c, release, "POST", "/api/v1/batches/" + batches.get(b) + "/release", null);
                    k.count(release);
                }
            }
            try (Conn c = new Conn(port(0))) {
                waitProgress("the webhook batches to complete", 600, () -> {
                    long open = 0;
                    for (String id : batches) {
                        open += "completed".equals(c.send("GET", "/api/v1/batches/" + id, key, null).str("status"))
                                ? 0 : 1;
                    }
                    return open;
                });
            }
            long completedAt = System.nanoTime();
            long expected = 2L * batches.size() * WEBHOOK_BATCH_SIZE;
            waitProgress("every webhook event to arrive", 600, () -> Math.max(0, expected - received.size()));
            long last = arrivals.stream().mapToLong(Long::longValue).max().orElse(completedAt);
            long first = arrivals.stream().mapToLong(Long::longValue).min().orElse(start);
            notes.add("events received " + received.size() + " of " + expected + ", delivered more than once "
                    + received.values().stream().filter(n -> n > 1).count() + ", batches completed "
                    + f0((completedAt - start) / 1e9) + " s after the first create, last event "
                    + f0((last - completedAt) / 1e9) + " s after that, " + f0(received.size() / ((last - first) / 1e9))
                    + " events/s from the first to the last");
            deleteHooks(subscription);
            received.clear();
            arrivals.clear();
            thinkMillis[0] = 200;
            String slow = subscribeHooks(k, notes, "payout.created");
            for (int from = 0; from < WEBHOOK_SLOW_EVENTS; from += 100) {
                try (Conn c = new Conn(port((from / 100) % INSTANCES))) {
                    StringBuilder items = new StringBuilder();
                    for (int i = from; i < Math.min(WEBHOOK_SLOW_EVENTS, from + 100); i++) {
                        items.append(i == from ? "" : ",").append("{\"amount\":100,\"driverId\":\"")
                                .append(drivers.get(i % drivers.size())).append("\",\"description\":\"drill-webhooks-slow-")
                                .append(i).append("\"}");
                    }
                    Attempt bulk = new Attempt("webhooks-slow-" + from, (from / 100) % INSTANCES);
                    call(c, bulk, "POST", "/api/v1/payouts/bulk", "{\"payouts\":[" + items + "]}");
                    k.count(bulk);
                }
            }
            waitProgress("the slow receiver's events", 600, () -> Math.max(0, WEBHOOK_SLOW_EVENTS - received.size()));
            List<Long> sorted = new ArrayList<>(arrivals);
            Collections.sort(sorted);
            int from = sorted.size() / 10;
            int to = sorted.size() * 9 / 10 - 1;
            double rate = to > from ? (to - from) / ((sorted.get(to) - sorted.get(from)) / 1e9) : 0;
            notes.add("slow receiver (200 ms an answer): " + f0(rate) + " events/s against " + f0(WEBHOOK_CONCURRENCY / 0.2)
                    + " expected, delivered more than once " + received.values().stream().filter(n -> n > 1).count());
            deleteHooks(slow);
        } catch (IOException | DrillProblem e) {
            notes.add("stopped early: " + e.getMessage());
        } finally {
            hooks.stop(0);
        }
        Money after = money();
        rows.add(Row.of("webhooks", k, before, after, String.join("; ", notes)));
        log("webhooks: " + rows.get(rows.size() - 1));
    }

    static String subscribeHooks(Check k, List<String> notes, String... events) throws Exception {
        try (Conn c = new Conn(port(0))) {
            Attempt subscribe = new Attempt("webhooks-subscribe", 0);
            call(c, subscribe, "POST", "/api/v1/webhooks", "{\"url\":\"http://127.0.0.1:" + HOOK_PORT
                    + "/hook\",\"events\":[\"" + String.join("\",\"", events) + "\"]}");
            k.count(subscribe);
            return new Resp(200, String.valueOf(subscribe.body)).str("id");
        }
    }

    static void deleteHooks(String subscription) throws Exception {
        if (subscription != null) {
            try (Conn c = new Conn(port(0))) {
                c.send("DELETE", "/api/v1/webhooks/" + subscription, key, null);
            }
        }
    }

    static String webhookBatchJson(String name, int offset) {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < WEBHOOK_BATCH_SIZE; i++) {
            items.append(i == 0 ? "" : ",").append("{\"amount\":100,\"driverId\":\"")
                    .append(drivers.get((offset * 7 + i) % drivers.size())).append("\",\"description\":\"")
                    .append(name).append(' ').append(i).append("\"}");
        }
        return "{\"name\":\"" + name + "\",\"urgency\":\"standard\",\"payouts\":[" + items + "]}";
    }

    static String batchJson(String name, String scheduledFor) {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < BATCH_SIZE; i++) {
            items.append(i == 0 ? "" : ",").append("{\"amount\":100,\"driverId\":\"").append(drivers.get(i))
                    .append("\",\"description\":\"").append(name).append(' ').append(i).append("\"}");
        }
        return "{\"name\":\"" + name + "\",\"urgency\":\"standard\",\"payouts\":[" + items + "]"
                + (scheduledFor == null ? "" : ",\"scheduledFor\":\"" + scheduledFor + "\"") + "}";
    }

    /**
     * The audit API with the events in Axon Server: a payout made through one instance, its history and its events
     * read through another right after, the hash chain verified, and how many events the audit log chained against
     * Axon Server's newest event.
     */
    static void audit() throws Exception {
        quiet(DRAIN_TIMEOUT);
        Money before = money();
        log("audit: a payout through one instance, its history and events through another, then the verification");
        List<String> notes = new ArrayList<>();
        Check k = new Check();
        int other = INSTANCES > 1 ? 1 : 0;
        try (Conn a = new Conn(port(0)); Conn b = new Conn(port(other))) {
            topUp(1000);
            Attempt p = pay(b, other, drivers.get(0), 100, "drill-audit-0");
            k.count(p);
            notes.add("payout answered " + p.outcome());
            if (p.payoutId != null) {
                Attempt history = new Attempt("audit-history", 0);
                call(a, history, "GET", "/api/v1/payouts/" + p.payoutId + "/history", null);
                k.count(history);
                notes.add("its history on the other instance right after: " + history.outcome() + " with "
                        + count(history.body, "\"type\":\"payout\\.") + " payout events");
                Attempt events = new Attempt("audit-events", 0);
                call(a, events, "GET", "/api/v1/events?resource=" + p.payoutId, null);
                k.count(events);
                notes.add("events of it: " + events.outcome() + ", payout.created listed "
                        + events.body.contains("\"payout.created\""));
            }
            Attempt asOf = new Attempt("audit-as-of", 0);
            call(a, asOf, "GET", "/api/v1/balance?asOf=" + java.time.Instant.now().minusSeconds(1), null);
            k.count(asOf);
            notes.add("balance as of a second ago: " + asOf.outcome());
            Resp verify = a.send("GET", "/api/v1/admin/audit/verify", ownerToken, null);
            k.count(verifyAttempt(verify));
            notes.add("verify: " + verify.status + ", verified " + verify.body.contains("\"verified\":true")
                    + ", checked events " + numText(verify.num("checkedEvents")));
            notes.add("chained " + sql.longValue("select count(*) from audit_event") + " events, copies "
                    + sql.longValue("select count(*) from audit_stored_event") + ", newest chained index "
                    + sql.longValue("select coalesce(max(global_index), -1) from audit_event"));
        } catch (IOException | DrillProblem e) {
            notes.add("stopped early: " + e.getMessage());
        }
        Money after = money();
        rows.add(Row.of("audit", k, before, after, String.join("; ", notes)));
        log("audit: " + rows.get(rows.size() - 1));
    }

    static Attempt verifyAttempt(Resp verify) {
        Attempt a = new Attempt("audit-verify", 0);
        a.status = verify.status;
        a.body = verify.body;
        return a;
    }

    static int count(String body, String regex) {
        Matcher m = Pattern.compile(regex).matcher(body == null ? "" : body);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /**
     * (f) POST /api/v1/sandbox/reset, then a top-up and a payout through another instance, and the wallet
     * projection's health afterwards.
     */
    static void sandboxReset() throws Exception {
        quiet(DRAIN_TIMEOUT);
        Money before = money();
        log("reset: POST /api/v1/sandbox/reset, then a top-up of 5000 and a payout of 1000");
        List<String> notes = new ArrayList<>();
        Check k = new Check();
        int other = INSTANCES > 1 ? 1 : 0;
        try (Conn a = new Conn(port(0)); Conn b = new Conn(port(other))) {
            Attempt reset = new Attempt("reset", 0);
            call(a, reset, "POST", "/api/v1/sandbox/reset", null);
            k.count(reset);
            notes.add("reset answered " + reset.outcome());
            Resp bal = a.send("GET", "/api/v1/balance", key, null);
            notes.add("balance after reset " + balanceText(bal));
            Attempt top = new Attempt("reset-topup", 0);
            call(a, top, "POST", "/api/v1/funding/topup", "{\"amount\":5000,\"method\":\"bank_transfer\","
                    + "\"description\":\"drill after reset\"}");
            k.count(top);
            sleep(3);
            bal = b.send("GET", "/api/v1/balance", key, null);
            notes.add("after a top-up of 5000: " + balanceText(bal));
            List<String> fresh = new ArrayList<>();
            registerDrivers(a, "reset", 1, fresh);
            fresh = verifyDrivers(a, fresh);
            Attempt p = pay(b, other, fresh.get(0), 1000, "drill-reset-0");
            k.count(p);
            notes.add("payout of 1000 answered " + p.outcome());
            sleep(5);
            bal = b.send("GET", "/api/v1/balance", key, null);
            notes.add("then " + balanceText(bal));
            Resp proj = a.send("GET", "/api/v1/admin/projections", ownerToken, null);
            notes.add("wallet projection: " + processorText(proj.body, "wallet"));
        } catch (IOException | DrillProblem e) {
            notes.add("stopped early: " + e.getMessage());
        }
        Money after = money();
        rows.add(Row.of("reset", k, before, after, String.join("; ", notes)));
        log("reset: " + rows.get(rows.size() - 1));
    }

    static String numText(long n) {
        return n == Long.MIN_VALUE ? "?" : String.valueOf(n);
    }

    static String balanceText(Resp r) {
        if (r.status != 200) {
            return r.status + " " + r.str("code");
        }
        return "available " + r.num("available") + ", pending " + r.num("pending") + ", in transit "
                + r.num("inTransit");
    }

    /** The status, lag and parked count of the processors whose name contains {@code part}. */
    static String processorText(String body, String part) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\\{[^{}]*\"name\":\"([^\"]*" + part + "[^\"]*)\"[^{}]*\\}").matcher(body);
        while (m.find()) {
            Resp one = new Resp(200, m.group());
            out.add(m.group(1) + " " + one.str("status") + " (lag " + numText(one.num("lag")) + ", parked "
                    + numText(one.num("parked")) + ")");
        }
        return out.isEmpty() ? "not listed: " + body.substring(0, Math.min(200, body.length())) : String.join(", ", out);
    }

    // ---- load ---------------------------------------------------------------------------------------------------

    static final Map<String, Long> marks = new ConcurrentHashMap<>();

    static void markAt(String what, long nanos) {
        marks.put(what, nanos);
    }

    /** Outcomes before the first mark, between the two marks, and after the second. */
    static String phaseCounts(List<Attempt> attempts, String first, String second) {
        long a = marks.getOrDefault(first, Long.MAX_VALUE);
        long b = marks.getOrDefault(second, Long.MAX_VALUE);
        Map<String, Map<String, Long>> phases = new LinkedHashMap<>();
        phases.put("before", new TreeMap<>());
        phases.put("during", new TreeMap<>());
        phases.put("after", new TreeMap<>());
        for (Attempt x : attempts) {
            String phase = x.startNanos < a ? "before" : x.startNanos < b ? "during" : "after";
            phases.get(phase).merge(x.outcome(), 1L, Long::sum);
        }
        StringBuilder s = new StringBuilder();
        phases.forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        return s.toString();
    }

    interface Script {
        void run(Load load) throws Exception;
    }

    static final class Load {
        /** Every attempt as it is answered; {@link #attempts} once the load is over. */
        final ConcurrentLinkedQueue<Attempt> live = new ConcurrentLinkedQueue<>();
        List<Attempt> attempts = List.of();
        final AtomicBoolean stop = new AtomicBoolean();
        volatile long measureFrom;
        volatile long measureTo;
        long measuredOk;
        long measuredAll;
        double p50Ms;
        double p99Ms;

        /** True when every answer started in the last {@code seconds} (and after {@code from}) was a 200. */
        boolean okFor(long from, double seconds) {
            long since = System.nanoTime() - (long) (seconds * 1e9);
            if (since < from) {
                return false;
            }
            boolean any = false;
            for (Attempt a : live) {
                if (a.startNanos >= since) {
                    if (a.status != 200) {
                        return false;
                    }
                    any = true;
                }
            }
            return any;
        }
    }

    /**
     * Payouts from {@code workers} threads over the given instances. With {@code rate} 0 each worker sends as fast
     * as it gets answers, to one instance (closed loop); otherwise the workers share {@code rate} requests/s and
     * each sends to the instances in turn. Runs {@code warmupS + durationS}, or, with a script, until the script
     * returns. A request whose connection is refused goes to another instance ({@link #payBalanced}); a request that
     * got no answer is counted, never sent again; a worker whose request failed waits 100 ms.
     */
    static Load runLoad(String prefix, int[] over, int workers, double rate, double warmupS, double durationS,
            Script script) throws Exception {
        Load load = new Load();
        long start = System.nanoTime();
        load.measureFrom = start + (long) (warmupS * 1e9);
        load.measureTo = script != null ? Long.MAX_VALUE : load.measureFrom + (long) (durationS * 1e9);
        AtomicLong seq = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int worker = w;
            threads.add(thread(() -> {
                Conn[] conns = new Conn[over.length];
                for (int i = 0; i < over.length; i++) {
                    conns[i] = new Conn(port(over[i]));
                }
                double interval = rate > 0 ? workers / rate : 0;
                long next = start + (long) (worker * (interval / workers) * 1e9);
                int turn = worker;
                while (!load.stop.get() && System.nanoTime() < load.measureTo) {
                    if (interval > 0) {
                        long wait = next - System.nanoTime();
                        if (wait > 0) {
                            sleepNanos(wait);
                        }
                        next += (long) (interval * 1e9);
                    }
                    int slot = rate > 0 ? turn++ % over.length : worker % over.length;
                    long n = seq.getAndIncrement();
                    Attempt a = payBalanced(conns, over, slot, drivers.get((int) (n % drivers.size())), 100,
                            prefix + "-" + n);
                    load.live.add(a);
                    if (a.failure != null) {
                        sleep(0.1);
                    }
                }
                for (Conn c : conns) {
                    c.close();
                }
            }));
        }
        if (script != null) {
            try {
                script.run(load);
            } finally {
                load.stop.set(true);
            }
            load.measureTo = System.nanoTime();
        }
        for (Thread t : threads) {
            t.join();
        }
        List<Attempt> all = new ArrayList<>(load.live);
        load.attempts = all;
        List<Long> latencies = new ArrayList<>();
        for (Attempt a : all) {
            if (a.endNanos >= load.measureFrom && a.endNanos <= load.measureTo) {
                load.measuredAll++;
                if (a.status == 200) {
                    load.measuredOk++;
                    latencies.add(a.endNanos - a.startNanos);
                }
            }
        }
        Collections.sort(latencies);
        if (!latencies.isEmpty()) {
            load.p50Ms = latencies.get(latencies.size() / 2) / 1e6;
            load.p99Ms = latencies.get(Math.min(latencies.size() - 1, (int) (latencies.size() * 0.99))) / 1e6;
        }
        return load;
    }

    // ---- report -------------------------------------------------------------------------------------------------

    static void report() throws IOException {
        StringBuilder t = new StringBuilder();
        t.append("\nScale-out drill ").append(RUN_ID).append(", commit ").append(COMMIT).append(", ").append(INSTANCES)
                .append(" instances, Axon Server ").append(Path.of(AXONSERVER_JAR).getFileName()).append("\n\n");
        t.append("| scenario | accepted | refused (by code) | 500 | 503 | other failures | money before | money after "
                + "| moved for an error answer | lost | notes |\n");
        t.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            t.append("| ").append(String.join(" | ", r.scenario(), r.accepted(), r.refused(), r.s500(), r.s503(),
                    r.otherFailures(), r.moneyBefore(), r.moneyAfter(), r.movedForError(), r.lost(),
                    r.notes().replace("|", "/"))).append(" |\n");
        }
        t.append("\nFirst answer of each kind (outcome: request -> body):\n");
        synchronized (samples) {
            samples.forEach((k, v) -> t.append("- ").append(k).append(": ").append(v.replace("\n", " ")).append('\n'));
        }
        System.out.print(t);
        Files.writeString(LOGS.resolve("results.md"), t.toString());
    }

    // ---- HTTP ---------------------------------------------------------------------------------------------------

    record Resp(int status, String body) {

        String str(String field) {
            Matcher m = Pattern.compile("\"" + field + "\":\"([^\"]*)\"").matcher(body);
            return m.find() ? m.group(1) : null;
        }

        long num(String field) {
            Matcher m = Pattern.compile("\"" + field + "\":(-?\\d+)").matcher(body);
            return m.find() ? Long.parseLong(m.group(1)) : Long.MIN_VALUE;
        }
    }

    static Resp require(Resp r, String what) throws DrillProblem {
        if (r.status != 200) {
            throw new DrillProblem(what + ": HTTP " + r.status + " " + r.body);
        }
        return r;
    }

    /**
     * HTTP/1.1 keep-alive over a plain socket to one instance on loopback (the raw client of bench/Bench.java):
     * reads the status line, Content-Length, chunked bodies and Connection: close. A failed request closes the
     * connection; the next one opens a new one.
     */
    static final class Conn implements AutoCloseable {
        final int port;
        final int timeoutMs;
        private Socket socket;
        private InputStream in;
        private OutputStream out;

        Conn(int port) {
            this(port, REQUEST_TIMEOUT_MS);
        }

        Conn(int port, int timeoutMs) {
            this.port = port;
            this.timeoutMs = timeoutMs;
        }

        void connect() throws IOException {
            if (socket != null) {
                return;
            }
            Socket s = new Socket();
            s.setTcpNoDelay(true);
            try {
                s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                s.setSoTimeout(timeoutMs);
            } catch (IOException e) {
                s.close();
                throw e;
            }
            socket = s;
            in = new BufferedInputStream(socket.getInputStream(), 65536);
            out = socket.getOutputStream();
        }

        Resp send(String method, String path, String auth, String body) throws IOException {
            byte[] b = body == null ? null : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder h = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1:")
                    .append(port).append("\r\n");
            if (auth != null) {
                h.append("Authorization: Bearer ").append(auth).append("\r\n");
            }
            if (b != null) {
                h.append("Content-Type: application/json\r\nContent-Length: ").append(b.length).append("\r\n");
            } else if (method.equals("POST")) {
                h.append("Content-Length: 0\r\n");
            }
            h.append("\r\n");
            connect();
            try {
                out.write(h.toString().getBytes(StandardCharsets.US_ASCII));
                if (b != null) {
                    out.write(b);
                }
                out.flush();
                return read();
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        private Resp read() throws IOException {
            String status = line();
            if (status.length() < 12) {
                throw new IOException("bad status line: " + status);
            }
            int code = Integer.parseInt(status.substring(9, 12));
            long length = -1;
            boolean chunked = false;
            boolean close = false;
            String l;
            while (!(l = line()).isEmpty()) {
                String lower = l.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(lower.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:")) {
                    chunked = lower.contains("chunked");
                } else if (lower.startsWith("connection:")) {
                    close = lower.contains("close");
                }
            }
            java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
            if (chunked) {
                while (true) {
                    String size = line().trim();
                    int semi = size.indexOf(';');
                    long n = Long.parseLong(semi < 0 ? size : size.substring(0, semi), 16);
                    if (n == 0) {
                        while (!line().isEmpty()) {
                            // trailers
                        }
                        break;
                    }
                    copy(buf, n);
                    line();
                }
            } else if (length > 0) {
                copy(buf, length);
            }
            if (close) {
                close();
            }
            return new Resp(code, buf.toString(StandardCharsets.UTF_8));
        }

        private void copy(java.io.ByteArrayOutputStream buf, long n) throws IOException {
            byte[] chunk = new byte[8192];
            while (n > 0) {
                int r = in.read(chunk, 0, (int) Math.min(chunk.length, n));
                if (r < 0) {
                    throw new IOException("connection closed in a body");
                }
                buf.write(chunk, 0, r);
                n -= r;
            }
        }

        private String line() throws IOException {
            StringBuilder s = new StringBuilder();
            while (true) {
                int c = in.read();
                if (c < 0) {
                    if (s.length() == 0) {
                        throw new IOException("connection closed");
                    }
                    return s.toString();
                }
                if (c == '\n') {
                    int n = s.length();
                    return n > 0 && s.charAt(n - 1) == '\r' ? s.substring(0, n - 1) : s.toString();
                }
                s.append((char) c);
            }
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

    // ---- PostgreSQL (psql, as bench/Bench.java) -------------------------------------------------------------------

    static final class Psql {
        private final Process process;
        private final PrintWriter in;
        private final BufferedReader out;

        Psql(int port) throws IOException {
            ProcessBuilder pb = new ProcessBuilder("psql", "-X", "-q", "-A", "-t", "-F", "\t", "-h", "127.0.0.1", "-p",
                    String.valueOf(port), "-U", "postgres", "-d", "payouts").redirectErrorStream(true);
            process = pb.start();
            in = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        synchronized List<String> query(String query) throws IOException {
            in.println(query.endsWith(";") ? query : query + ";");
            in.println("\\echo __drill_end__");
            List<String> lines = new ArrayList<>();
            String l;
            while ((l = out.readLine()) != null && !l.equals("__drill_end__")) {
                if (l.startsWith("ERROR") || l.startsWith("psql:")) {
                    // drain up to the marker so the next query starts clean
                    while ((l = out.readLine()) != null && !l.equals("__drill_end__")) {
                        // skip
                    }
                    throw new IOException(query + ": " + lines + " " + l);
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
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    /** A scenario that cannot go on because of what the service did (reported in its row, the drill goes on). */
    static final class DrillProblem extends Exception {
        private static final long serialVersionUID = 1L;

        DrillProblem(String message) {
            super(message);
        }
    }

    interface Cond {
        boolean ok() throws Exception;
    }

    static void waitFor(String what, double seconds, Cond cond) throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (!cond.ok()) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("timed out after " + seconds + " s waiting for " + what);
            }
            Thread.sleep(200);
        }
    }

    static Thread thread(Runnable body) {
        Thread t = new Thread(body);
        t.setDaemon(true);
        t.start();
        return t;
    }

    static void sleep(double seconds) {
        sleepNanos((long) (seconds * 1e9));
    }

    static void sleepNanos(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String sqlList(List<String> ids) {
        StringBuilder b = new StringBuilder("(");
        for (String id : ids) {
            b.append(b.length() == 1 ? "" : ",").append('\'').append(id.replace("'", "")).append('\'');
        }
        return b.append(b.length() == 1 ? "null)" : ")").toString();
    }

    static String env(String name, String otherwise) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? otherwise : v;
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

    static void log(String message) {
        System.out.printf(Locale.ROOT, "[%7.1f s] %s%n", (System.nanoTime() - T0) / 1e9, message);
    }
}
