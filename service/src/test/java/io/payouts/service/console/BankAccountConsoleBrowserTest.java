package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver's bank account in the console (ADR-0020): an operator opens the driver from the list, adds a US account,
 * replaces it with one by IBAN and removes it; the page only ever shows the last four digits. Screenshots under
 * target/console-screenshots.
 */
class BankAccountConsoleBrowserTest extends ConsoleBrowserCase {

    private static final String NUMBER = "730451992688";
    private static final String IBAN = "DE89370400440532013000";

    @Test
    void anOperatorAddsReplacesAndRemovesADriversBankAccountSeeingOnlyItsLastDigits() {
        String driverId = api().registerDriver().path("id").asText();
        open(ConsoleBrowser.LAPTOP).signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/drivers");

        browser.click(By.cssSelector("#driver-list tr[data-driver-id='" + driverId + "'] a"));

        browser.waitUntil(page -> browser.currentUrl().endsWith("#/sandbox/drivers/" + driverId));
        browser.waitFor(By.id("no-bank-account"));
        WebElement form = browser.waitFor(By.id("bank-account-form"));
        form.findElement(By.name("routingNumber")).sendKeys("021000022");
        form.findElement(By.name("accountNumber")).sendKeys(NUMBER);
        form.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> browser.find(By.id("bank-account")).getText().contains("routingNumber"));
        browser.screenshot("bank-account-refused");

        WebElement retry = browser.find(By.id("bank-account-form"));
        retry.findElement(By.name("routingNumber")).clear();
        retry.findElement(By.name("routingNumber")).sendKeys("021000021");
        new Select(retry.findElement(By.name("accountType"))).selectByValue("savings");
        retry.findElement(By.name("accountNumber")).clear();
        // Enter submits, as a keyboard user would; a success notice may lie over the button by then
        retry.findElement(By.name("accountNumber")).sendKeys(NUMBER, Keys.ENTER);

        WebElement onFile = browser.waitFor(By.cssSelector("#bank-account-on-file[data-last4='2688']"));
        assertThat(onFile.getText()).contains("•••• 2688", "savings", "021000021", "Ana Diaz");
        assertThat(api().get("/api/v1/drivers/" + driverId + "/bank-account").data().path("last4").asText())
                .isEqualTo("2688");
        assertNumberNowhereOnThePage();
        browser.screenshot("bank-account-us");

        WebElement replace = browser.find(By.id("bank-account-form"));
        new Select(replace.findElement(By.name("kind"))).selectByValue("iban");
        browser.waitFor(By.id("iban-account-fields")).findElement(By.name("iban")).sendKeys("de89 3704 0044 0532 0130 00");
        replace.findElement(By.name("bic")).sendKeys("COBADEFFXXX", Keys.ENTER);

        onFile = browser.waitFor(By.cssSelector("#bank-account-on-file[data-last4='3000']"));
        assertThat(onFile.getText()).contains("COBADEFFXXX", "DE");
        assertNumberNowhereOnThePage();
        browser.screenshot("bank-account-iban");

        browser.click(By.id("remove-bank-account"));
        browser.click(By.cssSelector("dialog button[value='confirm']"));

        browser.waitFor(By.id("no-bank-account"));
        assertThat(api().get("/api/v1/drivers/" + driverId + "/bank-account").status()).isEqualTo(404);
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("bank-account-removed");
    }

    @Test
    void aDeveloperSeesAProductionAccountMaskedAndCannotChangeIt() {
        String email = Developers.add(owner());
        String driverId = productionDriverWithAccount();

        open(ConsoleBrowser.PHONE).signIn(email, Developers.PASSWORD);
        browser.find(By.cssSelector("#mode-switch input[value='production']")).click();
        browser.waitUntil(page -> browser.find(By.tagName("body")).getAttribute("class").contains("mode-production"));
        browser.go("#/drivers/" + driverId);

        WebElement onFile = browser.waitFor(By.cssSelector("#bank-account-on-file[data-last4='2688']"));
        assertThat(onFile.getText()).contains("•••• 2688");
        assertThat(browser.find(By.id("bank-account")).findElements(By.tagName("form"))).isEmpty();
        assertThat(browser.find(By.id("bank-account")).findElements(By.id("remove-bank-account"))).isEmpty();
        assertNumberNowhereOnThePage();
        browser.screenshot("bank-account-production-read-only-phone");
    }

    private String productionDriverWithAccount() {
        String keyId = owner().createKey("production", List.of("drivers:read", "drivers:write")).body().path("id")
                .asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + keyId + "/approve", "{}");
        Api production = anonymous().withBearer(approved.body().path("key").asText());
        String driverId = production.registerDriver().path("id").asText();
        assertThat(production.put("/api/v1/drivers/" + driverId + "/bank-account", """
                {"holderName":"Ana Diaz","country":"US","routingNumber":"021000021","accountNumber":"%s",
                 "accountType":"checking"}""".formatted(NUMBER)).status()).isEqualTo(200);
        return driverId;
    }

    private void assertNumberNowhereOnThePage() {
        assertThat(browser.pageSource()).doesNotContain(NUMBER, IBAN, "370400440532013000");
    }
}
