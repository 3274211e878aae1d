package io.payouts.service.fuzz;

import io.payouts.service.support.Api;
import io.payouts.service.support.ApiContract;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.MutableClock;
import com.fasterxml.jackson.databind.JsonNode;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The authorization matrix (reliability/README.md): every operation of client/openapi.json against every kind of
 * credential ({@link MatrixCredentials}), each answer checked against what the document's security requirement and
 * scope and the spec's rules expect ({@link ExpectedAccess}). A refusal is the error envelope and writes no event;
 * no secret the run hands out shows in another answer, in the audit API or in a log line.
 */
class AuthorizationMatrixTest extends HttpIntegrationTest {

    /**
     * Pairs ({@code "METHOD /template | credential"}) whose wrong answer is known and not fixed yet; each stays
     * listed only while it is still wrong, the test fails once it is right.
     */
    private static final Set<String> KNOWN_GAPS = Set.of();

    /** Clears the sandbox data every test sharing this context made: only refusals of it are sent. */
    private static final Set<String> NOT_SENT_WHEN_AUTHORIZED = Set.of("POST /api/v1/sandbox/reset");

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private MutableClock clock;

    /**
     * The matrix subscribes to a closed port in both modes; left active, those subscriptions would collect a
     * pending delivery of every payout the rest of the suite makes, beside the deliveries other tests look for.
     */
    @AfterEach
    void unsubscribeTheMatrixsTargets() {
        for (Api key : List.of(api(), productionKey())) {
            List<String> ours = new ArrayList<>();
            for (int page = 1; ; page++) {
                JsonNode items = key.get("/api/v1/webhooks?pageSize=100&page=" + page).data().path("items");
                if (items.isEmpty()) {
                    break;
                }
                items.forEach(item -> {
                    if (item.path("url").asText().startsWith(FieldHints.WEBHOOK_TARGET_HOST)) {
                        ours.add(item.path("id").asText());
                    }
                });
            }
            ours.forEach(id -> key.delete("/api/v1/webhooks/" + id));
        }
    }

    @Test
    void everyOperationAnswersEveryCredentialAsTheDocumentAndTheSpecSay() {
        Instant started = Instant.now();
        try (LogCapture logs = LogCapture.start()) {
            long head = eventHead();
            Api owner = owner();
            SecretLedger secrets = new SecretLedger();
            secrets.issuedBySetUp(INBOUND_SECRET);
            Fixtures fixtures = new Fixtures();
            Credentials keys = new Credentials(owner, OWNER_EMAIL, OWNER_PASSWORD, INBOUND_SECRET, fixtures);
            keys.prepare();
            new FuzzWorld(owner, keys, fixtures).populate();
            MatrixPaths paths = paths(owner, keys, secrets);
            MatrixCredentials made = new MatrixCredentials(owner, OWNER_EMAIL, OWNER_PASSWORD, keys, jdbc, secrets);
            List<MatrixCredential> credentials = made.build(paths::namesModeResource);
            List<Operation> operations = OperationCatalogue.read().operations();
            Instant matrixStarted = Instant.now();
            MatrixRun run = new MatrixRun(operations, credentials, SecuritySchemes.read(), paths,
                    new Sender(owner.baseUrl()), ApiContract.of(owner.baseUrl()), clock, secrets, KNOWN_GAPS,
                    NOT_SENT_WHEN_AUTHORIZED);
            run.sendAll();
            Instant matrixEnded = Instant.now();
            List<String> leaks = leaksInAnswers(run.sent, secrets, made.csrfTokens());
            leaks.addAll(leaksInAuditApi(owner, keys, secrets, started));
            logs.probe();
            List<String> lines = logs.lines();
            System.out.printf("authorization matrix: %d operations x %d credentials, %d pairs sent, %d not sent"
                            + " (destructive), expected %s, %d secrets, %d log lines; set-up %d ms, matrix %d ms,"
                            + " %d ms in all%n", operations.size(), credentials.size(), run.sent.size(), run.notSent,
                    run.byExpectation, secrets.size(), lines.size(),
                    Duration.between(started, matrixStarted).toMillis(),
                    Duration.between(matrixStarted, matrixEnded).toMillis(),
                    Duration.between(started, Instant.now()).toMillis());

            SoftAssertions softly = new SoftAssertions();
            softly.assertThat(run.failures).as("pairs answered otherwise than expected").isEmpty();
            softly.assertThat(run.gapsNowRight).as("known gaps that are right now: take them out of KNOWN_GAPS")
                    .isEmpty();
            softly.assertThat(run.refusedRequestIds).as("every refusal names its request").doesNotContainNull();
            Set<String> writers = requestIdsOfEventsAfter(head);
            softly.assertThat(run.refusedRequestIds).as("refusals that wrote events").noneMatch(writers::contains);
            softly.assertThat(run.acceptedWriteIds).as("accepted writes of the matrix whose events carry their"
                    + " request id, which shows the check above can see a write").anyMatch(writers::contains);
            softly.assertThat(leaks).as("secrets in answers that did not issue them or in the audit API").isEmpty();
            softly.assertThat(lines).as("the capture sees io.payouts debug lines")
                    .anyMatch(line -> line.contains(": " + LogCapture.PROBE));
            softly.assertThat(lines.stream().filter(line -> !secrets.leakedInto(line, Integer.MIN_VALUE).isEmpty())
                    .map(line -> MatrixRun.cut(line) + " holds " + secrets.leakedInto(line, Integer.MIN_VALUE)
                            .stream().map(SecretLedger::describe).toList())).as("log lines holding a secret").isEmpty();
            softly.assertAll();
        }
    }

    private MatrixPaths paths(Api owner, Credentials keys, SecretLedger secrets) {
        MatrixPaths paths = new MatrixPaths();
        for (String mode : List.of("sandbox", "production")) {
            Api key = owner.anonymous().withBearer(secret(secrets, keys.key(mode, FieldHints.SCOPES)));
            Api.Response webhook = key.post("/api/v1/webhooks", """
                    {"url":"%s","events":["payout.created"]}""".formatted(MatrixRun.WEBHOOK_TARGET));
            secrets.issuedBySetUp(webhook.data().path("secret").asText());
            paths.learn(mode, key, webhook.data().path("id").asText());
        }
        paths.use("/api/v1/admin/api-keys/{id}", owner.createKey("production", List.of("drivers:read")).body()
                .path("id").asText());
        Api.Response throwaway = owner.createKey("sandbox", List.of("drivers:read"));
        secrets.issuedBySetUp(throwaway.body().path("key").asText());
        paths.use("/api/v1/developer/keys/{id}", throwaway.body().path("id").asText());
        paths.use("/api/v1/admin/users/{id}", owner.post("/api/v1/admin/users", """
                {"email":"matrix-throwaway-%s@example.com","password":"%s","role":"developer"}"""
                .formatted(Instant.now().toEpochMilli(), MatrixCredentials.USER_PASSWORD)).data().path("id").asText());
        paths.use("/api/v1/admin/projections/{name}", "matrix-no-such-projection");
        return paths;
    }

    private static String secret(SecretLedger secrets, String value) {
        secrets.issuedBySetUp(value);
        return value;
    }

    /**
     * Secrets in answers other than the one that issued them; reading the console session shows its CSRF token
     * again, as ADR-0020 documents, and nothing else.
     */
    private static List<String> leaksInAnswers(List<MatrixRun.Sent> sent, SecretLedger secrets,
                                               List<String> csrfTokens) {
        List<String> leaks = new ArrayList<>();
        for (int index = 0; index < sent.size(); index++) {
            MatrixRun.Sent one = sent.get(index);
            boolean readsConsoleSession = one.operation().toString().equals("GET /api/v1/auth/console-session");
            for (String secret : secrets.leakedInto(one.answer().body(), index)) {
                if (!(readsConsoleSession && csrfTokens.contains(secret))) {
                    int issuer = secrets.issuer(secret);
                    leaks.add(one.operation() + " | " + one.credential() + " shows " + SecretLedger.describe(secret)
                            + ", issued by " + (issuer == SecretLedger.SET_UP ? "the set-up"
                            : sent.get(issuer).operation() + " | " + sent.get(issuer).credential()));
                }
            }
        }
        return leaks;
    }

    /**
     * Secrets in what the audit API shows of the run: each mode's events since it started (list and export, read
     * with every scope), the history of every key made since, and the audit chain's verification.
     */
    private List<String> leaksInAuditApi(Api owner, Credentials keys, SecretLedger secrets, Instant since) {
        Sender sender = new Sender(owner.baseUrl());
        String admin = owner().bearer();
        List<String> reads = new ArrayList<>();
        List<String> leaks = new ArrayList<>();
        for (String mode : List.of("sandbox", "production")) {
            String key = secret(secrets, keys.key(mode, FieldHints.SCOPES));
            for (String path : List.of("/api/v1/events?limit=100", "/api/v1/events/export?from=" + since)) {
                Answer answer = read(sender, path, key);
                if (!answer.body().contains("\"id\":\"evt_")) {
                    leaks.add(mode + " " + path + " shows no event to search: " + MatrixRun.cut(answer.body()));
                }
                secrets.leakedInto(answer.body(), Integer.MIN_VALUE).forEach(secret ->
                        leaks.add(mode + " " + path + " shows " + SecretLedger.describe(secret)));
            }
        }
        reads.add("/api/v1/admin/audit/verify");
        for (int page = 1; ; page++) {
            Answer keyPage = read(sender, "/api/v1/admin/api-keys?pageSize=100&page=" + page, admin);
            keyPage.json().path("data").path("items").forEach(key -> {
                if (Instant.parse(key.path("created_at").asText()).isAfter(since)) {
                    reads.add("/api/v1/admin/api-keys/" + key.path("id").asText() + "/history");
                }
            });
            if (page * 100L >= keyPage.json().path("data").path("total").asLong()) {
                break;
            }
        }
        for (String path : reads) {
            secrets.leakedInto(read(sender, path, admin).body(), Integer.MIN_VALUE).forEach(secret ->
                    leaks.add(path + " shows " + SecretLedger.describe(secret)));
        }
        return leaks;
    }

    private static Answer read(Sender sender, String path, String credential) {
        Answer answer = sender.send(RawRequest.of("GET", path).withHeader("Authorization", "Bearer " + credential));
        if (answer.status() != 200) {
            throw new AssertionError("the audit API could not be read at " + path + ": "
                    + MatrixRun.cut(answer.body()));
        }
        return answer;
    }

    private long eventHead() {
        Long head = jdbc.queryForObject("select coalesce(max(global_index), 0) from domain_event_entry", Long.class);
        return head == null ? 0 : head;
    }

    private Set<String> requestIdsOfEventsAfter(long head) {
        return new HashSet<>(jdbc.queryForList("select distinct convert_from(meta_data, 'UTF8')::json->>'requestId'"
                + " from domain_event_entry where global_index > ?", String.class, head));
    }
}
