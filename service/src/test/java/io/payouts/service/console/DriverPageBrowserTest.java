package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A driver's page in the console: KYC recorded (a rejection without a reason refused in words), the profile edited,
 * the driver's payouts and history listed, deactivation and the erasure of personal data each after a confirmation;
 * a developer only looks at a production driver. Screenshots under target/console-screenshots.
 */
class DriverPageBrowserTest extends ConsoleBrowserCase {

    @Test
    void anOperatorRecordsKycAndTheFormGoesOnceTheDriverIsVerified() {
        String driverId = api().registerDriver().path("id").asText();

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/sandbox/drivers/" + driverId);
        WebElement kyc = browser.waitFor(By.id("driver-kyc-form"));
        new Select(kyc.findElement(By.name("outcome"))).selectByValue("rejected");
        kyc.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> !kyc.findElement(By.className("form-errors")).getText().isBlank());
        assertThat(kyc.findElement(By.className("form-errors")).getText()).contains("reason");
        browser.screenshot("driver-kyc-refused");

        new Select(kyc.findElement(By.name("outcome"))).selectByValue("verified");
        kyc.findElement(By.cssSelector("button[type='submit']")).click();

        browser.waitUntil(page -> page.findElement(By.id("driver-detail")).getText().contains("verified"));
        browser.waitUntil(page -> page.findElements(By.id("driver-kyc-form")).isEmpty());
        browser.waitUntil(page -> page.findElement(By.id("driver-history")).getText().contains("driver.kyc_verified"));
    }

    @Test
    void anOperatorEditsListsDeactivatesAndErasesADriver() {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":10000}").status()).isEqualTo(200);
        String driverId = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        // the sandbox top-up settles a moment after it is asked for
        String payoutId = await("a payout once the top-up settled").atMost(Duration.ofSeconds(10)).until(() -> api
                .post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":1999}".formatted(driverId)).data()
                .path("id").asText(), id -> !id.isEmpty());

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/sandbox/drivers/" + driverId);
        WebElement row = browser.waitFor(By.cssSelector("#driver-payouts tr[data-payout-id='" + payoutId + "']"));
        assertThat(row.getText()).contains("$19.99");
        browser.waitUntil(page -> page.findElement(By.id("driver-history")).getText()
                .contains("driver.registered"));
        assertThat(browser.find(By.id("driver-history")).getText()).contains("driver.kyc_verified");

        WebElement profile = browser.waitFor(By.id("driver-profile-form"));
        WebElement name = profile.findElement(By.name("name"));
        name.clear();
        name.sendKeys("Ana Renamed");
        profile.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> page.findElement(By.id("driver-detail")).getText().contains("Ana Renamed"));
        browser.waitUntil(page -> page.findElement(By.id("driver-history")).getText().contains("driver.updated"));
        browser.screenshot("driver-page");

        browser.click(By.id("deactivate-driver"));
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("Deactivate Ana Renamed?");
        browser.click(By.cssSelector("dialog button[value='confirm']"));
        browser.waitUntil(page -> page.findElement(By.id("driver-detail")).getText().contains("inactive"));
        browser.waitUntil(page -> page.findElements(By.id("deactivate-driver")).isEmpty());

        browser.click(By.id("erase-driver"));
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("cannot be undone");
        browser.click(By.cssSelector("dialog button[value='cancel']"));
        browser.waitUntil(page -> page.findElements(By.cssSelector("dialog")).isEmpty());
        assertThat(browser.find(By.id("driver-detail")).getText()).contains("Ana Renamed");

        browser.click(By.id("erase-driver"));
        browser.click(By.cssSelector("dialog button[value='confirm']"));
        browser.waitUntil(page -> page.findElement(By.id("driver-detail")).getText().contains("[erased]"));
        browser.waitUntil(page -> page.findElements(By.id("erase-driver")).isEmpty());
        assertThat(browser.find(By.id("driver-actions")).getText()).contains("Personal data erased");
        assertThat(browser.find(By.cssSelector("#driver-payouts tr[data-payout-id='" + payoutId + "']")).getText())
                .contains("$19.99");
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("driver-erased");
    }

    @Test
    void aDeveloperOnlyLooksAtAProductionDriver() {
        String keyId = owner().createKey("production", List.of("drivers:read", "drivers:write")).body().path("id")
                .asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + keyId + "/approve", "{}");
        String driverId = anonymous().withBearer(approved.body().path("key").asText()).registerDriver().path("id")
                .asText();
        String developer = Developers.add(owner());

        open().signIn(developer, Developers.PASSWORD).go("#/production/drivers/" + driverId);

        browser.waitUntil(page -> page.findElement(By.id("driver-history")).getText().contains("driver.registered"));
        assertThat(browser.find(By.id("driver-detail")).getText()).contains("pending");
        assertThat(browser.pageSource()).doesNotContain("driver-profile-form", "driver-kyc-form", "deactivate-driver",
                "erase-driver");
    }
}
