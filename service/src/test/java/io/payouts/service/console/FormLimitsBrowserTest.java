package io.payouts.service.console;

import io.payouts.shared.apikey.CreateApiKeyCommand;
import io.payouts.shared.driver.DriverProfile;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's forms tell a name's limit before it is sent (ADR-0020): the input stops at the service's limit and
 * says so next to the field.
 */
class FormLimitsBrowserTest extends ConsoleBrowserCase {

    @Test
    void aDriversNameStopsAtTheServicesLimitAndSaysSo() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/drivers");

        WebElement name = browser.waitFor(By.cssSelector("#register-driver-form input[name='name']"));

        assertLimited(name, DriverProfile.MAX_NAME_LENGTH);
    }

    @Test
    void aKeysNameStopsAtTheServicesLimitAndSaysSo() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/keys");

        WebElement name = browser.waitFor(By.cssSelector("#create-key-form input[name='name']"));

        assertLimited(name, CreateApiKeyCommand.MAX_NAME_LENGTH);
    }

    private void assertLimited(WebElement input, int limit) {
        assertThat(input.getAttribute("maxlength")).isEqualTo(String.valueOf(limit));
        input.sendKeys("x".repeat(limit + 5));
        assertThat(input.getAttribute("value")).hasSize(limit);
        String hint = (String) browser.script("const input = arguments[0];"
                + " return input.closest('.field').querySelector('.hint')?.textContent ?? ''", input);
        assertThat(hint).containsIgnoringCase("at most " + limit + " characters");
        assertThat(input.getAttribute("aria-describedby")).isNotBlank();
    }
}
