package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rotating a webhook subscription's signing secret in the console: asked first, the new secret shown once, and gone
 * once stored; keeping the old one changes nothing. Screenshot under target/console-screenshots.
 */
class WebhookSecretRotationBrowserTest extends ConsoleBrowserCase {

    @Test
    void anOwnerRotatesASecretAfterConfirmingAndSeesTheNewOneOnce() {
        Api api = api();
        Api.Response created = api.post("/api/v1/webhooks", """
                {"url":"http://127.0.0.1:9/rotation","events":["payout.created"]}""");
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String subscriptionId = created.data().path("id").asText();
        String oldSecret = created.data().path("secret").asText();
        String rotate = "#subscriptions tr[data-subscription-id='" + subscriptionId + "'] button[aria-label^='Rotate']";
        try {
            open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/webhooks");

            browser.click(By.cssSelector(rotate));
            assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("24 hours");
            browser.click(By.cssSelector("dialog button[value='cancel']"));
            browser.waitUntil(page -> page.findElements(By.cssSelector("dialog")).isEmpty());
            assertThat(browser.find(By.id("secret-reveal")).getText()).isEmpty();

            browser.click(By.cssSelector(rotate));
            browser.click(By.cssSelector("dialog button[value='confirm']"));
            WebElement value = browser.waitFor(By.cssSelector("#secret-reveal .secret-value"));
            String newSecret = value.getAttribute("value");
            assertThat(newSecret).isNotBlank().isNotEqualTo(oldSecret);
            assertThat(browser.find(By.cssSelector("#secret-reveal")).getText())
                    .contains("New signing secret of http://127.0.0.1:9/rotation", "Shown only this once",
                            "old secret until");
            browser.screenshot("webhook-secret-rotated");

            browser.find(By.xpath("//section[@class='secret-reveal']//button[text()='I have stored it']")).click();
            browser.waitUntil(page -> page.findElements(By.cssSelector(".secret-reveal")).isEmpty());
            assertThat(browser.pageSource()).doesNotContain(newSecret);
            assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                    || line.contains("Uncaught"));
        } finally {
            api.delete("/api/v1/webhooks/" + subscriptionId);
        }
    }
}
