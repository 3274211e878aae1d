package io.payouts.bank.provider;

import io.payouts.bank.reach.CounterpartyHealth;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.rail.RailPayment;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.testsupport.DatabaseTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.badRequest;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The provider rail against a WireMock provider on PostgreSQL: what each request carries, when it goes again and when
 * never, what a payout is told, and two senders racing over one outbox.
 */
@DatabaseTest
class ProviderSubmissionTest {

    /** Generous, so that a loaded machine does not turn a slow answer into a second request. */
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private TestProvider test;

    @BeforeEach
    void provider() {
        test = new TestProvider();
    }

    @AfterEach
    void stop() {
        test.close();
    }

    @Test
    void postsEachAttemptAsSignedJsonWithThePayoutAndAttemptAsItsIdempotencyKey() throws Exception {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{\"id\":\"po_1\"}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 12_375);

        roundsUntilSent(test.sender(TIMEOUT), payment);

        LoggedRequest request = single(test.requests());
        assertThat(request.getHeader("Idempotency-Key")).isEqualTo(payment.payoutId().value() + "-0");
        assertThat(request.getHeader("Content-Type")).startsWith("application/json");
        String body = request.getBodyAsString();
        assertThat(verify(request.getHeader("X-Webhook-Signature"), body))
                .isEqualTo(WebhookSignature.Verification.VALID);
        assertThat(request.getHeader("X-Signature")).isEqualTo(request.getHeader("X-Webhook-Signature"));
        JsonNode json = JSON.readTree(body);
        assertThat(json.path("payoutId").asText()).isEqualTo(payment.payoutId().value());
        assertThat(json.path("attempt").asLong()).isZero();
        assertThat(json.path("amount").asLong()).isEqualTo(12_375);
        assertThat(json.path("currency").asText()).isEqualTo("USD");
        assertThat(json.path("rail").asText()).isEqualTo("standard");
        JsonNode destination = json.path("destination");
        assertThat(destination.path("type").asText()).isEqualTo("us_bank_account");
        assertThat(destination.path("routingNumber").asText()).isEqualTo(TestProvider.ROUTING_NUMBER);
        assertThat(destination.path("accountNumber").asText())
                .isEqualTo(TestProvider.accountNumberOf(payment.driverId()));
        assertThat(destination.path("accountType").asText()).isEqualTo("savings");
    }

    @Test
    void queuesAStandardPayoutUnderItsKeyBeforeSendingAndMakesItProcessingOnceTheProviderTakesIt() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{\"id\":\"po_2\"}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 5_000);

        roundsUntilSent(test.sender(TIMEOUT), payment);

        assertThat(test.commands.movesOf(payment.payoutId())).satisfiesExactly(
                queue -> {
                    assertThat(queue.step()).isEqualTo(AdvancePayoutsCommand.Step.QUEUE);
                    assertThat(queue.plannedAtVersion()).isZero();
                    assertThat(queue.railAdapter()).isEqualTo("http");
                    assertThat(queue.railReference()).isEqualTo(payment.payoutId().value() + "-0");
                },
                processing -> {
                    assertThat(processing.step()).isEqualTo(AdvancePayoutsCommand.Step.START_PROCESSING);
                    assertThat(processing.plannedAtVersion()).isEqualTo(1);
                });
        assertThat(test.commands.sent()).allSatisfy(sent -> {
            assertThat(sent.origin().caller()).isEqualTo("rail:http");
            assertThat(sent.origin().mode()).isEqualTo(Mode.PRODUCTION);
        });
        assertThat(test.jdbc.queryForObject("select provider_reference from provider_payment", String.class))
                .isEqualTo("po_2");
        assertThat(test.jdbc.queryForObject("select count(*) from provider_payment where body is not null",
                Integer.class)).as("the account details leave once the provider has them").isZero();
    }

    @Test
    void sendsAnInstantPayoutWithoutMovingItSinceItIsProcessingFromItsRequest() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{}")));
        RailPayment payment = test.handOver(Rail.INSTANT, 900);

        roundsUntilSent(test.sender(TIMEOUT), payment);

        assertThat(single(test.requests()).getBodyAsString()).contains("\"rail\":\"instant\"");
        assertThat(test.commands.sent()).isEmpty();
    }

    @Test
    void sendsAgainOnceWithTheSameKeyAndBodyAfterAServerError() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).inScenario("flaky")
                .whenScenarioStateIs(Scenario.STARTED).willReturn(serverError().withBody("{\"message\":\"oops\"}"))
                .willSetStateTo("recovered"));
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).inScenario("flaky")
                .whenScenarioStateIs("recovered").willReturn(okJson("{\"id\":\"po_3\"}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 4_000);

        roundsUntilSent(test.sender(TIMEOUT), payment);

        List<LoggedRequest> requests = test.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests).extracting(request -> request.getHeader("Idempotency-Key"))
                .containsOnly(payment.payoutId().value() + "-0");
        assertThat(requests.get(1).getBodyAsString()).isEqualTo(requests.get(0).getBodyAsString());
        assertThat(test.commands.sentOf(FailPayoutCommand.class)).isEmpty();
    }

    @Test
    void sendsAgainWithTheSameKeyWhenTheProviderDoesNotAnswerInTime() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).inScenario("slow")
                .whenScenarioStateIs(Scenario.STARTED).willReturn(okJson("{}").withFixedDelay(4_000))
                .willSetStateTo("fast"));
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).inScenario("slow")
                .whenScenarioStateIs("fast").willReturn(okJson("{}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 4_100);

        roundsUntilSent(test.sender(Duration.ofSeconds(1)), payment);

        assertThat(test.requests()).hasSizeGreaterThanOrEqualTo(2)
                .extracting(request -> request.getHeader("Idempotency-Key"))
                .containsOnly(payment.payoutId().value() + "-0");
        assertThat(test.jdbc.queryForObject("select tries from provider_payment", Integer.class))
                .isEqualTo(test.requests().size());
        assertThat(test.commands.sentOf(FailPayoutCommand.class)).isEmpty();
    }

    @Test
    void failsThePayoutWithTheProvidersMessageOnARefusalAndNeverSendsItAgain() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH))
                .willReturn(badRequest().withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":{\"code\":\"R03\",\"message\":\"no account under this number\"}}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 4_200);
        ProviderSubmission sender = test.sender(TIMEOUT);

        await().atMost(Duration.ofSeconds(20)).until(() -> {
            sender.runRound();
            return test.stateOf(payment).equals("FAILED");
        });
        for (int round = 0; round < 3; round++) {
            sender.runRound();
        }

        assertThat(test.requests()).hasSize(1);
        assertThat(test.commands.sentOf(FailPayoutCommand.class)).singleElement().satisfies(failed -> {
            assertThat(failed.payoutId()).isEqualTo(payment.payoutId());
            assertThat(failed.reason()).isEqualTo("no account under this number");
        });
        assertThat(test.commands.movesOf(payment.payoutId())).extracting(AdvancePayoutsCommand.Move::step)
                .containsExactly(AdvancePayoutsCommand.Step.QUEUE);
    }

    @Test
    void failsAPayoutWhoseDriverHasNoBankAccountWithoutSendingIt() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 4_300);
        test.takeAccountOf(payment.driverId());
        ProviderSubmission sender = test.sender(TIMEOUT);

        await().atMost(Duration.ofSeconds(20)).until(() -> {
            sender.runRound();
            return test.stateOf(payment).equals("FAILED");
        });

        assertThat(test.requests()).isEmpty();
        assertThat(test.commands.sentOf(FailPayoutCommand.class)).singleElement()
                .extracting(FailPayoutCommand::reason).isEqualTo("the driver has no bank account to pay into");
    }

    @Test
    void neverSendsAPayoutCanceledBeforeItWasQueued() {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{}")));
        RailPayment payment = test.handOver(Rail.STANDARD, 4_400);
        test.commands.refuseMovesOf(payment.payoutId());
        ProviderSubmission sender = test.sender(TIMEOUT);

        sender.runRound();
        sender.runRound();

        assertThat(test.stateOf(payment)).isEqualTo("WITHDRAWN");
        assertThat(test.requests()).isEmpty();
        assertThat(test.commands.sentOf(FailPayoutCommand.class)).isEmpty();
    }

    @Test
    void takesAnAttemptInOnceWhenTheHandOffDeliversItAgain() {
        RailPayment payment = test.handOver(Rail.STANDARD, 4_500);

        test.rail().pay(List.of(payment));

        assertThat(test.jdbc.queryForObject("select count(*) from provider_payment", Integer.class)).isEqualTo(1);
        assertThat(test.stateOf(payment)).isEqualTo("PENDING");
    }

    @Test
    void twoSendersRacingOverTheOutboxSendEachAttemptOnce() throws Exception {
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{}").withFixedDelay(30)));
        List<RailPayment> payments = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            payments.add(test.handOver(i % 3 == 0 ? Rail.INSTANT : Rail.STANDARD, 1_000 + i));
        }
        List<ProviderSubmission> senders = List.of(test.sender(TIMEOUT), test.sender(TIMEOUT));
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(senders.size());
        try {
            List<Future<?>> running = new ArrayList<>();
            for (ProviderSubmission sender : senders) {
                running.add(threads.submit(() -> {
                    start.await();
                    Instant until = Instant.now().plusSeconds(30);
                    while (Instant.now().isBefore(until) && !allSent(payments)) {
                        sender.runRound();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> sender : running) {
                sender.get();
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(allSent(payments)).isTrue();
        Map<String, Long> timesSent = test.requests().stream()
                .collect(Collectors.groupingBy(request -> request.getHeader("Idempotency-Key"), Collectors.counting()));
        assertThat(timesSent).hasSize(payments.size());
        assertThat(timesSent.values()).containsOnly(1L);
        assertThat(test.commands.sentOf(AdvancePayoutsCommand.class).stream()
                .flatMap(command -> command.moves().stream())
                .collect(Collectors.groupingBy(move -> move.payoutId().value() + move.step(), Collectors.counting()))
                .values()).as("each payout queued and made processing once").containsOnly(1L);
    }

    @Test
    void keepsPayoutsWaitingWhileTheProviderIsOutOfReachAndSaysSoThenSendsThemOnce() {
        test.stopProvider();
        RailPayment standard = test.handOver(Rail.STANDARD, 6_000);
        RailPayment instant = test.handOver(Rail.INSTANT, 3_000);
        ProviderSubmission sender = test.sender(TIMEOUT);
        CounterpartyHealth health = ProviderRailConfiguration.health(test.link, test.outbox, Clock.systemUTC());
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ProviderRailConfiguration.metrics(test.link, test.outbox, Clock.systemUTC()).bindTo(registry);

        for (int round = 0; round < 3; round++) {
            sender.runRound();
        }

        assertThat(test.stateOf(standard)).isEqualTo("READY");
        assertThat(test.stateOf(instant)).isEqualTo("READY");
        Health down = health.health();
        assertThat(down.getStatus()).isEqualTo(Status.DOWN);
        assertThat(down.getDetails()).containsEntry("reachable", false).containsEntry("payoutsWaiting", 2L)
                .containsKey("lastError");
        assertThat(registry.get("payouts.rail.provider.reachable").gauge().value()).isZero();
        assertThat(registry.get("payouts.rail.provider.waiting").gauge().value()).isEqualTo(2);
        assertThat(test.commands.sentOf(FailPayoutCommand.class)).isEmpty();

        test.restartProvider();
        test.provider().stubFor(post(urlEqualTo(TestProvider.PATH)).willReturn(okJson("{}")));
        roundsUntilSent(sender, standard);
        roundsUntilSent(sender, instant);

        assertThat(test.requests()).extracting(request -> request.getHeader("Idempotency-Key"))
                .containsExactlyInAnyOrder(standard.payoutId().value() + "-0", instant.payoutId().value() + "-0");
        assertThat(health.health().getStatus()).isEqualTo(Status.UP);
    }

    private void roundsUntilSent(ProviderSubmission sender, RailPayment payment) {
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            sender.runRound();
            return test.stateOf(payment).equals("SENT");
        });
    }

    private boolean allSent(List<RailPayment> payments) {
        return test.jdbc.queryForObject("select count(*) from provider_payment where state = 'SENT'", Integer.class)
                == payments.size();
    }

    private static <T> T single(List<T> items) {
        assertThat(items).hasSize(1);
        return items.get(0);
    }

    private static WebhookSignature.Verification verify(String header, String body) {
        return WebhookSignature.verify(header, body.getBytes(StandardCharsets.UTF_8), TestProvider.SECRET,
                Instant.now(), Duration.ofMinutes(5));
    }
}
