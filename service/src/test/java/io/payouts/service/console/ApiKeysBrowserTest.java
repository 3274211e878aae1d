package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The API keys page in a real browser (ADR-0020): keys told apart at a glance, the production reason asked only for
 * production keys, and a new request reaching the approver by itself.
 */
class ApiKeysBrowserTest extends ConsoleBrowserCase {

    @Test
    void tellsTwoKeysOfOneNameApartByTheirLastCharacters() {
        String email = Developers.add(owner());
        Api developer = anonymous().signedIn(email, Developers.PASSWORD);
        String name = "twin " + UUID.randomUUID();
        String first = developer.post("/api/v1/developer/keys", keyJson(name)).body().path("key").asText();
        String second = developer.post("/api/v1/developer/keys", keyJson(name)).body().path("key").asText();

        open().signIn(email, Developers.PASSWORD).go("#/keys");

        WebElement keys = browser.waitFor(By.id("my-keys"));
        browser.waitUntil(page -> keys.getText().contains(name));
        assertThat(keys.getText()).contains("svc_sbox_…" + lastFour(first), "svc_sbox_…" + lastFour(second));
        assertThat(browser.pageSource()).doesNotContain(first, second);
        browser.screenshot("keys-told-apart");
    }

    @Test
    void asksWhyProductionAccessOnlyForAProductionKey() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/keys");
        WebElement form = browser.waitFor(By.id("create-key-form"));
        WebElement reason = form.findElement(By.name("approval_reason"));

        assertThat(reason.isDisplayed()).as("the reason for a sandbox key").isFalse();
        form.findElement(By.cssSelector("input[name='mode'][value='production']")).click();
        browser.waitUntil(page -> reason.isDisplayed());
    }

    @Test
    void showsTheApproverAProductionKeyRequestedWhileThePageIsOpen() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/keys");
        browser.waitFor(By.id("pending-keys"));
        browser.waitUntil(page -> !browser.find(By.id("pending-keys")).getText().isEmpty());

        Api developer = anonymous().signedIn(Developers.add(owner()), Developers.PASSWORD);
        String keyId = developer.post("/api/v1/developer/keys", """
                {"name":"late request","mode":"production","scopes":["payouts:read"],
                 "approval_reason":"asked while the approver looks"}""").body().path("id").asText();

        browser.waitFor(By.cssSelector("#pending-keys tr[data-key-id='" + keyId + "']"));
        browser.screenshot("key-request-arrives");
    }

    private static String keyJson(String name) {
        return """
                {"name":"%s","mode":"sandbox","scopes":["drivers:read"]}""".formatted(name);
    }

    private static String lastFour(String key) {
        return key.substring(key.length() - 4);
    }
}
