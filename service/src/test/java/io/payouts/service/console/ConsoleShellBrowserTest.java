package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The console's shell in a real browser (ADR-0020): what shows signed out, where a page opens, and the mode kept in
 * the address so a reload or a shared link shows the same data. Screenshots under target/console-screenshots.
 */
class ConsoleShellBrowserTest extends ConsoleBrowserCase {

    private static final List<String> SIGNED_IN_CHROME = List.of("top-bar", "sections", "mode-banner", "sign-out",
            "mode-switch", "signed-in-as");

    @Test
    void showsNothingOfTheSignedInPageBeforeSignInOrAfterSignOut() {
        open().go("").waitFor(By.id("sign-in-form"));
        assertThat(SIGNED_IN_CHROME).allSatisfy(id -> assertThat(browser.find(By.id(id)).isDisplayed())
                .as("#%s shows signed out", id).isFalse());
        browser.screenshot("signed-out");

        browser.signIn(OWNER_EMAIL, OWNER_PASSWORD);
        assertThat(browser.find(By.id("signed-in-as")).getText()).contains(OWNER_EMAIL);
        browser.find(By.id("sign-out")).click();

        browser.waitFor(By.id("sign-in-form"));
        assertThat(SIGNED_IN_CHROME).allSatisfy(id -> assertThat(browser.find(By.id(id)).isDisplayed())
                .as("#%s shows after signing out", id).isFalse());
        assertThat(browser.find(By.tagName("body")).getText()).doesNotContain(OWNER_EMAIL);
    }

    @Test
    void opensTheOverviewAtTheTopWithTheModeBannerInView() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.waitUntil(page -> browser.find(By.id("balance-available")).getText().startsWith("$"));

        assertThat(browser.script("return window.scrollY")).isEqualTo(0L);
        assertThat((Number) browser.script("return document.getElementById('mode-banner').getBoundingClientRect().top"))
                .satisfies(top -> assertThat(top.doubleValue()).isGreaterThanOrEqualTo(0));
        browser.screenshot("overview-at-the-top");
    }

    @Test
    void keepsTheModeInTheAddressAcrossAReloadAndInEveryLink() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.find(By.cssSelector("#mode-switch input[value='production']")).click();
        browser.waitUntil(page -> browser.currentUrl().endsWith("#/production/overview"));

        browser.click(By.cssSelector("#sections a[data-section='payouts']"));
        browser.waitUntil(page -> browser.currentUrl().endsWith("#/production/payouts"));
        browser.script("location.reload()");

        browser.waitFor(By.cssSelector("#sections a[data-section='payouts'][aria-current='page']"));
        assertThat(browser.find(By.tagName("body")).getAttribute("class")).contains("mode-production");
        assertThat(browser.find(By.id("mode-banner")).getText()).startsWith("PRODUCTION");
        assertThat(browser.find(By.cssSelector("#mode-switch input[value='production']")).isSelected()).isTrue();
        @SuppressWarnings("unchecked")
        List<String> links = (List<String>) browser.script(
                "return [...document.querySelectorAll('#sections a')].map((link) => link.getAttribute('href'))");
        assertThat(links).allSatisfy(link -> assertThat(link).startsWith("#/production/"));
        browser.screenshot("production-after-reload");
    }

    @Test
    void saysAPayoutOfTheOtherModeDoesNotExistHereAndStopsAskingForIt() {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":10000}").status()).isEqualTo(200);
        String driverId = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        String payoutId = api.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":700}".formatted(driverId))
                .data().path("id").asText();

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.script("performance.setResourceTimingBufferSize(10000)");
        browser.go("#/production/payouts/" + payoutId);

        browser.waitUntil(page -> browser.find(By.id("payout-detail")).getText()
                .contains("No such payout in production"));
        browser.screenshot("payout-of-the-other-mode");
        long reads = readsOf(payoutId);
        await("no more reads of a payout that is not there").during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10)).until(() -> readsOf(payoutId) == reads);
    }

    /** How often the page has read the payout itself. */
    private long readsOf(String payoutId) {
        return (Long) browser.script("return performance.getEntriesByType('resource')"
                + ".filter((entry) => new URL(entry.name).pathname === arguments[0]).length",
                "/api/v1/payouts/" + payoutId);
    }
}
