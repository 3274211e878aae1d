package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Finding payouts in the console: by driver, status and a range of UTC days, by payout id, and the filtered list as a
 * CSV file of every page, amounts in dollars. Sandbox payouts; screenshots under target/console-screenshots.
 */
class PayoutSearchBrowserTest extends ConsoleBrowserCase {

    private static final String ROWS = "#payout-list tbody tr";

    @Test
    void anOperatorFiltersByDriverStatusAndDaysOpensOneByIdAndDownloadsWhatTheFilterShows() {
        Api api = api();
        String driverId = payableDriver(api);
        String first = payout(api, driverId, 1050);
        String canceled = payout(api, driverId, 2000);
        String third = payout(api, driverId, 3075);
        assertThat(api.post("/api/v1/payouts/" + canceled + "/cancel", null).status()).isEqualTo(200);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/payouts");
        WebElement filters = browser.waitFor(By.id("payout-filters"));
        filters.findElement(By.name("driverId")).sendKeys(driverId);
        // A date input's own picker differs by locale; the value is set as a picker would leave it.
        setDay(filters, "from", today.minusDays(1));
        setDay(filters, "to", today);
        filters.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> rowIds().size() == 3);
        assertThat(rowIds()).containsExactlyInAnyOrder(first, canceled, third);
        assertThat(browser.find(By.cssSelector(ROWS + "[data-payout-id='" + first + "']")).getText())
                .contains("$10.50");
        browser.screenshot("payouts-filtered-by-driver-and-days");

        browser.script(BrowserDownloads.CATCH);
        browser.click(By.id("payouts-csv"));
        String csv = (String) browser.waitUntil(page -> browser.script("return window.downloadedText"));
        List<String> lines = csv.lines().toList();
        assertThat(lines.get(0)).startsWith("id,driverId,driverName,amountUsd,feeUsd,netAmountUsd,status,");
        assertThat(lines).hasSize(4);
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith(first + "," + driverId + ",")
                .contains(",10.50,0.00,10.50,"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith(canceled + ",").contains(",canceled,"));
        assertThat(browser.script("return window.downloadedName")).isEqualTo("payouts-sandbox-" + driverId
                + "-from-" + today.minusDays(1) + "-to-" + today + ".csv");

        new Select(filters.findElement(By.name("status"))).selectByValue("canceled");
        filters.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> rowIds().equals(List.of(canceled)));

        setDay(filters, "from", today.minusDays(5));
        setDay(filters, "to", today.minusDays(1));
        filters.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> page.findElement(By.id("payout-list")).getText().contains("No payouts match."));

        setDay(filters, "from", today);
        setDay(filters, "to", today.minusDays(1));
        filters.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> page.findElement(By.id("payout-list")).getText().contains("must not be before from"));
        browser.screenshot("payouts-range-refused");

        WebElement search = browser.find(By.id("find-payout"));
        search.findElement(By.name("payoutId")).sendKeys(" " + third + " ");
        search.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> browser.currentUrl().endsWith("#/sandbox/payouts/" + third));
        browser.waitFor(By.id("payout-status"));
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("payouts-opened-by-id");
    }

    @Test
    void theCsvHoldsEveryPageOfTheFilter() {
        Api api = api();
        String driverId = payableDriver(api);
        assertThat(api.post("/api/v1/payouts/" + payout(api, driverId, 100) + "/cancel", null).status())
                .isEqualTo(200);

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/payouts");
        WebElement filters = browser.waitFor(By.id("payout-filters"));
        new Select(filters.findElement(By.name("status"))).selectByValue("canceled");
        filters.findElement(By.cssSelector("button[type='submit']")).click();
        // the pager of the unfiltered list also says "in all": read it once the list shows only canceled payouts
        browser.waitUntil(page -> onlyCanceledListed() && page.findElement(By.cssSelector("#payout-list + .pager"))
                .getText().contains("in all"));
        String pager = browser.find(By.cssSelector("#payout-list + .pager")).getText();
        long total = Long.parseLong(pager.replaceAll("(?s).*\\((\\d+) in all\\).*", "$1"));

        browser.script(BrowserDownloads.CATCH);
        browser.click(By.id("payouts-csv"));
        String csv = (String) browser.waitUntil(page -> browser.script("return window.downloadedText"));

        assertThat(csv.lines().skip(1)).as("every canceled payout, %d in all", total).hasSize((int) total)
                .allSatisfy(line -> assertThat(line).contains(",canceled,"));
    }

    private boolean onlyCanceledListed() {
        List<WebElement> rows = browser.find(By.id("payout-list")).findElements(By.cssSelector("tbody tr"));
        return !rows.isEmpty() && rows.stream().allMatch(row -> !row.findElements(By.cssSelector(".badge-canceled"))
                .isEmpty());
    }

    private List<String> rowIds() {
        return browser.find(By.id("payout-list")).findElements(By.cssSelector("tbody tr")).stream()
                .map(row -> row.getAttribute("data-payout-id")).toList();
    }

    private void setDay(WebElement form, String name, LocalDate day) {
        browser.script("arguments[0].value = arguments[1]", form.findElement(By.name(name)), day.toString());
    }

    /** A payout once the sandbox top-up before it has settled, so there is money for it. */
    private static String payout(Api api, String driverId, long amount) {
        String[] id = new String[1];
        await("a payout of " + amount).atMost(Duration.ofSeconds(10)).until(() -> {
            Api.Response created = api.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":%d}"
                    .formatted(driverId, amount));
            id[0] = created.data().path("id").asText();
            return created.status() == 200;
        });
        return id[0];
    }

    private static String payableDriver(Api api) {
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":100000}").status()).isEqualTo(200);
        String id = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}").status()).isEqualTo(200);
        return id;
    }
}
