package io.payouts.service.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The console in a real browser (ADR-0020): what its users do, each ending with a screenshot under
 * target/console-screenshots. Data the page only shows is prepared through the API.
 */
class ConsoleBrowserTest extends ConsoleBrowserCase {

    /** How many days the funding chart shows, once Chart.js has drawn it. */
    private static final String CHART_DAYS = "const chart = window.Chart && Chart.getChart('funding-chart');"
            + " return chart ? chart.data.labels.length : 0";

    @Test
    void signsInAndSeesTheBalanceAndTheFundingChartInEitherMode() {
        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD);

        browser.waitUntil(page -> browser.find(By.id("balance-available")).getText().startsWith("$"));
        browser.waitUntil(page -> Long.valueOf(14).equals(browser.script(CHART_DAYS)));
        assertThat(browser.find(By.id("mode-banner")).getText()).startsWith("SANDBOX");
        assertThat(browser.find(By.id("payouts-today")).getText()).contains("completed");
        browser.screenshot("overview-sandbox");

        browser.find(By.cssSelector("#mode-switch input[value='production']")).click();

        browser.waitUntil(page -> browser.find(By.tagName("body")).getAttribute("class").contains("mode-production"));
        assertThat(browser.find(By.id("mode-banner")).getText()).startsWith("PRODUCTION");
        browser.waitUntil(page -> Long.valueOf(14).equals(browser.script(CHART_DAYS)));
        browser.screenshot("overview-production");
    }

    @Test
    void createsASandboxKeyAndShowsItsValueOnlyOnce() {
        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/keys");
        String name = "browser key " + UUID.randomUUID();
        WebElement form = browser.waitFor(By.id("create-key-form"));
        browser.waitFor(By.cssSelector("#create-key-form input[name='scope'][value='drivers:read']"));

        form.findElement(By.name("name")).sendKeys(name);
        form.findElement(By.cssSelector("button[type='submit']")).click();

        WebElement value = browser.waitFor(By.cssSelector(".secret-reveal .secret-value"));
        String key = value.getAttribute("value");
        assertThat(key).startsWith("svc_sbox_");
        assertThat(browser.find(By.cssSelector(".secret-reveal .warning")).getText()).contains("Shown only this once");
        browser.find(By.xpath("//section[@class='secret-reveal']//button[text()='Copy']")).click();
        browser.waitUntil(page -> browser.find(By.cssSelector(".secret-reveal .copied")).getText().equals("Copied"));
        browser.waitUntil(page -> browser.find(By.id("my-keys")).getText().contains(name));
        browser.screenshot("key-created");
        assertThat(anonymous().withBearer(key).get("/api/v1/drivers").status()).as("the shown key works")
                .isEqualTo(200);

        browser.find(By.xpath("//section[@class='secret-reveal']//button[text()='I have stored it']")).click();

        browser.waitUntil(page -> page.findElements(By.cssSelector(".secret-reveal")).isEmpty());
        assertThat(browser.pageSource()).doesNotContain(key);
        browser.go("#/overview").go("#/keys")
                .waitUntil(page -> browser.find(By.id("my-keys")).getText().contains(name));
        assertThat(browser.pageSource()).doesNotContain(key);
    }

    @Test
    void anOwnerApprovesAProductionKeyAndSeesItsValueOnce() {
        Api developer = anonymous().signedIn(Developers.add(owner()), Developers.PASSWORD);
        JsonNode requested = developer.post("/api/v1/developer/keys", """
                {"name":"driver app","mode":"production","scopes":["payouts:read"],
                 "approval_reason":"the driver app shows drivers their payouts"}""").body();
        String keyId = requested.path("id").asText();

        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/keys");
        WebElement row = browser.waitFor(By.cssSelector("#pending-keys tr[data-key-id='" + keyId + "']"));
        assertThat(row.getText()).contains("the driver app shows drivers their payouts");
        browser.screenshot("key-pending-approval");

        browser.click(By.cssSelector("#pending-keys tr[data-key-id='" + keyId + "'] button[aria-label^='Approve']"));

        WebElement value = browser.waitFor(By.cssSelector(".secret-reveal .secret-value"));
        assertThat(value.getAttribute("value")).startsWith("svc_prod_");
        browser.waitUntil(page -> page.findElements(By.cssSelector("#pending-keys tr[data-key-id='" + keyId + "']"))
                .isEmpty());
        browser.screenshot("key-approved");
        assertThat(owner().get("/api/v1/admin/api-keys/" + keyId).data().path("approval_status").asText())
                .isEqualTo("approved");
    }

    @Test
    void makesAPayoutAndWatchesItComplete() {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":100000}").status()).isEqualTo(200);
        String driverId = payableDriver(api);

        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/payouts");
        WebElement form = browser.waitFor(By.id("new-payout-form"));
        browser.waitFor(By.cssSelector("#new-payout-form option[value='" + driverId + "']"));
        new Select(form.findElement(By.name("driverId"))).selectByValue(driverId);
        form.findElement(By.name("amount")).sendKeys("12.34");
        form.findElement(By.name("description")).sendKeys("fuel bonus");
        form.findElement(By.cssSelector("button[type='submit']")).click();

        browser.waitUntil(page -> browser.currentUrl().matches(".*#/sandbox/payouts/pay_[0-9a-f]+$"));
        browser.waitFor(By.cssSelector("#payout-status[data-status='completed']"));
        assertThat(browser.find(By.id("payout-detail")).getText()).contains("$12.34", "fuel bonus");
        assertThat(browser.find(By.id("payout-requested-by")).getText()).as("the signed-in user, as the form had it")
                .isEqualTo(OWNER_EMAIL);
        assertThat(browser.find(By.id("payout-timeline")).getText()).contains("Requested", "Completed");
        browser.screenshot("payout-completed");
    }

    @Test
    void resendsAWebhookDeliveryAndShowsEachAttempt() throws IOException {
        AtomicInteger received = new AtomicInteger();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hooks", exchange -> {
            exchange.getRequestBody().readAllBytes();
            received.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        Api api = api();
        String subscriptionId = api.post("/api/v1/webhooks", """
                {"url":"http://127.0.0.1:%d/hooks","events":["payout.created"]}""".formatted(receiver.getAddress()
                .getPort())).data().path("id").asText();
        try {
            api.post("/api/v1/funding/topup", "{\"amount\":5000}");
            assertThat(api.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":500}"
                    .formatted(payableDriver(api))).status()).isEqualTo(200);
            String deliveryId = deliveredTo(api, subscriptionId);

            open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/webhooks");
            WebElement filters = browser.waitFor(By.id("delivery-filters"));
            new Select(filters.findElement(By.name("pageSize"))).selectByValue("100");
            filters.findElement(By.cssSelector("button[type='submit']")).click();
            String row = "#deliveries tr[data-delivery-id='" + deliveryId + "']";
            browser.click(By.cssSelector(row + " button[aria-label^='Resend']"));

            browser.waitUntil(page -> page.findElements(By.cssSelector(row + " .attempts li")).size() == 2);
            browser.waitUntil(page -> page.findElement(By.cssSelector(row)).getText().matches("(?s).*200.*200.*"));
            assertThat(received.get()).isEqualTo(2);
            String figures = "#subscriptions tr[data-subscription-id='" + subscriptionId + "'] .delivery-figures";
            browser.waitUntil(page -> page.findElement(By.cssSelector(figures)).getText()
                    .matches("(?s)nothing waiting.*1 delivered in the last hour; median \\d.*"));
            browser.screenshot("webhook-resent");
        } finally {
            api.delete("/api/v1/webhooks/" + subscriptionId);
            receiver.stop(0);
        }
    }

    @Test
    void keepsSessionsAndKeysOutOfUrlsAndStorageAndReadsOnAPhone() {
        open(ConsoleBrowser.PHONE).signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.script("performance.setResourceTimingBufferSize(10000)");
        for (String section : List.of("payouts", "drivers", "keys", "webhooks", "overview")) {
            browser.go("#/" + section).waitFor(By.cssSelector("#sections a[data-section='" + section
                    + "'][aria-current='page']"));
        }
        browser.waitUntil(page -> browser.find(By.id("balance-available")).getText().startsWith("$"));
        browser.screenshot("phone-overview");
        assertThat((Long) browser.script("return document.documentElement.scrollWidth - window.innerWidth"))
                .as("no sideways scrolling on a phone").isLessThanOrEqualTo(0L);
        String csrfToken = (String) browser.script("const request = new XMLHttpRequest();"
                + "request.open('GET', '/api/v1/auth/console-session', false);"
                + "request.setRequestHeader('X-Console-Mode', 'sandbox'); request.send();"
                + "return JSON.parse(request.responseText).data.csrfToken;");

        @SuppressWarnings("unchecked")
        List<String> urls = (List<String>) browser.script(
                "return [location.href, ...performance.getEntries().map((entry) => entry.name)]");
        assertThat(urls).hasSizeGreaterThan(10).allSatisfy(url -> assertThat(url)
                .doesNotContain("sess_", "svc_sbox_", "svc_prod_", "whsec_", csrfToken));
        assertThat(browser.script("return localStorage.length + sessionStorage.length")).isEqualTo(0L);
        assertThat(browser.script("return document.cookie")).isEqualTo("");
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));

        browser.find(By.id("sign-out")).click();

        browser.waitFor(By.id("sign-in-form"));
        assertThat(browser.script("const request = new XMLHttpRequest();"
                + "request.open('GET', '/api/v1/auth/console-session', false);"
                + "request.setRequestHeader('X-Console-Mode', 'sandbox'); request.send(); return request.status;"))
                .isEqualTo(401L);
    }

    private static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}").status()).isEqualTo(200);
        return id;
    }

    /** The id of the subscription's delivery once its first attempt succeeded. */
    private static String deliveredTo(Api api, String subscriptionId) {
        String[] id = new String[1];
        await("a delivery to " + subscriptionId).atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            JsonNode items = api.get("/api/v1/webhooks/logs?pageSize=100").data().path("items");
            JsonNode ours = null;
            for (JsonNode entry : items) {
                if (subscriptionId.equals(entry.path("subscriptionId").asText())) {
                    ours = entry;
                }
            }
            assertThat(ours).isNotNull();
            assertThat(ours.path("status").asText()).isEqualTo("success");
            id[0] = ours.path("id").asText();
        });
        return id[0];
    }
}
