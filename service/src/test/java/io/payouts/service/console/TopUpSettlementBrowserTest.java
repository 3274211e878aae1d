package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Settling a production top-up from the overview (ADR-0011): an owner finds it among the top-ups waiting for their
 * transfer, settles it after confirming, the amount becomes available and the answer says so in dollars, and it is
 * no longer listed; a developer sees no such list. Screenshots under target/console-screenshots.
 */
class TopUpSettlementBrowserTest extends ConsoleBrowserCase {

    @Test
    void anOwnerSettlesAProductionTopUpOnceTheTransferArrived() {
        Api production = productionFunder();
        Api.Response requested = production.post("/api/v1/funding/topup",
                "{\"amount\":1234567,\"description\":\"<b>March</b> float\"}");
        assertThat(requested.status()).as("%s", requested).isEqualTo(200);
        String topUpId = requested.data().path("transactionId").asText();
        String reference = requested.data().path("reference").asText();

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD).go("#/production/overview");
        By row = By.cssSelector("#pending-top-ups tr[data-top-up-id='" + topUpId + "']");
        WebElement pending = browser.waitFor(row);
        assertThat(pending.getText()).contains("$12,345.67", reference, "<b>March</b> float");
        browser.screenshot("top-ups-pending");
        pending.findElement(By.tagName("button")).click();
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("$12,345.67", reference);
        browser.screenshot("top-up-settlement-confirm");
        browser.click(By.cssSelector("dialog button[value='confirm']"));

        WebElement notice = browser.waitFor(By.cssSelector("#notices .notice-success"));
        assertThat(notice.getText()).contains(topUpId, "$12,345.67", "settled");
        assertThat(production.get("/api/v1/funding/topups/" + topUpId + "/history").data().path("items")
                .findValuesAsText("type")).contains("top_up.settled");
        browser.waitUntil(page -> page.findElements(row).isEmpty());
        browser.screenshot("top-up-settled");
    }

    @Test
    void aDeveloperSeesNoSettlement() {
        String developer = Developers.add(owner());

        open().signIn(developer, Developers.PASSWORD).go("#/production/overview");

        browser.waitFor(By.id("balance-heading"));
        assertThat(browser.pageSource()).doesNotContain("pending-top-ups");
    }

    /** A client with an approved production key that may top up and read the balance. */
    private Api productionFunder() {
        String keyId = owner().createKey("production", List.of("payouts:write", "balance:read")).body().path("id")
                .asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + keyId + "/approve", "{}");
        return anonymous().withBearer(approved.body().path("key").asText());
    }
}
