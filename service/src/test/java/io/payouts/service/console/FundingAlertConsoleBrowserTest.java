package io.payouts.service.console;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The low-balance alert in the console (ADR-0043): an owner sets it on the overview, the banner shows on every page
 * while the funds are below it and goes once it is lowered; a developer sees the banner but no form. Screenshots
 * under target/console-screenshots.
 */
class FundingAlertConsoleBrowserTest extends ConsoleBrowserCase {

    @AfterEach
    void switchTheAlertOff() {
        api().put("/api/v1/funding/alerts", "{\"lowBalanceThreshold\":0}");
    }

    @Test
    void anOwnerSetsAThresholdAboveTheFundsAndTheBannerFollowsThemFromPageToPage() {
        long available = api().get("/api/v1/balance").data().path("available").asLong();
        String threshold = "%d.00".formatted(available / 100 + 100);
        open();
        browser.signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/sandbox/overview");

        WebElement form = browser.waitFor(By.id("funding-alert-form"));
        WebElement amount = form.findElement(By.name("lowBalanceThreshold"));
        browser.waitUntil(page -> !amount.getAttribute("value").isEmpty());
        amount.clear();
        amount.sendKeys(threshold);
        form.findElement(By.name("shortfallWithinDays")).sendKeys("3");
        browser.click(By.cssSelector("#funding-alert-form button[type='submit']"));

        WebElement low = browser.waitFor(By.id("funding-alert-low"));
        assertThat(low.getText()).contains("Low balance")
                .contains(NumberFormat.getCurrencyInstance(Locale.US).format(available / 100 + 100));
        browser.screenshot("funding-alert-set-on-overview");
        assertThat(api().get("/api/v1/funding/alerts").data().path("shortfallWithinDays").asInt()).isEqualTo(3);

        browser.go("#/sandbox/payouts");
        browser.waitUntil(page -> browser.find(By.cssSelector("#sections a[aria-current='page']")).getText()
                .equals("Payouts"));
        assertThat(browser.find(By.id("funding-alert-banner")).isDisplayed()).isTrue();
        browser.screenshot("funding-alert-banner-on-payouts");

        browser.go("#/sandbox/overview");
        WebElement again = browser.waitFor(By.cssSelector("#funding-alert-form input[name='lowBalanceThreshold']"));
        browser.waitUntil(page -> !again.getAttribute("value").isEmpty());
        again.clear();
        again.sendKeys("0");
        browser.click(By.cssSelector("#funding-alert-form button[type='submit']"));
        browser.waitUntil(page -> !browser.find(By.id("funding-alert-banner")).isDisplayed());
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
    }

    @Test
    void aDeveloperSeesTheBannerButNoAlertForm() {
        long available = api().get("/api/v1/balance").data().path("available").asLong();
        api().put("/api/v1/funding/alerts", "{\"lowBalanceThreshold\":%d}".formatted(available + 10_000));
        String developer = Developers.add(owner());
        open();
        browser.signIn(developer, Developers.PASSWORD).go("#/sandbox/overview");

        browser.waitFor(By.id("funding-alert-low"));
        browser.waitFor(By.id("balance-available"));
        List<WebElement> forms = browser.find(By.id("main")).findElements(By.id("funding-alert-form"));
        assertThat(forms).isEmpty();
        browser.screenshot("funding-alert-banner-for-a-developer");
    }
}
