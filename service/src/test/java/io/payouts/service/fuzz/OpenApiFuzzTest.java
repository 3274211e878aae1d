package io.payouts.service.fuzz;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.service.support.ApiContract;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import net.jqwik.api.sessions.JqwikSession;
import org.assertj.core.api.SoftAssertions;
import org.axonframework.config.EventProcessingConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.time.Instant;

/**
 * The fuzzer (reliability/README.md, ADR-0040): every operation of client/openapi.json, with its credential, gets
 * requests generated from its schemas and then broken on purpose, and every answer is checked ({@link Checks}).
 * After the run every processor runs, nothing is parked and the audit chain holds. {@code -Dfuzz.size} sets how many
 * broken requests each operation gets (6 in the suite; reliability/fuzz.sh runs more), {@code -Dfuzz.seed} repeats
 * a run. The rail and the sandbox's KYC wait an hour
 * here, so that nothing moves by itself while refusals are compared with the read models.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + OpenApiFuzzTest.OWNER_EMAIL,
                "payouts.owner.password=" + OpenApiFuzzTest.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=100000000",
                "payouts.rate-limit.refill-per-minute=100000000",
                "payouts.rail.standard-delay=1h",
                "payouts.rail.instant-delay=1h",
                "payouts.webhooks.allow-insecure-targets=true",
                "payouts.webhooks.retry-initial-delay=1h",
                "payouts.webhooks.inbound-secret=" + OpenApiFuzzTest.INBOUND_SECRET,
                "payouts.sandbox.kyc-verification-delay=1h",
                "payouts.sandbox.slow-response-delay=10ms"})
class OpenApiFuzzTest {

    static final String OWNER_EMAIL = "owner@fuzz.example";
    static final String OWNER_PASSWORD = "fuzzing is a kind of testing";
    static final String INBOUND_SECRET = "whsec_fuzz_inbound_secret";

    private static final int SIZE = Integer.getInteger("fuzz.size", 6);
    private static final long SEED = Long.getLong("fuzz.seed", 20261127L);

    @LocalServerPort
    private int port;
    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private EventProcessingConfiguration processing;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(OpenApiFuzzTest.class, registry);
    }

    @Test
    void everyOperationAnswersGeneratedAndBrokenRequestsAsDocumented() {
        Instant started = Instant.now();
        Api owner = Api.at("http://localhost:" + port).signedIn(OWNER_EMAIL, OWNER_PASSWORD);
        OperationCatalogue catalogue = OperationCatalogue.read();
        Fixtures fixtures = new Fixtures();
        Credentials credentials = new Credentials(owner, OWNER_EMAIL, OWNER_PASSWORD, INBOUND_SECRET, fixtures);
        credentials.prepare();
        new FuzzWorld(owner, credentials, fixtures).populate();
        FieldHints hints = new FieldHints(fixtures, catalogue.bodyExamples(), OWNER_EMAIL, OWNER_PASSWORD);
        StoreWatch store = new StoreWatch(jdbc, processing, owner);
        FuzzReport report = new FuzzReport(SEED, SIZE);
        Fuzzer fuzzer = new Fuzzer(catalogue.operations(), new RequestGenerator(new SchemaValues(hints), hints,
                credentials), credentials, fixtures, new Sender(owner.baseUrl()),
                new Checks(ApiContract.of(owner.baseUrl())), store, report, SEED, SIZE);

        JqwikSession.start(String.valueOf(SEED));
        try {
            fuzzer.run();
            store.awaitQuiet();
            fuzzer.sweep();
        } finally {
            JqwikSession.finish();
            Duration took = Duration.between(started, Instant.now());
            report.write(took);
            System.out.println(report.summary(took) + "; " + store.snapshotCost() + " ("
                    + FuzzReport.FILE.toAbsolutePath() + ")");
        }

        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(report.failures()).as("distinct failures, described in %s", FuzzReport.FILE)
                .extracting(failure -> failure.check + " | " + failure.operation + " | " + failure.family + ": "
                        + failure.detail).isEmpty();
        softly.assertThat(store.processors()).as("every event processor runs, a streaming one at the head")
                .allSatisfy(processor -> {
                    softly.assertThat(processor.path("status").asText()).as("%s", processor).isEqualTo("running");
                    if (!processor.path("type").asText().equals("subscribing")) {
                        softly.assertThat(processor.path("lag").isNumber() && processor.path("lag").asLong() == 0)
                                .as("at the head: %s", processor).isTrue();
                    }
                });
        softly.assertThat(store.deadLetters().path("total").asLong()).as("parked events: %s",
                store.deadLetters()).isZero();
        softly.assertThat(store.auditVerification().data().path("verified").asBoolean())
                .as("the audit chain holds").isTrue();
        softly.assertThat(fuzzer.acceptedWritesFound()).as("accepted writes whose events carry their request id,"
                + " which shows the refusals' check can see writes").isPositive();
        softly.assertAll();
    }
}
