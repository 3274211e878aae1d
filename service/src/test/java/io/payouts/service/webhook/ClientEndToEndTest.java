package io.payouts.service.webhook;

import io.payouts.client.PayoutsApiException;
import io.payouts.client.PayoutsClient;
import io.payouts.client.RequestOptions;
import io.payouts.client.drivers.Driver;
import io.payouts.client.drivers.NewDriver;
import io.payouts.client.funding.FundingAlert;
import io.payouts.client.payouts.NewPayout;
import io.payouts.client.payouts.Payout;
import io.payouts.client.webhooks.WebhookEvent;
import io.payouts.client.webhooks.WebhookSubscription;
import io.payouts.client.webhooks.WebhookVerifier;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The typed client (client module, ADR-0021) against the running service, as an integrator's program would use
 * it: register and verify a driver, fund the wallet, pay, watch the payout complete, and verify the signed
 * webhook that says so with the client's verifier.
 */
class ClientEndToEndTest extends HttpIntegrationTest {

    @Test
    void paysADriverAndVerifiesTheWebhookThroughTheClient() throws Exception {
        Api keyHolder = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        PayoutsClient client = PayoutsClient.create(URI.create(keyHolder.baseUrl()), keyHolder.bearer());
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            WebhookSubscription subscription = client.webhooks().subscribe(receiver.url(), List.of("payout.succeeded"));
            assertThat(subscription.secret()).startsWith("whsec_");

            Driver driver = client.drivers().register(new NewDriver(Api.uniqueSvcDriverId(), "Ana Diaz",
                    "ana@example.com", "+14155550123"));
            assertThat(driver.kycStatus()).isEqualTo("pending");
            assertThat(client.drivers().verifyKyc(driver.id()).status()).isEqualTo("active");

            String topUp = client.funding().topUp(50_000, "first funds",
                    RequestOptions.idempotencyKey(UUID.randomUUID().toString())).transactionId();
            await("the top-up settles").atMost(Duration.ofSeconds(20))
                    .until(() -> client.funding().balance().available() >= 12_500);
            await("the top-up is listed settled").atMost(Duration.ofSeconds(20)).until(() -> client.funding()
                    .topUps("settled", 1, 100).items().stream()
                    .anyMatch(listed -> listed.transactionId().equals(topUp)));
            Payout payout = client.payouts().create(NewPayout.standard(driver.id(), 12_500, "week 12"),
                    RequestOptions.idempotencyKey(UUID.randomUUID().toString()));
            assertThat(payout.status()).isEqualTo("validated");

            await("the payout completes").atMost(Duration.ofSeconds(30))
                    .until(() -> client.payouts().get(payout.id()).status().equals("completed"));
            await("the payout.succeeded webhook arrives").atMost(Duration.ofSeconds(30))
                    .until(() -> !receiver.about(payout.id()).isEmpty());
            WebhookReceiver.Received delivery = receiver.about(payout.id()).get(0);
            WebhookEvent event = WebhookVerifier.constructEvent(delivery.body(),
                    delivery.header(WebhookVerifier.HEADER), subscription.secret());

            assertThat(event.type()).isEqualTo("payout.succeeded");
            assertThat(event.id()).startsWith("evt_");
            assertThat(event.data().path("amount").asLong()).isEqualTo(12_500);
            assertThat(event.data().path("driverId").asText()).isEqualTo(driver.id());
            client.webhooks().delete(subscription.id());
        }
    }

    @Test
    void setsAndReadsTheLowBalanceAlertThroughTheClient() {
        Api keyHolder = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        PayoutsClient client = PayoutsClient.create(URI.create(keyHolder.baseUrl()), keyHolder.bearer());
        try {
            long above = client.funding().balance().available() + 5_000;

            FundingAlert set = client.funding().setAlert(above, 4);

            assertThat(set.lowBalanceThreshold()).isEqualTo(above);
            assertThat(set.shortfallWithinDays()).isEqualTo(4);
            assertThat(set.low()).isTrue();
            assertThat(client.funding().alert()).isEqualTo(set);
            assertThatThrownBy(() -> client.funding().setAlert(-1, null))
                    .isInstanceOfSatisfying(PayoutsApiException.class,
                            refused -> assertThat(refused.details()).containsKey("lowBalanceThreshold"));
        } finally {
            client.funding().setAlert(0, null);
        }
    }

    @Test
    void reportsARefusalWithItsCodeDetailsAndRequestId() {
        Api keyHolder = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        PayoutsClient client = PayoutsClient.create(URI.create(keyHolder.baseUrl()), keyHolder.bearer());

        assertThatThrownBy(() -> client.drivers().register(new NewDriver(Api.uniqueSvcDriverId(), "Ana Diaz",
                "not an e-mail", "+14155550123")))
                .isInstanceOfSatisfying(PayoutsApiException.class, refused -> {
                    assertThat(refused.status()).isEqualTo(400);
                    assertThat(refused.code()).isEqualTo("VALIDATION_ERROR");
                    assertThat(refused.details()).containsKey("email");
                    assertThat(refused.requestId()).startsWith("req_");
                });
        assertThatThrownBy(() -> client.payouts().get("pay_00000000000000000000000000000000"))
                .isInstanceOfSatisfying(PayoutsApiException.class,
                        refused -> assertThat(refused.code()).isEqualTo("NOT_FOUND"));
    }
}
