package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.node.NullNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.ApiContract;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.MutableClock;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
    private static final String WEBHOOK_TARGET = "http://127.0.0.1:9/matrix";
    private static final Duration PAST_EXPIRY = Duration.ofDays(2);

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private MutableClock clock;

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
            Instant keysMade = Instant.now();
            new FuzzWorld(owner, keys, fixtures).populate();
            Instant worldMade = Instant.now();
            MatrixPaths paths = paths(owner, keys, secrets);
            MatrixCredentials made = new MatrixCredentials(owner, OWNER_EMAIL, OWNER_PASSWORD, keys, jdbc, secrets);
            List<MatrixCredential> credentials = made.build(paths::namesModeResource);
            Instant matrixStarted = Instant.now();
            List<Operation> operations = OperationCatalogue.read().operations();
            SecuritySchemes schemes = SecuritySchemes.read();
            Sender sender = new Sender(owner.baseUrl());
            ApiContract contract = ApiContract.of(owner.baseUrl());

            List<String> failures = new ArrayList<>();
            List<String> gapsNowRight = new ArrayList<>();
            List<String> refusedRequestIds = new ArrayList<>();
            List<Sent> sent = new ArrayList<>();
            int notSent = 0;
            Map<ExpectedAccess, Integer> byExpectation = new EnumMap<>(ExpectedAccess.class);
            for (Phase phase : Phase.values()) {
                for (Operation operation : operations) {
                    for (MatrixCredential credential : credentials) {
                        if (!credential.appliesTo().test(operation)) {
                            continue;
                        }
                        ExpectedAccess expected = ExpectedAccess.of(operation, schemes.of(operation), credential);
                        if (Phase.of(operation, credential, expected) != phase) {
                            continue;
                        }
                        if (expected == ExpectedAccess.AUTHORIZED
                                && NOT_SENT_WHEN_AUTHORIZED.contains(operation.toString())) {
                            notSent++;
                            continue;
                        }
                        RawRequest request = credential.applyTo(operation, request(operation,
                                paths.path(operation, credential.idMode())));
                        Answer answer = send(sender, request, credential);
                        byExpectation.merge(expected, 1, Integer::sum);
                        int index = sent.size();
                        sent.add(new Sent(operation, credential, answer));
                        secrets.harvest(answer, index);
                        String pair = operation + " | " + credential;
                        String problem = problem(expected, answer, contract, request);
                        if (problem != null && !KNOWN_GAPS.contains(pair)) {
                            failures.add(pair + ": " + problem + " " + cut(answer.body()));
                        } else if (problem == null && KNOWN_GAPS.contains(pair)) {
                            gapsNowRight.add(pair);
                        }
                        if (expected.refuses() && answer.refused()) {
                            refusedRequestIds.add(answer.requestId());
                        }
                    }
                }
            }
            Instant matrixEnded = Instant.now();
            List<String> leaks = leaksInAnswers(sent, secrets, made.csrfTokens());
            leaks.addAll(leaksInAuditApi(owner, keys, secrets, started));
            logs.probe();
            List<String> lines = logs.lines();
            Duration took = Duration.between(started, Instant.now());
            System.out.printf("authorization matrix: %d operations x %d credentials, %d combinations sent, %d not"
                            + " sent (destructive), expected %s, %d secrets, %d log lines; set-up %d ms (keys %d,"
                            + " world %d), matrix %d ms, %d ms in all%n",
                    operations.size(), credentials.size(), sent.size(), notSent, byExpectation, secrets.size(),
                    lines.size(),
                    Duration.between(started, matrixStarted).toMillis(), Duration.between(started, keysMade).toMillis(),
                    Duration.between(keysMade, worldMade).toMillis(),
                    Duration.between(matrixStarted, matrixEnded).toMillis(), took.toMillis());

            SoftAssertions softly = new SoftAssertions();
            softly.assertThat(failures).as("pairs answered otherwise than expected").isEmpty();
            softly.assertThat(gapsNowRight).as("known gaps that are right now: take them out of KNOWN_GAPS")
                    .isEmpty();
            softly.assertThat(refusedRequestIds).as("every refusal names its request").doesNotContainNull();
            Set<String> writers = requestIdsOfEventsAfter(head);
            softly.assertThat(refusedRequestIds).as("refusals that wrote events").noneMatch(writers::contains);
            softly.assertThat(writers).as("authorized writes leave events with their request id, so the check"
                    + " above can see a write").isNotEmpty();
            softly.assertThat(leaks).as("secrets in answers that did not issue them or in the audit API").isEmpty();
            softly.assertThat(lines).as("the capture sees io.payouts debug lines")
                    .anyMatch(line -> line.contains(": " + LogCapture.PROBE));
            softly.assertThat(lines.stream().filter(line -> !secrets.leakedInto(line, Integer.MIN_VALUE).isEmpty())
                    .map(line -> cut(line) + " holds " + secrets.leakedInto(line, Integer.MIN_VALUE).stream()
                            .map(SecretLedger::describe).toList())).as("log lines holding a secret").isEmpty();
            softly.assertAll();
        }
    }

    private record Sent(Operation operation, MatrixCredential credential, Answer answer) {
    }

    /**
     * When a pair is sent: keys pointed at the other mode's resources first, before any authorized request changes
     * them; authorized sign-outs last, as they end the credential they are sent with, so that every refusal of a
     * sign-out is asked while all sessions are still open.
     */
    private enum Phase {
        OTHER_MODES_RESOURCES,
        MOST,
        SIGN_OUTS;

        static Phase of(Operation operation, MatrixCredential credential, ExpectedAccess expected) {
            if (credential.kind() == MatrixCredential.Kind.CROSS_MODE_KEY) {
                return OTHER_MODES_RESOURCES;
            }
            boolean signOut = operation.method().equals("DELETE") && operation.template().startsWith("/api/v1/auth/");
            return signOut && expected == ExpectedAccess.AUTHORIZED ? SIGN_OUTS : MOST;
        }
    }

    private MatrixPaths paths(Api owner, Credentials keys, SecretLedger secrets) {
        MatrixPaths paths = new MatrixPaths();
        for (String mode : List.of("sandbox", "production")) {
            Api key = owner.anonymous().withBearer(secret(secrets, keys.key(mode, FieldHints.SCOPES)));
            Api.Response webhook = key.post("/api/v1/webhooks", """
                    {"url":"%s","events":["payout.created"]}""".formatted(WEBHOOK_TARGET));
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

    /** The request as the document describes it: its example body, or an empty object where it takes one. */
    private static RawRequest request(Operation operation, String path) {
        RawRequest request = RawRequest.of(operation.method(), path);
        if (!operation.hasBody()) {
            return request;
        }
        String body = operation.bodyExample() == null ? "{}" : operation.bodyExample().toString();
        if (operation.template().equals("/api/v1/webhooks")) {
            body = "{\"url\":\"" + WEBHOOK_TARGET + "\",\"events\":[\"payout.created\"]}";
        }
        return request.withBody(body).withHeader("Content-Type", "application/json");
    }

    private Answer send(Sender sender, RawRequest request, MatrixCredential credential) {
        if (credential.kind() != MatrixCredential.Kind.EXPIRED_KEY) {
            return sender.send(request);
        }
        clock.advance(PAST_EXPIRY);
        try {
            return sender.send(request);
        } finally {
            clock.reset();
        }
    }

    /**
     * What is wrong with the answer: not what the pair expects, a 401 or 403 without the error envelope, or a
     * refusal the document does not list (accepted answers are held to the document by the rest of the suite).
     */
    private static String problem(ExpectedAccess expected, Answer answer, ApiContract contract, RawRequest request) {
        String problem = expected.problemWith(answer);
        if (problem != null) {
            return problem;
        }
        if ((answer.status() == 401 || answer.status() == 403) && (answer.json() == null
                || answer.json().path("success").asBoolean(true) || !answer.json().path("error").has("code"))) {
            return "a " + answer.status() + " without the error envelope";
        }
        if (answer.accepted()) {
            return null;
        }
        try {
            contract.check(request.method(), request.path(), answer.status(),
                    answer.json() == null ? NullNode.getInstance() : answer.json());
            return null;
        } catch (AssertionError disagreement) {
            return "the answer disagrees with the document: " + disagreement.getMessage();
        }
    }

    /**
     * Secrets in answers other than the one that issued them; reading the console session shows its CSRF token
     * again, as ADR-0020 documents, and nothing else.
     */
    private static List<String> leaksInAnswers(List<Sent> sent, SecretLedger secrets, List<String> csrfTokens) {
        List<String> leaks = new ArrayList<>();
        for (int index = 0; index < sent.size(); index++) {
            Sent one = sent.get(index);
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
                    leaks.add(mode + " " + path + " shows no event to search: " + cut(answer.body()));
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
            throw new AssertionError("the audit API could not be read at " + path + ": " + cut(answer.body()));
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

    private static String cut(String text) {
        return text == null ? "" : text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
