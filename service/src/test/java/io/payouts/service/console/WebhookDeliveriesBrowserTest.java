package io.payouts.service.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The webhook deliveries in a real browser (ADR-0020): where each went, and what went wrong, in words. */
class WebhookDeliveriesBrowserTest extends ConsoleBrowserCase {

    @Test
    void showsADeliveryToAClosedPortWithItsUrlAndAConnectionRefusedInWords() throws IOException {
        String url = "http://127.0.0.1:%d/closed".formatted(closedPort());
        Api api = api();
        String subscriptionId = api.post("/api/v1/webhooks", """
                {"url":"%s","events":["payout.created"]}""".formatted(url)).data().path("id").asText();
        try {
            api.post("/api/v1/funding/topup", "{\"amount\":5000}");
            String driverId = api.registerDriver().path("id").asText();
            api.post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}");
            assertThat(api.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":500}".formatted(driverId))
                    .status()).isEqualTo(200);
            String deliveryId = triedOnce(api, subscriptionId);

            open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/webhooks");
            var filters = browser.waitFor(By.id("delivery-filters"));
            new Select(filters.findElement(By.name("pageSize"))).selectByValue("100");
            filters.findElement(By.cssSelector("button[type='submit']")).click();
            String row = "#deliveries tr[data-delivery-id='" + deliveryId + "']";
            browser.waitUntil(page -> page.findElement(By.cssSelector(row)).getText().contains("connection refused"));

            String text = browser.find(By.cssSelector(row)).getText();
            assertThat(text).contains(url).doesNotContain("java.", "Exception");
            browser.screenshot("webhook-delivery-refused");
        } finally {
            api.delete("/api/v1/webhooks/" + subscriptionId);
        }
    }

    /** A loopback port nothing listens on: bound, then closed. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** The id of the subscription's delivery once it was tried at least once. */
    private static String triedOnce(Api api, String subscriptionId) {
        String[] id = new String[1];
        await("an attempt to " + subscriptionId).atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            JsonNode ours = null;
            for (JsonNode entry : api.get("/api/v1/webhooks/logs?pageSize=100").data().path("items")) {
                if (subscriptionId.equals(entry.path("subscriptionId").asText())) {
                    ours = entry;
                }
            }
            assertThat(ours).isNotNull();
            assertThat(ours.path("attempts").size()).isPositive();
            id[0] = ours.path("id").asText();
        });
        return id[0];
    }
}
