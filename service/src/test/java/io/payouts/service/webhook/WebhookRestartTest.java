package io.payouts.service.webhook;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.webhook.inbound.InboundSecret;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service stops while its receiver is down; after the restart every event reaches the receiver, with the id
 * it had before: the deliveries already tried and the events the processor had not reached yet. The inbound
 * secret, generated at the first start because none is configured, is the same after the restart.
 */
@ApplicationTest
class WebhookRestartTest {

    @Test
    void deliveryResumesAfterARestartWithNothingLost() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        List<String> tried = new ArrayList<>();
        List<String> latest = new ArrayList<>();
        String inboundSecret;
        try (WebhookReceiver receiver = WebhookReceiver.start().answering(503)) {
            try (ConfigurableApplicationContext first = start(database)) {
                Api api = Api.withSandboxKeyFor(first);
                inboundSecret = first.getBean(InboundSecret.class).value();
                Api.Response subscribed = WebhookFixtures.subscribe(api, receiver.url(), "payout.created");
                assertThat(subscribed.status()).as(subscribed.toString()).isEqualTo(200);
                String driver = WebhookFixtures.payableDriver(api);
                for (int i = 0; i < 3; i++) {
                    tried.add(WebhookFixtures.fundedInstantPayout(api, driver, 4_000 + i));
                }
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(tried)
                        .allSatisfy(payout -> assertThat(receiver.about(payout)).isNotEmpty()));
                for (int i = 0; i < 2; i++) {
                    latest.add(WebhookFixtures.fundedInstantPayout(api, driver, 6_000 + i));
                }
            }
            assertThat(tried).allSatisfy(payout -> assertThat(receiver.about(payout))
                    .allSatisfy(request -> assertThat(request.answeredWith()).isEqualTo(503)));
            receiver.answering(200);

            try (ConfigurableApplicationContext second = start(database)) {
                assertThat(second.getBean(InboundSecret.class).value())
                        .as("the inbound secret generated at the first start").startsWith("whsec_")
                        .isEqualTo(inboundSecret);
                List<String> all = new ArrayList<>(tried);
                all.addAll(latest);
                await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(all).allSatisfy(payout ->
                        assertThat(receiver.about(payout)).anySatisfy(request ->
                                assertThat(request.answeredWith()).isEqualTo(200))));
                for (String payout : all) {
                    Set<String> eventIds = receiver.about(payout).stream()
                            .map(request -> request.json().path("id").asText()).collect(Collectors.toSet());
                    assertThat(eventIds).as("event ids sent about %s", payout).hasSize(1);
                }
            }
        }
    }

    private static ConfigurableApplicationContext start(TestPostgres.TestDatabase database) {
        return new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run(database.asArguments("--server.port=0", "--payouts.owner.email=owner@test.example",
                        "--payouts.owner.password=webhook restart test owner",
                        "--payouts.rail.simulated.enabled=false",
                        "--payouts.webhooks.allow-insecure-targets=true",
                        "--payouts.webhooks.retry-initial-delay=300ms",
                        "--payouts.webhooks.poll-interval=100ms",
                        // the test verifies its drivers by hand
                        "--payouts.sandbox.kyc-verification-delay=1h"));
    }
}
