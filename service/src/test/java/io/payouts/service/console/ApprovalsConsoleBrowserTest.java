package io.payouts.service.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The approvals page (ADR-0046) in production: an owner sets the threshold in dollars; payouts and a batch above it,
 * asked for with an admin's key, are listed with why they wait; that admin sees no buttons on their own requests; a
 * second admin's approval refused for want of funds is shown and the payout keeps waiting, then goes through once the
 * wallet covers it; a payout is rejected with a reason and a batch approved, and their pages say so. Screenshots under
 * target/console-screenshots.
 */
class ApprovalsConsoleBrowserTest extends ConsoleBrowserCase {

    /** $5,000.00: above what the other tests pay in production, so they are not held while this runs. */
    private static final long THRESHOLD = 500_000;
    private static final String ADMIN_PASSWORD = "an admin's long password";
    private static final String REASON = "Not on this week's <b>run</b> sheet";
    private static final Duration PROJECTION_TIMEOUT = Duration.ofSeconds(30);

    /** The production threshold as this test found it, put back after it: the test database is shared. */
    private Long thresholdBefore;

    @AfterEach
    void putTheThresholdBack() {
        if (thresholdBefore != null) {
            Api.Response restored = productionKey().put("/api/v1/approvals/policy",
                    "{\"threshold\":" + thresholdBefore + "}");
            assertThat(restored.status()).as("putting the threshold back: %s", restored).isEqualTo(200);
        }
    }

    @Test
    void aSecondAdminDecidesWhatAnotherAdminsKeyAskedForAboveTheThreshold() {
        Api ownerKey = productionKey();
        Api.Response policyBefore = ownerKey.get("/api/v1/approvals/policy");
        assertThat(policyBefore.status()).as("%s", policyBefore).isEqualTo(200);
        thresholdBefore = policyBefore.data().path("threshold").asLong();
        Admin requester = addAdmin();
        Admin approver = addAdmin();
        Api requesterKey = productionKeyOf(requester);
        String driverId = payableDriver(requesterKey);

        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.click(By.cssSelector("#sections a[data-section='approvals']"));
        browser.waitUntil(page -> browser.currentUrl().endsWith("#/sandbox/approvals"));
        browser.find(By.cssSelector("#mode-switch input[value='production']")).click();
        browser.waitUntil(page -> browser.currentUrl().endsWith("#/production/approvals"));
        WebElement policyForm = browser.waitFor(By.id("approval-policy-form"));
        browser.waitUntil(page -> page.findElement(By.id("approval-policy")).getAttribute("data-threshold") != null);
        WebElement thresholdInput = policyForm.findElement(By.name("threshold"));
        thresholdInput.clear();
        thresholdInput.sendKeys("5,000");
        policyForm.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> page.findElement(By.id("approval-policy")).getText().contains("$5,000.00"));
        assertThat(browser.find(By.id("approval-policy")).getText()).contains("Set by you");
        assertThat(ownerKey.get("/api/v1/approvals/policy").data().path("threshold").asLong()).isEqualTo(THRESHOLD);
        browser.screenshot("approvals-threshold-set");

        WalletInvariant.awaitNoPayoutInFlight(requesterKey);
        long available = requesterKey.get("/api/v1/balance").data().path("available").asLong();
        long large = Math.max(available, THRESHOLD) + 123_400;
        String funded = waitingPayout(requesterKey, driverId, large);
        String rejected = waitingPayout(requesterKey, driverId, THRESHOLD + 1);
        String batch = waitingBatch(requesterKey, driverId);
        List<JsonNode> waiting = awaitListed(requesterKey, List.of(funded, rejected, batch));

        browser.find(By.id("sign-out")).click();
        browser.waitFor(By.id("sign-in-form"));
        browser.signIn(requester.email(), ADMIN_PASSWORD).go("#/production/approvals");
        for (String id : List.of(funded, rejected, batch)) {
            WebElement row = listed(id);
            assertThat(row.getText()).contains("You requested this; another owner or admin must decide.");
            assertThat(row.findElements(By.tagName("button"))).as("no decision on one's own request").isEmpty();
        }
        browser.screenshot("approvals-own-requests");

        browser.find(By.id("sign-out")).click();
        browser.waitFor(By.id("sign-in-form"));
        browser.signIn(approver.email(), ADMIN_PASSWORD).go("#/production/approvals");
        for (JsonNode item : waiting) {
            WebElement row = listed(item.path("id").asText());
            assertThat(row.findElement(By.className("approval-why")).getText())
                    .isEqualTo(item.path("why").asText()).isNotBlank();
            assertThat(row.getText()).contains(requester.id());
        }
        assertThat(listed(funded).getText()).contains(dollars(large), driverId);
        assertThat(listed(rejected).getText()).contains("$5,000.01");
        assertThat(listed(batch).getText()).contains("2 payouts", "$6,000.00");
        browser.screenshot("approvals-waiting");

        decide(funded, "Approve");
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("Approve payout " + funded,
                dollars(large));
        browser.click(By.cssSelector("dialog button[value='confirm']"));
        WebElement refusal = browser.waitFor(By.cssSelector("#notices .notice-error"));
        assertThat(refusal.getText()).contains("INSUFFICIENT_FUNDS");
        assertThat(requesterKey.get("/api/v1/payouts/" + funded).data().path("status").asText())
                .isEqualTo("pending_approval");
        browser.screenshot("approvals-refused-for-funds");
        topUpAndSettle(requesterKey, large);

        decide(funded, "Approve");
        browser.click(By.cssSelector("dialog button[value='confirm']"));
        browser.waitUntil(page -> page.findElement(By.id("notices")).getText()
                .contains("Payout " + funded + " is approved"));
        browser.waitUntil(page -> page.findElements(row(funded)).isEmpty());

        decide(rejected, "Reject");
        WebElement dialog = browser.waitFor(By.cssSelector("dialog"));
        assertThat(dialog.getText()).contains("Reject payout " + rejected, "$5,000.01");
        dialog.findElement(By.name("reason")).sendKeys(REASON);
        browser.screenshot("approvals-reject-with-a-reason");
        browser.click(By.cssSelector("dialog button[value='submit']"));
        browser.waitUntil(page -> page.findElement(By.id("notices")).getText()
                .contains("Payout " + rejected + " is rejected."));
        browser.waitUntil(page -> page.findElements(row(rejected)).isEmpty());

        decide(batch, "Approve");
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("Its 2 payouts are queued");
        browser.click(By.cssSelector("dialog button[value='confirm']"));
        browser.waitUntil(page -> page.findElements(row(batch)).isEmpty());
        browser.screenshot("approvals-decided");

        browser.go("#/production/payouts/" + funded);
        browser.waitFor(By.cssSelector("#payout-status:not([data-status='pending_approval'])"));
        assertThat(textOf(By.id("payout-approval"))).startsWith("approved by " + approver.id() + " at ");
        String status = browser.waitUntil(page -> page.findElement(By.id("payout-status")).getAttribute("data-status"));
        assertThat(status).isIn("validated", "queued", "processing", "completed");
        assertThat(textOf(By.cssSelector("#payout-timeline li[data-step='approved']")))
                .contains("Approved", approver.id());
        browser.screenshot("approvals-payout-approved");

        browser.go("#/production/payouts/" + rejected);
        browser.waitFor(By.cssSelector("#payout-status[data-status='rejected']"));
        assertThat(browser.find(By.id("payout-status")).getText()).isEqualTo("rejected");
        assertThat(browser.waitFor(By.id("payout-approval")).getText())
                .isEqualTo("rejected by " + approver.id() + ": " + REASON);
        assertThat(browser.find(By.cssSelector("#payout-timeline li[data-step='rejected']")).getText())
                .contains("Rejected", REASON, approver.id());
        assertThat(browser.pageSource()).as("no cancel for a rejected payout").doesNotContain("cancel-payout");
        browser.screenshot("approvals-payout-rejected");

        browser.go("#/production/batches/" + batch);
        browser.waitFor(By.cssSelector("#batch-status[data-status='queued']"));
        assertThat(browser.waitFor(By.id("batch-approval")).getText())
                .startsWith("approved by " + approver.id() + " at ");
        browser.waitFor(By.id("release-batch"));
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("approvals-batch-approved");
    }

    @Test
    void aDeveloperHasNoApprovalsLinkAndIsToldWhy() {
        String developer = Developers.add(owner());

        open().signIn(developer, Developers.PASSWORD);

        assertThat(browser.find(By.cssSelector("#sections a[data-section='approvals']")).isDisplayed()).isFalse();
        browser.go("#/production/approvals");
        browser.waitUntil(page -> page.findElement(By.id("main")).getText()
                .contains("Only owners and admins set the approval threshold and decide what waits."));
        assertThat(browser.pageSource()).doesNotContain("approval-policy-form");
    }

    private record Admin(String id, String email) {
    }

    private Admin addAdmin() {
        String email = "console-approver-" + UUID.randomUUID() + "@example.com";
        Api.Response added = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"admin"}""".formatted(email, ADMIN_PASSWORD));
        assertThat(added.status()).as("adding an admin: %s", added).isEqualTo(200);
        return new Admin(added.data().path("id").asText(), email);
    }

    /** A production key the admin created (so they are its payouts' requester), approved by the owner. */
    private Api productionKeyOf(Admin admin) {
        String keyId = anonymous().signedIn(admin.email(), ADMIN_PASSWORD).createKey("production", Api.ALL_SCOPES)
                .body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + keyId + "/approve", null);
        assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
        return anonymous().withBearer(approved.body().path("key").asText());
    }

    private static String payableDriver(Api production) {
        String id = production.registerDriver().path("id").asText();
        assertThat(production.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        return id;
    }

    private static String waitingPayout(Api production, String driverId, long amount) {
        Api.Response created = production.post("/api/v1/payouts", """
                {"driverId":"%s","amount":%d,"description":"above the threshold"}""".formatted(driverId, amount));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        assertThat(created.data().path("status").asText()).isEqualTo("pending_approval");
        assertThat(created.data().path("approval").path("status").asText()).isEqualTo("pending");
        return created.data().path("id").asText();
    }

    /** A batch of two payouts of $3,000.00: each under the threshold, their total above it. */
    private static String waitingBatch(Api production, String driverId) {
        Api.Response created = production.post("/api/v1/batches", """
                {"name":"Approval run %s","payouts":[{"driverId":"%s","amount":300000},
                {"driverId":"%s","amount":300000}]}""".formatted(UUID.randomUUID(), driverId, driverId));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        assertThat(created.data().path("status").asText()).isEqualTo("pending_approval");
        return created.data().path("id").asText();
    }

    /** Waits until the approvals list (a read model) has every one of the ids; returns their items. */
    private static List<JsonNode> awaitListed(Api production, List<String> ids) {
        List<JsonNode> found = new ArrayList<>();
        await("the approvals list has " + ids).atMost(PROJECTION_TIMEOUT).pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    found.clear();
                    for (int page = 1; ; page++) {
                        Api.Response list = production.get("/api/v1/approvals?pageSize=100&page=" + page);
                        assertThat(list.status()).as("%s", list).isEqualTo(200);
                        list.data().path("items").forEach(item -> {
                            if (ids.contains(item.path("id").asText())) {
                                found.add(item);
                            }
                        });
                        if (list.data().path("items").size() < 100) {
                            break;
                        }
                    }
                    assertThat(found).hasSize(ids.size());
                });
        return found;
    }

    /** A production top-up of the amount, settled by the owner as when its transfer arrives (ADR-0011). */
    private void topUpAndSettle(Api production, long amount) {
        Api.Response requested = production.post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(requested.status()).as("%s", requested).isEqualTo(200);
        Api.Response settled = owner().post("/api/v1/admin/funding/topups/"
                + requested.data().path("transactionId").asText() + "/settle", null);
        assertThat(settled.status()).as("%s", settled).isEqualTo(200);
    }

    /** The text of what the locator finds once it is there; the payout page redraws itself while the payout moves. */
    private String textOf(By locator) {
        return browser.waitUntil(page -> {
            List<WebElement> found = page.findElements(locator);
            return found.isEmpty() ? null : found.get(0).getText();
        });
    }

    private static By row(String id) {
        return By.cssSelector("#approval-list tr[data-approval-id='" + id + "']");
    }

    /**
     * The row of what waits, on whichever page of the list it is: others' tests may leave items waiting before it,
     * and the list is oldest first.
     */
    private WebElement listed(String id) {
        By next = By.xpath("//div[@id='approval-list']/following-sibling::div[@class='pager']/button[text()='Next']");
        browser.waitFor(next);
        while (browser.fresh(() -> browser.find(next).isEnabled() && browser.find(By.id("approval-list"))
                .findElements(By.cssSelector("tr[data-approval-id='" + id + "']")).isEmpty())) {
            String before = browser.fresh(() -> browser.find(By.cssSelector("#approval-list + .pager span")).getText());
            browser.click(next);
            browser.waitUntil(page -> !page.findElement(By.cssSelector("#approval-list + .pager span")).getText()
                    .equals(before));
        }
        return browser.waitFor(row(id));
    }

    /**
     * Clicks Approve or Reject on the row once the earlier notices, which float over the page's corner, are
     * dismissed; a refresh replacing the row meanwhile only means another try.
     */
    private void decide(String id, String decision) {
        browser.waitUntil(page -> {
            page.findElements(By.cssSelector("#notices .notice button")).forEach(WebElement::click);
            return page.findElements(By.cssSelector("#notices .notice")).isEmpty();
        });
        listed(id);
        By button = By.xpath("//div[@id='approval-list']//tr[@data-approval-id='" + id + "']//button[text()='"
                + decision + "']");
        browser.waitUntil(page -> {
            WebElement found = page.findElement(button);
            browser.script("arguments[0].scrollIntoView({ block: 'center' })", found);
            found.click();
            return true;
        });
    }

    private static String dollars(long cents) {
        return String.format(Locale.US, "$%,d.%02d", cents / 100, cents % 100);
    }
}
