package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batches in the console: a CSV with wrong lines is refused line by line before anything is sent, an uploaded one
 * makes a batch whose page shows its payouts and totals in dollars and releases it after a confirmation; a scheduled
 * batch runs at once from its page and the scheduled figures count it; a developer only looks at production's.
 * Screenshots under target/console-screenshots.
 */
class BatchesConsoleBrowserTest extends ConsoleBrowserCase {

    @Test
    void anOperatorFixesTheLinesTheConsoleNamesUploadsTheCsvAndReleasesTheBatch() throws IOException {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":100000}").status()).isEqualTo(200);
        String ana = payableDriver(api);
        String ben = payableDriver(api);
        String name = "Friday run " + UUID.randomUUID();

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.click(By.cssSelector("#sections a[data-section='batches']"));
        WebElement form = browser.waitFor(By.id("new-batch-form"));
        browser.waitFor(By.id("scheduled-upcoming-total"));
        form.findElement(By.name("name")).sendKeys(name);
        form.findElement(By.name("lines")).sendKeys("driverId,amount\n" + ana + ",10.50\ndrv_nobody,3\n" + ben
                + ",12.345\n");
        form.findElement(By.cssSelector("button[type='submit']")).click();

        String problems = browser.waitFor(By.cssSelector("#batch-csv-problems .error")).getText();
        assertThat(problems).contains("Nothing was sent", "line 3", "“drv_nobody” is not a driver id",
                "line 4", "“12.345” is not an amount in dollars").doesNotContain("line 2");
        assertThat(api.get("/api/v1/batches?pageSize=100").data().path("items").findValuesAsText("name"))
                .doesNotContain(name);
        browser.screenshot("batch-csv-lines-refused");

        Path csv = Files.createTempFile("batch-", ".csv");
        Files.writeString(csv, "driverId,amount\r\n" + ana + ",10.50\r\n" + ben + ",20.25\r\n");
        try {
            browser.find(By.id("batch-csv-file")).sendKeys(csv.toAbsolutePath().toString());
            browser.waitUntil(page -> page.findElement(By.id("batch-csv-summary")).getText()
                    .equals("2 payouts, $30.75 in all."));
        } finally {
            Files.delete(csv);
        }
        form.findElement(By.cssSelector("button[type='submit']")).click();

        browser.waitUntil(page -> browser.currentUrl().matches(".*#/sandbox/batches/batch_[0-9a-f]{32}$"));
        browser.waitFor(By.cssSelector("#batch-status[data-status='queued']"));
        assertThat(browser.find(By.id("batch-detail")).getText()).contains(name, "$30.75", "when released");
        browser.waitUntil(page -> page.findElements(By.cssSelector("#batch-payouts tbody tr")).size() == 2);
        assertThat(browser.find(By.id("batch-payouts")).getText()).contains("$10.50", "$20.25");
        browser.click(By.id("release-batch"));
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("reserve $30.75");
        browser.click(By.cssSelector("dialog button[value='confirm']"));

        browser.waitFor(By.cssSelector("#batch-status:is([data-status='processing'], [data-status='completed'])"));
        browser.waitUntil(page -> page.findElements(By.id("release-batch")).isEmpty());
        browser.waitFor(By.cssSelector("#batch-status[data-status='completed']"));
        browser.waitUntil(page -> page.findElement(By.cssSelector("#batch-payout-counts li[data-status='completed']"))
                .getText().endsWith("2"));
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("batch-released-and-completed");
    }

    @Test
    void aScheduledBatchIsCountedAndRunsAtOnceFromItsPage() {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":100000}").status()).isEqualTo(200);
        String driverId = payableDriver(api);
        Instant tomorrow = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        Api.Response created = api.post("/api/v1/batches", """
                {"name":"Scheduled %s","payouts":[{"driverId":"%s","amount":4200}],"scheduledFor":"%s"}"""
                .formatted(UUID.randomUUID(), driverId, tomorrow));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String batchId = created.data().path("id").asText();

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/sandbox/batches");
        browser.waitUntil(page -> !page.findElement(By.id("scheduled-next")).getText().equals("none"));
        WebElement row = browser.waitFor(By.cssSelector("#batch-list tr[data-batch-id='" + batchId + "']"));
        assertThat(row.getText()).contains("$42.00", "queued");
        browser.screenshot("batches-list");

        row.findElement(By.tagName("a")).click();
        browser.click(By.id("run-batch"));
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("now, before");
        browser.click(By.cssSelector("dialog button[value='confirm']"));

        browser.waitFor(By.cssSelector("#batch-status:not([data-status='queued'])"));
        assertThat(browser.find(By.id("notices")).getText()).containsAnyOf("is processing", "is failed");
        browser.screenshot("batch-run-now");
    }

    @Test
    void aDeveloperOnlyLooksAtProductionBatches() {
        String developer = Developers.add(owner());

        open().signIn(developer, Developers.PASSWORD).go("#/production/batches");

        browser.waitFor(By.id("scheduled-upcoming-total"));
        browser.waitUntil(page -> page.findElements(By.cssSelector("#batch-list .loading")).isEmpty());
        assertThat(browser.pageSource()).doesNotContain("new-batch-form");
    }

    private static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}").status()).isEqualTo(200);
        return id;
    }
}
