package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebElement;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Finance's statements page in the console (ADR-0042): the last 30 UTC days open with today's top-up on its line,
 * another range shows its own days, and the CSV button downloads the same range. Screenshots under
 * target/console-screenshots.
 */
class StatementsConsoleBrowserTest extends ConsoleBrowserCase {

    @Test
    void anOperatorReadsTheDailyLinesAndDownloadsThemAsCsv() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        settledTopUp(api(), 98_765);
        open();
        browser.signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/statements");

        WebElement todays = browser.waitFor(By.cssSelector("#statement-lines tr[data-date='" + today + "']"));
        assertThat(browser.find(By.id("statement-lines")).findElements(By.cssSelector("tbody tr"))).hasSize(30);
        assertThat(todays.getText()).contains(today.toString());
        assertThat(browser.find(By.id("total-top-ups")).getText()).startsWith("$");
        assertThat(browser.find(By.cssSelector("#sections a[aria-current='page']")).getText()).isEqualTo("Statements");
        browser.screenshot("statements-last-30-days");

        LocalDate from = today.minusDays(2);
        // A date input's own picker differs by locale; the value is set as a picker would leave it.
        browser.script("arguments[0].value = arguments[1]", browser.find(By.cssSelector("#statement-range "
                + "input[name='from']")), from.toString());
        browser.click(By.cssSelector("#statement-range button[type='submit']"));
        try {
            browser.waitUntil(page -> browser.find(By.id("statement-lines")).findElements(By.cssSelector("tbody tr"))
                    .size() == 3);
        } catch (TimeoutException e) {
            throw new AssertionError("no 3 lines after choosing " + from + ": " + browser.find(By.id("main")).getText()
                    .lines().limit(12).toList() + " " + browser.consoleLog(), e);
        }

        browser.script(BrowserDownloads.CATCH);
        browser.click(By.id("statement-csv"));

        String csv = (String) browser.waitUntil(page -> browser.script("return window.downloadedText"));
        assertThat(browser.script("return window.downloadedName"))
                .isEqualTo("funding-statement-sandbox-" + from + "-" + today + ".csv");
        // CRLF on the wire (FundingStatementEndpointsTest); the browser hands the text over with bare line feeds
        List<String> rows = csv.lines().toList();
        assertThat(rows.get(0)).startsWith("date,openingBalance,topUps,");
        assertThat(rows).hasSize(4);
        assertThat(rows.get(3)).startsWith(today + ",");
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("statements-three-days");
    }

    private static void settledTopUp(Api caller, long amount) {
        String id = caller.post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount)).data()
                .path("transactionId").asText();
        await("the top-up settles").atMost(Duration.ofSeconds(10)).until(() -> caller
                .get("/api/v1/funding/transactions?type=credit&pageSize=100").data().path("items").findValuesAsText("id")
                .contains(id));
    }
}
