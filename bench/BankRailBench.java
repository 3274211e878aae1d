import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The bank rail at a batch of production payouts (bench/README.md, "Bank rail"): the service runs with
 * {@code PAYOUTS_RAIL_PRODUCTION=iso20022} and its simulated bank in process, and one batch of 1,000 standard payouts
 * goes through a cut-off's pain.001 and comes back completed by the bank's pain.002 and camt.054. Reports
 * <ul>
 *     <li>(a) the cut-off to the pain.001 at the bank: the file's row ({@code bank_file}: cut-off, created, written,
 *     uploaded) and the mtime of the file in the simulator's {@code outbound} folder;</li>
 *     <li>(b) the status files' arrival (their mtimes in the simulator's folders) to all 1,000 payouts applied: the
 *     rail's own record ({@code bank_payment} settled) and the payouts list counting them {@code completed};</li>
 *     <li>(c) the JVM's CPU (and PostgreSQL's) from half a second before the cut-off to the last payout seen
 *     completed, minus the same wall time of the service idle under the same polling, per payout.</li>
 * </ul>
 * The database is read through one long-lived psql (the embedded PostgreSQL's port), which costs the JVM nothing.
 * Started by bench/bankrail.sh, which starts the service; single-file program, no build.
 */
public class BankRailBench {

    static final int PORT = Integer.parseInt(env("BENCH_PORT", "18080"));
    static final String OWNER_EMAIL = env("BENCH_OWNER_EMAIL", "bench@payouts.local");
    static final String OWNER_PASSWORD = env("BENCH_OWNER_PASSWORD", "bench-owner-password");
    static final long SERVICE_PID = Long.parseLong(env("BENCH_SERVICE_PID", "0"));
    static final Path PG_DATA = Path.of(env("BENCH_PG_DATA", "."));
    static final String PG_PORT = env("BENCH_PG_PORT", "5432");
    static final Path BANK_DIR = Path.of(env("BENCH_BANK_DIR", "data/bank"));
    static final Duration CUTOFF = Duration.parse("PT" + env("BENCH_CUTOFF", "15s").toUpperCase(Locale.ROOT));
    static final int PAYOUTS = Integer.parseInt(env("BENCH_PAYOUTS", "1000"));
    static final int WARMUP_PAYOUTS = Integer.parseInt(env("BENCH_WARMUP_PAYOUTS", "200"));
    static final long AMOUNT = 1000;
    static final double TIMEOUT_S = Double.parseDouble(env("BENCH_COMPLETION_TIMEOUT", "180"));
    static final long TICK = Long.parseLong(run("getconf", "CLK_TCK").trim());
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final Pattern DRIVER_ID = Pattern.compile("\"id\":\"(drv_[0-9a-f]{32})\"");
    static final Pattern TOTAL = Pattern.compile("\"total\":(\\d+)");

    static String token;
    static String key;
    static final List<String> drivers = new ArrayList<>();
    static final Map<String, String> figures = new LinkedHashMap<>();
    static Psql db;

    public static void main(String[] args) throws Exception {
        db = Psql.start();
        setup();
        Run warmUp = payBatch("bank-bench-warm-up", WARMUP_PAYOUTS);
        log("warm-up: " + WARMUP_PAYOUTS + " payouts through the cut-off at " + instant(warmUp.file.cutOff)
                + ", completed "
                + format(warmUp.apiCompletedAt - warmUp.file.cutOff) + " s after it (not reported)");
        settle();
        Run run = payBatch("bank-bench", PAYOUTS);
        settle();
        Cpu baseline = idleLike(run);
        report(run, baseline);
        System.out.println();
        figures.forEach((name, value) -> System.out.println(name + "=" + value));
        db.close();
        System.exit(0);
    }

    static void setup() throws Exception {
        token = signIn();
        String created = call("POST", "/api/v1/developer/keys", token, "{\"name\":\"bank rail bench\","
                + "\"mode\":\"production\",\"scopes\":[\"drivers:read\",\"drivers:write\",\"payouts:read\","
                + "\"payouts:write\",\"batches:read\",\"batches:write\",\"balance:read\"],"
                + "\"approval_reason\":\"bank rail bench\"}");
        String keyId = field(created, "id");
        key = field(call("POST", "/api/v1/admin/api-keys/" + keyId + "/approve", token, null), "key");
        long stamp = System.currentTimeMillis();
        for (int from = 0; from < PAYOUTS; from += 100) {
            StringBuilder body = new StringBuilder("{\"drivers\":[");
            for (int i = from; i < Math.min(PAYOUTS, from + 100); i++) {
                body.append(i > from ? "," : "").append("{\"svcDriverId\":\"bank-").append(stamp).append('-')
                        .append(i).append("\",\"name\":\"Driver ").append(i).append("\",\"email\":\"d").append(i)
                        .append("@example.com\",\"phone\":\"+1415555").append(String.format("%04d", i))
                        .append("\",\"bankAccount\":{\"holderName\":\"Driver ").append(i)
                        .append("\",\"country\":\"US\",\"routingNumber\":\"011000015\",\"accountNumber\":\"")
                        .append(String.format("%012d", 400000000000L + i)).append("\",\"accountType\":\"checking\"}}");
            }
            Matcher ids = DRIVER_ID.matcher(call("POST", "/api/v1/drivers/bulk", key, body.append("]}").toString()));
            while (ids.find()) {
                drivers.add(ids.group(1));
            }
        }
        if (drivers.size() != PAYOUTS) {
            throw new IllegalStateException("registered " + drivers.size() + " of " + PAYOUTS + " drivers");
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<String>> outcomes = new ArrayList<>();
        for (String driver : drivers) {
            outcomes.add(pool.submit(() -> callAny("POST", "/api/v1/drivers/" + driver + "/kyc", key,
                    "{\"outcome\":\"verified\"}")));
        }
        for (Future<String> outcome : outcomes) {
            if (!outcome.get().startsWith("200")) {
                throw new IllegalStateException("KYC: " + outcome.get());
            }
        }
        pool.shutdown();
        long needed = (PAYOUTS + WARMUP_PAYOUTS) * AMOUNT;
        String topUp = call("POST", "/api/v1/funding/topup", key, "{\"amount\":" + (needed * 2)
                + ",\"method\":\"wire\",\"description\":\"bank rail bench\"}");
        call("POST", "/api/v1/admin/funding/topups/" + field(topUp, "transactionId") + "/settle", token, null);
        long start = System.nanoTime();
        while (number(call("GET", "/api/v1/balance", key, null), "available") < needed) {
            if (System.nanoTime() - start > 30e9) {
                throw new IllegalStateException("the top-up was not available in 30 s");
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        log("setup: " + drivers.size() + " production drivers with bank accounts, KYC-verified; wallet funded");
    }

    /** What one batch went through, in epoch seconds (the service's clock is this machine's). */
    static final class Run {
        String batch;
        int size;
        double releasedAt;
        double handedOverAt;
        FileRow file;
        int files;
        double outboundMtime;
        double pain002Arrived;
        double camt054Arrived;
        InboundRow pain002;
        InboundRow camt054;
        double settledAt;
        double apiCompletedAt;
        long completedBefore;
        Cpu cpu;
        double wallS;
        int apiPolls;
        int dbPolls;
    }

    record FileRow(String messageId, String fileName, double cutOff, double createdAt, double writtenAt,
                   double uploadedAt, int payments) {
    }

    record InboundRow(String fileName, double claimedAt, double processedAt) {
    }

    /**
     * A batch created, then released just after a cut-off so that its hand-off is done well before the next one;
     * then followed through the rail until the payouts list counts all of it completed.
     */
    static Run payBatch(String name, int size) throws Exception {
        Run run = new Run();
        run.batch = name;
        run.size = size;
        StringBuilder body = new StringBuilder("{\"name\":\"").append(name).append("\",\"urgency\":\"standard\",")
                .append("\"payouts\":[");
        for (int i = 0; i < size; i++) {
            body.append(i > 0 ? "," : "").append("{\"driverId\":\"").append(drivers.get(i % drivers.size()))
                    .append("\",\"amount\":").append(AMOUNT).append(",\"description\":\"bank rail bench\"}");
        }
        String batch = field(call("POST", "/api/v1/batches", key, body.append("]}").toString()), "id");
        run.completedBefore = completedCount();
        long cutOffMillis = CUTOFF.toMillis();
        long next = Math.floorDiv(System.currentTimeMillis(), cutOffMillis) * cutOffMillis + cutOffMillis;
        TimeUnit.MILLISECONDS.sleep(next + 300 - System.currentTimeMillis());
        run.releasedAt = now();
        call("POST", "/api/v1/batches/" + batch + "/release", key, null);
        while (count("select count(*) from bank_payment where batch_id = '" + batch + "'") < size) {
            timeout(run.releasedAt, "the rail had not got all of " + name);
            TimeUnit.MILLISECONDS.sleep(20);
        }
        run.handedOverAt = now();
        double cutOffAt = (next + cutOffMillis) / 1000.0;
        log(name + ": " + size + " payouts released at the cut-off + 0.3 s, at the rail "
                + format(run.handedOverAt - run.releasedAt) + " s later, " + format(cutOffAt - run.handedOverAt)
                + " s before the next cut-off");
        // the rail's phase starts just before the cut-off, once the release's own work has settled
        TimeUnit.MILLISECONDS.sleep(Math.max(0, Math.round((cutOffAt - 0.5 - now()) * 1000)));
        Cpu before = Cpu.now();
        long phaseStart = System.nanoTime();
        // (a) the file of the cut-off: poll its row until it is uploaded
        String fileIds = "select distinct file_id from bank_payment where batch_id = '" + batch + "'";
        while (true) {
            run.dbPolls += 2;
            List<String> rows = db.query("select count(*) from bank_file where id in (" + fileIds + ") "
                    + "and uploaded_at is not null");
            if (Integer.parseInt(rows.get(0)) > 0 && count("select count(*) from bank_payment where batch_id = '"
                    + batch + "' and file_id is null") == 0) {
                break;
            }
            timeout(run.releasedAt, "no pain.001 uploaded for " + name);
            TimeUnit.MILLISECONDS.sleep(50);
        }
        List<String> files = db.query("select message_id, file_name, " + epoch("cutoff_at") + ", "
                + epoch("created_at") + ", " + epoch("written_at") + ", " + epoch("uploaded_at")
                + ", payment_count from bank_file where id in (" + fileIds + ") order by id");
        run.files = files.size();
        String[] first = files.get(0).split("\\|");
        run.file = new FileRow(first[0], first[1], Double.parseDouble(first[2]), Double.parseDouble(first[3]),
                Double.parseDouble(first[4]), Double.parseDouble(first[5]), Integer.parseInt(first[6]));
        run.outboundMtime = mtime(BANK_DIR.resolve("outbound").resolve(run.file.fileName()));
        // (b) the bank's answers: poll the rail's record until every payment is settled
        String settled = "select count(*) from bank_payment where batch_id = '" + batch + "' and state = 'SETTLED'";
        while (++run.dbPolls > 0 && count(settled) < size) {
            timeout(run.releasedAt, "not all of " + name + " settled");
            TimeUnit.MILLISECONDS.sleep(50);
        }
        run.settledAt = Double.parseDouble(db.query("select " + epoch("max(updated_at)") + " from bank_payment "
                + "where batch_id = '" + batch + "'").get(0));
        while (++run.apiPolls > 0 && completedCount() - run.completedBefore < size) {
            timeout(run.releasedAt, "the payouts list does not count all of " + name + " completed");
            TimeUnit.MILLISECONDS.sleep(100);
        }
        run.apiCompletedAt = now();
        run.cpu = Cpu.now().minus(before);
        run.wallS = seconds(System.nanoTime() - phaseStart);
        for (String file : db.query("select file_name, " + epoch("claimed_at") + ", " + epoch("processed_at")
                + ", kind from bank_inbound_file where file_name like '%-" + run.file.messageId() + ".xml'")) {
            String[] row = file.split("\\|");
            InboundRow inbound = new InboundRow(row[0], Double.parseDouble(row[1]), Double.parseDouble(row[2]));
            double arrived = statusFileMtime(row[0]);
            if (row[0].contains("-pain002-")) {
                run.pain002 = inbound;
                run.pain002Arrived = arrived;
            } else if (row[0].contains("-camt054-")) {
                run.camt054 = inbound;
                run.camt054Arrived = arrived;
            }
        }
        run.batch = batch;
        return run;
    }

    /**
     * The service idle for the phase's wall time under the same polling as the phase (psql and the payouts list),
     * so that the difference is what the rail cost.
     */
    static Cpu idleLike(Run run) throws Exception {
        Cpu before = Cpu.now();
        long start = System.nanoTime();
        long end = start + (long) (run.wallS * 1e9);
        long apiEvery = (long) (run.wallS * 1e9 / Math.max(1, run.apiPolls));
        long dbEvery = (long) (run.wallS * 1e9 / Math.max(1, run.dbPolls));
        long nextApi = start;
        long nextDb = start;
        while (System.nanoTime() < end) {
            long at = System.nanoTime();
            if (run.apiPolls > 0 && at >= nextApi) {
                completedCount();
                nextApi += apiEvery;
            }
            if (at >= nextDb) {
                count("select count(*) from bank_payment where batch_id = '" + run.batch + "' and state = 'SETTLED'");
                nextDb += dbEvery;
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
        Cpu idle = Cpu.now().minus(before);
        log("baseline: the service idle for " + format(run.wallS) + " s with " + run.apiPolls + " list calls and "
                + run.dbPolls + " database polls: JVM " + format(idle.jvmMs()) + " ms, PostgreSQL "
                + format(idle.postgresMs()) + " ms");
        return idle;
    }

    static void report(Run run, Cpu baseline) {
        FileRow file = run.file;
        figures.put("payouts", String.valueOf(run.size));
        figures.put("cutoff_interval_s", format(CUTOFF.toMillis() / 1000.0));
        figures.put("cutoff_at", instant(file.cutOff()));
        figures.put("files", String.valueOf(run.files));
        figures.put("file.name", file.fileName());
        figures.put("file.payments", String.valueOf(file.payments()));
        figures.put("file.bytes", String.valueOf(size(BANK_DIR.resolve("outbound").resolve(file.fileName()))));
        figures.put("handoff.released_to_at_rail_s", format(run.handedOverAt - run.releasedAt));
        figures.put("handoff.at_rail_before_cutoff_s", format(file.cutOff() - run.handedOverAt));
        figures.put("a.cutoff_to_file_created_s", format(file.createdAt() - file.cutOff()));
        figures.put("a.file_created_to_written_s", format(file.writtenAt() - file.createdAt()));
        figures.put("a.written_to_uploaded_s", format(file.uploadedAt() - file.writtenAt()));
        figures.put("a.cutoff_to_outbound_mtime_s", format(run.outboundMtime - file.cutOff()));
        figures.put("a.cutoff_to_uploaded_s", format(file.uploadedAt() - file.cutOff()));
        figures.put("a.target_1s_met", String.valueOf(file.uploadedAt() - file.cutOff() <= 1.0));
        if (run.pain002 != null) {
            figures.put("b.uploaded_to_pain002_arrival_s", format(run.pain002Arrived - file.uploadedAt()));
            figures.put("b.pain002_arrival_to_claimed_s", format(run.pain002.claimedAt() - run.pain002Arrived));
            figures.put("b.pain002_claimed_to_applied_s",
                    format(run.pain002.processedAt() - run.pain002.claimedAt()));
        }
        if (run.camt054 != null) {
            figures.put("b.camt054_arrival_after_pain002_s", format(run.camt054Arrived - run.pain002Arrived));
            figures.put("b.camt054_arrival_to_claimed_s", format(run.camt054.claimedAt() - run.camt054Arrived));
            figures.put("b.camt054_claimed_to_applied_s",
                    format(run.camt054.processedAt() - run.camt054.claimedAt()));
        }
        double arrived = run.pain002 != null ? run.pain002Arrived : Double.NaN;
        figures.put("b.arrival_to_all_settled_at_rail_s", format(run.settledAt - arrived));
        figures.put("b.arrival_to_all_completed_in_list_s", format(run.apiCompletedAt - arrived));
        figures.put("b.target_1s_met", String.valueOf(run.apiCompletedAt - arrived <= 1.0));
        figures.put("b.cutoff_to_all_completed_in_list_s", format(run.apiCompletedAt - file.cutOff()));
        Cpu rail = run.cpu.minus(baseline);
        figures.put("c.phase_wall_s", format(run.wallS));
        figures.put("c.phase_jvm_cpu_ms", format(run.cpu.jvmMs()));
        figures.put("c.baseline_jvm_cpu_ms", format(baseline.jvmMs()));
        figures.put("c.rail_jvm_cpu_ms_per_payout", format(rail.jvmMs() / run.size));
        figures.put("c.phase_jvm_cpu_ms_per_payout_no_baseline", format(run.cpu.jvmMs() / run.size));
        figures.put("c.rail_postgres_cpu_ms_per_payout", format(rail.postgresMs() / run.size));
    }

    static double statusFileMtime(String name) {
        for (String folder : List.of("archive", "inbound")) {
            try (Stream<Path> paths = Files.list(BANK_DIR.resolve(folder))) {
                Path found = paths.filter(path -> path.getFileName().toString().endsWith(name)).findFirst()
                        .orElse(null);
                if (found != null) {
                    return mtime(found);
                }
            } catch (IOException e) {
                // the folder is not there: look in the other
            }
        }
        return Double.NaN;
    }

    static double mtime(Path file) {
        try {
            Instant at = Files.getLastModifiedTime(file).toInstant();
            return at.getEpochSecond() + at.getNano() / 1e9;
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    static long completedCount() throws Exception {
        Matcher total = TOTAL.matcher(call("GET", "/api/v1/payouts?status=completed&pageSize=1", key, null));
        if (!total.find()) {
            throw new IllegalStateException("no total in the payouts list");
        }
        return Long.parseLong(total.group(1));
    }

    static String instant(double epochSeconds) {
        return Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).toString();
    }

    static String epoch(String column) {
        return "extract(epoch from " + column + ")";
    }

    static long count(String sql) throws IOException {
        return Long.parseLong(db.query(sql).get(0).trim());
    }

    static void timeout(double since, String what) {
        if (now() - since > TIMEOUT_S) {
            throw new IllegalStateException(what + " in " + TIMEOUT_S + " s");
        }
    }

    /** The read models and the batch saga finish what the last step started. */
    static void settle() throws InterruptedException {
        TimeUnit.SECONDS.sleep(3);
    }

    static double now() {
        Instant now = Instant.now();
        return now.getEpochSecond() + now.getNano() / 1e9;
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

    /** One psql on the embedded PostgreSQL, fed a query at a time: unaligned, tuples only, '|' between columns. */
    static final class Psql implements AutoCloseable {
        private static final String END = "__bench_end__";
        private final Process process;
        private final Writer in;
        private final BufferedReader out;

        private Psql(Process process) {
            this.process = process;
            this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        static Psql start() throws IOException {
            return new Psql(new ProcessBuilder("psql", "-X", "-q", "-A", "-t", "-F", "|", "-h", "localhost",
                    "-p", PG_PORT, "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=0")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start());
        }

        synchronized List<String> query(String sql) throws IOException {
            in.write(sql + ";\n\\echo " + END + "\n");
            in.flush();
            List<String> rows = new ArrayList<>();
            for (String line = out.readLine(); !END.equals(line); line = out.readLine()) {
                if (line == null) {
                    throw new IOException("psql ended");
                }
                if (!line.isEmpty()) {
                    rows.add(line);
                }
            }
            if (rows.isEmpty()) {
                throw new IOException("no rows for " + sql);
            }
            return rows;
        }

        @Override
        public void close() throws IOException {
            in.write("\\q\n");
            in.flush();
            process.destroy();
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
        if (!answer.startsWith("200") && !answer.startsWith("201")) {
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

    static long number(String answer, String name) {
        Matcher value = Pattern.compile("\"" + name + "\":(\\d+)").matcher(answer);
        if (!value.find()) {
            throw new IllegalStateException("no " + name + " in " + answer);
        }
        return Long.parseLong(value.group(1));
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }

    static String format(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
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
