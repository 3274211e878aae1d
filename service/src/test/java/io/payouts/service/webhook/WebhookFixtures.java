package io.payouts.service.webhook;

import io.payouts.service.support.Api;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Payable drivers, funds and payouts in the sandbox, and subscriptions, for the webhook tests. */
public final class WebhookFixtures {

    private WebhookFixtures() {
    }

    /** A registered driver whose KYC is verified. */
    static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        Api.Response verified = api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    /**
     * Tops the sandbox wallet up by {@code amount} and creates an instant payout of it, retrying while the
     * top-up settles. Instant payouts start processing, so an inbound completion applies at once.
     */
    static String fundedInstantPayout(Api api, String driverId, long amount) {
        Api.Response topUp = api.post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        String[] payoutId = new String[1];
        await("instant payout of " + amount).atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Api.Response created = api.post("/api/v1/payouts/instant",
                    "{\"driverId\":\"%s\",\"amount\":%d,\"requestedBy\":\"driver-app\"}".formatted(driverId, amount));
            assertThat(created.status()).as("creating a payout: %s", created).isEqualTo(200);
            payoutId[0] = created.data().path("id").asText();
        });
        return payoutId[0];
    }

    /** Subscribes the receiver to the events; returns the created subscription's data (with its secret). */
    public static Api.Response subscribe(Api api, String url, String... events) {
        String list = String.join(",", java.util.Arrays.stream(events).map(event -> "\"" + event + "\"").toList());
        return api.post("/api/v1/webhooks", "{\"url\":\"%s\",\"events\":[%s]}".formatted(url, list));
    }
}
