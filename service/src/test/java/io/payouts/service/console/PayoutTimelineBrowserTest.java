package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A payout's timeline in the console (ADR-0020, ADR-0027): every step its history holds, in order, with the rail that
 * carried it and why it failed; the page stops asking once the payout is done. Sandbox payouts on the simulated rail;
 * screenshots under target/console-screenshots.
 */
class PayoutTimelineBrowserTest extends ConsoleBrowserCase {

    private static final String FAILURE = "simulated rail failure (sandbox scenario payout_failed)";

    @Test
    void showsEveryStepOfACompletedPayoutAndStopsRefreshingOnceItIsDone() {
        Api api = funded();
        String payoutId = payout(api, "{\"driverId\":\"%s\",\"amount\":1234}".formatted(payableDriver(api)));

        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.script("performance.setResourceTimingBufferSize(10000)");
        browser.go("#/payouts/" + payoutId);

        browser.waitFor(By.cssSelector("#payout-status[data-status='completed']"));
        browser.waitUntil(page -> timeline().steps().contains("completed"));
        assertThat(timeline().steps()).containsExactly("requested", "validated", "queued", "processing", "completed");
        assertThat(timeline().step("requested")).contains("Requested", "$12.34", "standard");
        assertThat(timeline().step("queued")).contains("Queued", "rail: simulated");
        assertThat(timeline().step("completed")).contains("Completed", "rail: simulated");
        assertThat(browser.find(By.id("payout-timeline")).findElements(By.cssSelector("li.now"))).isEmpty();
        browser.screenshot("payout-timeline-completed");

        long readsWhenDone = readsOf(payoutId);
        await("no reads of a completed payout").during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .until(() -> readsOf(payoutId) == readsWhenDone);
    }

    @Test
    void showsAFailureWithItsReasonAndTheRetryThatCompletesIt() {
        String driverId = payableDriver(funded());
        String payoutId = payout(api().header("X-Sandbox-Scenario", "payout_failed"),
                "{\"driverId\":\"%s\",\"amount\":2500}".formatted(driverId));

        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/payouts/" + payoutId);

        browser.waitFor(By.cssSelector("#payout-status[data-status='failed']"));
        browser.waitUntil(page -> timeline().steps().contains("failed"));
        assertThat(timeline().steps()).containsExactly("requested", "validated", "queued", "processing", "failed");
        assertThat(timeline().step("failed")).contains("Failed", FAILURE, "rail: simulated");
        assertThat(browser.find(By.id("payout-failure-reason")).getText()).isEqualTo(FAILURE);
        browser.screenshot("payout-timeline-failed");

        browser.click(By.id("retry-payout"));

        browser.waitFor(By.cssSelector("#payout-status[data-status='completed']"));
        browser.waitUntil(page -> timeline().steps().contains("completed"));
        assertThat(timeline().steps()).containsExactly("requested", "validated", "queued", "processing", "failed", "retried",
                "processing", "completed");
        assertThat(timeline().step("retried")).contains("Retried", "$25.00 reserved again");
        assertThat(timeline().step("failed")).contains(FAILURE);
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("payout-timeline-retried");
    }

    @Test
    void showsWhoAskedForThePayoutAmongItsFactsAndOnItsRequestedStep() {
        Api api = funded();
        String driverId = payableDriver(api);
        Api.Response created = api.post("/api/v1/payouts/instant", """
                {"driverId":"%s","amount":1500,"requestedBy":"driver app: Ana \u05e9"}""".formatted(driverId));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String payoutId = created.data().path("id").asText();

        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/payouts/" + payoutId);

        browser.waitUntil(page -> timeline().steps().contains("requested"));
        assertThat(browser.find(By.id("payout-requested-by")).getText()).isEqualTo("driver app: Ana \u05e9");
        assertThat(timeline().step("requested")).contains("requested by driver app: Ana \u05e9");
        browser.screenshot("payout-requested-by");
    }

    /** How often the page has read the payout itself (not its history). */
    private long readsOf(String payoutId) {
        return (Long) browser.script("return performance.getEntriesByType('resource')"
                + ".filter((entry) => new URL(entry.name).pathname === arguments[0]).length",
                "/api/v1/payouts/" + payoutId);
    }

    private Api funded() {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":100000}").status()).isEqualTo(200);
        return api;
    }

    private static String payout(Api api, String json) {
        Api.Response created = api.post("/api/v1/payouts", json);
        assertThat(created.status()).isEqualTo(200);
        return created.data().path("id").asText();
    }

    private static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}").status()).isEqualTo(200);
        return id;
    }

    private PayoutTimelinePage timeline() {
        return new PayoutTimelinePage(browser);
    }
}
