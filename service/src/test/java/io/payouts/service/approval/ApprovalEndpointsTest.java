package io.payouts.service.approval;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.client.PayoutsApiException;
import io.payouts.client.PayoutsClient;
import io.payouts.client.RequestOptions;
import io.payouts.client.approvals.PendingApproval;
import io.payouts.client.payouts.NewPayout;
import io.payouts.client.payouts.Payout;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.webhook.WebhookFixtures;
import io.payouts.service.webhook.WebhookReceiver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Maker-checker over HTTP (ADR-0046), in production: the owner's key asks, a second admin's key decides. A payout or
 * batch above the threshold waits with nothing reserved, its requester cannot decide it, an approval reserves and
 * sends it on, a rejection ends it; what waits is listed with why, and webhooks tell the client. The production
 * wallet is shared with other test classes, so the threshold is switched off after each test.
 */
class ApprovalEndpointsTest extends HttpIntegrationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final String PASSWORD = "a long enough password";
    private static final long THRESHOLD = 100_000;

    private Api requester;
    private Api approver;
    private String approverId;
    private final List<WebhookReceiver> receivers = new ArrayList<>();
    private final List<String> subscriptions = new ArrayList<>();

    @BeforeEach
    void twoPeopleAndAThreshold() {
        requester = productionKey();
        String email = "approver-" + UUID.randomUUID() + "@test.example";
        Api.Response added = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"admin"}""".formatted(email, PASSWORD));
        assertThat(added.status()).as("adding an admin: %s", added).isEqualTo(200);
        approverId = added.data().path("id").asText();
        Api admin = anonymous().signedIn(email, PASSWORD);
        String keyId = admin.createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + keyId + "/approve", null);
        assertThat(approved.status()).as("approving the admin's key: %s", approved).isEqualTo(200);
        approver = anonymous().withBearer(approved.body().path("key").asText());
        assertThat(setThreshold(requester, THRESHOLD).status()).isEqualTo(200);
    }

    @AfterEach
    void switchOff() {
        subscriptions.forEach(id -> requester.delete("/api/v1/webhooks/" + id));
        receivers.forEach(WebhookReceiver::close);
        setThreshold(requester, 0);
    }

    @Test
    void anOwnerSetsTheThresholdEveryoneWhoReadsPayoutsSeesItAndTheAuditTrailSaysWho() {
        JsonNode policy = requester.get("/api/v1/approvals/policy").data();

        assertThat(policy.path("threshold").asLong()).isEqualTo(THRESHOLD);
        assertThat(policy.path("currency").asText()).isEqualTo("USD");
        assertThat(policy.path("setBy").asText()).startsWith("usr_");
        assertThat(api().get("/api/v1/approvals/policy").data().path("threshold").asLong())
                .as("the sandbox has its own threshold").isZero();
        assertThat(requester.get("/api/v1/events?type=wallet.approval_threshold_set").data().path("items"))
                .anySatisfy(event -> assertThat(event.path("data").path("threshold").asLong()).isEqualTo(THRESHOLD));
    }

    @Test
    void refusesABadThresholdNamingItAndADeveloperMayReadButNotSetIt() {
        assertRefused(setThreshold(requester, -1), "threshold");
        assertRefused(requester.put("/api/v1/approvals/policy", "{}"), "threshold");
        assertRefused(requester.put("/api/v1/approvals/policy", "{\"threshold\":\"lots\"}"), "threshold");

        Api developer = developerKey();
        assertThat(developer.get("/api/v1/approvals/policy").status()).isEqualTo(200);
        Api.Response set = setThreshold(developer, 1);
        assertThat(set.status()).as("%s", set).isEqualTo(403);
        assertThat(set.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(requester.get("/api/v1/approvals/policy").data().path("threshold").asLong()).isEqualTo(THRESHOLD);
    }

    @Test
    void aPayoutAboveTheThresholdWaitsUnreservedUntilASecondPersonApprovesItThenItIsPaid() {
        String driver = fundedDriver(300_000);
        WebhookReceiver receiver = subscribed("payout.approval_required", "payout.approved", "payout.succeeded");
        long available = available();

        Api.Response created = requester.post("/api/v1/payouts",
                "{\"driverId\":\"%s\",\"amount\":150000,\"requestedBy\":\"dispatch\"}".formatted(driver));

        assertThat(created.status()).as("%s", created).isEqualTo(200);
        JsonNode payout = created.data();
        String id = payout.path("id").asText();
        assertThat(payout.path("status").asText()).isEqualTo("pending_approval");
        assertThat(payout.path("approval").path("status").asText()).isEqualTo("pending");
        assertThat(payout.path("approval").path("threshold").asLong()).isEqualTo(THRESHOLD);
        assertThat(available()).as("nothing is reserved while it waits").isEqualTo(available);
        assertThat(requester.get("/api/v1/payouts/" + id).data()).isEqualTo(payout);
        JsonNode waiting = waitingItem(id);
        assertThat(waiting.path("kind").asText()).isEqualTo("payout");
        assertThat(waiting.path("amount").asLong()).isEqualTo(150_000);
        assertThat(waiting.path("why").asText()).contains("($1,500.00)").contains("($1,000.00)");
        assertThat(waiting.path("driverId").asText()).isEqualTo(driver);
        assertThat(waiting.path("requestedBy").asText()).isEqualTo("dispatch");
        assertThat(receiver.awaitOne("payout.approval_required").path("data").path("status").asText())
                .isEqualTo("pending_approval");

        Api.Response ownApproval = requester.post("/api/v1/payouts/" + id + "/approve", null);
        assertThat(ownApproval.status()).as("%s", ownApproval).isEqualTo(403);
        assertThat(ownApproval.error().path("message").asText()).contains("requested");
        assertThat(available()).isEqualTo(available);

        Api.Response approved = approver.post("/api/v1/payouts/" + id + "/approve", null);

        assertThat(approved.status()).as("%s", approved).isEqualTo(200);
        assertThat(approved.data().path("status").asText()).isIn("validated", "queued", "processing", "completed");
        assertThat(approved.data().path("approval").path("status").asText()).isEqualTo("approved");
        assertThat(approved.data().path("approval").path("decidedBy").asText()).isEqualTo(approverId);
        assertThat(receiver.awaitOne("payout.approved").path("data").path("approvedBy").asText())
                .isEqualTo(approverId);
        receiver.awaitOne("payout.succeeded");
        assertThat(requester.get("/api/v1/payouts/" + id).data().path("status").asText()).isEqualTo("completed");
        assertThat(available()).isEqualTo(available - 150_000);
        assertThat(requester.get("/api/v1/approvals?pageSize=100").data().path("items"))
                .noneSatisfy(item -> assertThat(item.path("id").asText()).isEqualTo(id));
        assertThat(requester.get("/api/v1/payouts/" + id + "/history").data().toString())
                .contains("payout.approval_required").contains("payout.approved");
    }

    @Test
    void aRejectedPayoutEndsRejectedWithWhoAndWhyAndCannotBeApprovedAfter() {
        String driver = fundedDriver(200_000);
        long available = available();
        String id = requester.post("/api/v1/payouts/instant",
                "{\"driverId\":\"%s\",\"amount\":120000}".formatted(driver)).data().path("id").asText();

        assertRefused(approver.post("/api/v1/payouts/" + id + "/reject", "{}"), "reason");
        Api.Response rejected = approver.post("/api/v1/payouts/" + id + "/reject", "{\"reason\":\"not this week\"}");

        assertThat(rejected.status()).as("%s", rejected).isEqualTo(200);
        assertThat(rejected.data().path("status").asText()).isEqualTo("rejected");
        assertThat(rejected.data().path("approval").path("reason").asText()).isEqualTo("not this week");
        assertThat(rejected.data().path("approval").path("decidedBy").asText()).isEqualTo(approverId);
        Api.Response late = approver.post("/api/v1/payouts/" + id + "/approve", null);
        assertThat(late.status()).as("%s", late).isEqualTo(409);
        assertThat(late.error().path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(available()).isEqualTo(available);
        assertThat(requester.get("/api/v1/payouts?status=rejected&pageSize=100").data().path("items"))
                .anySatisfy(item -> assertThat(item.path("id").asText()).isEqualTo(id));
    }

    @Test
    void anApprovalTheWalletCannotCoverIsRefusedAndThePayoutKeepsWaiting() {
        String driver = fundedDriver(0);
        long available = available();
        String id = requester.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":%d}"
                .formatted(driver, Math.max(available + 1, THRESHOLD + 1))).data().path("id").asText();

        Api.Response approved = approver.post("/api/v1/payouts/" + id + "/approve", null);

        assertThat(approved.status()).as("%s", approved).isEqualTo(400);
        assertThat(approved.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(requester.get("/api/v1/payouts/" + id).data().path("status").asText())
                .isEqualTo("pending_approval");
        assertThat(requester.post("/api/v1/payouts/" + id + "/cancel", null).status())
                .as("a waiting payout may be canceled").isEqualTo(200);
    }

    @Test
    void aPayoutAtTheThresholdIsPaidAsAlwaysAndABulkItemAboveItWaits() {
        String driver = fundedDriver(200_000);

        Api.Response bulk = requester.post("/api/v1/payouts/bulk", """
                {"payouts":[{"driverId":"%s","amount":%d},{"driverId":"%s","amount":%d}]}"""
                .formatted(driver, THRESHOLD, driver, THRESHOLD + 1));

        assertThat(bulk.status()).as("%s", bulk).isEqualTo(200);
        JsonNode results = bulk.data().path("results");
        assertThat(results.get(0).path("item").path("status").asText()).isEqualTo("validated");
        assertThat(results.get(1).path("status").asText()).isEqualTo("success");
        assertThat(results.get(1).path("item").path("status").asText()).isEqualTo("pending_approval");
    }

    @Test
    void aBatchAboveTheThresholdCannotBeReleasedUntilApprovedAndARejectedOneRejectsItsPayouts() {
        String driver = fundedDriver(300_000);
        String waiting = batch(driver);
        String rejected = batch(driver);

        Api.Response run = requester.post("/api/v1/batches/" + waiting + "/run", null);
        assertThat(run.status()).as("%s", run).isEqualTo(409);
        assertThat(run.error().path("message").asText()).contains("approval");
        assertThat(requester.post("/api/v1/batches/" + waiting + "/approve", null).status()).isEqualTo(403);
        assertThat(waitingItem(waiting).path("payoutCount").asInt()).isEqualTo(2);

        Api.Response approved = approver.post("/api/v1/batches/" + waiting + "/approve", null);
        assertThat(approved.status()).as("%s", approved).isEqualTo(200);
        assertThat(approved.data().path("status").asText()).isEqualTo("queued");
        assertThat(approved.data().path("approval").path("status").asText()).isEqualTo("approved");
        assertThat(requester.post("/api/v1/batches/" + waiting + "/run", null).data().path("status").asText())
                .isEqualTo("processing");

        Api.Response refused = approver.post("/api/v1/batches/" + rejected + "/reject", "{\"reason\":\"wrong week\"}");
        assertThat(refused.status()).as("%s", refused).isEqualTo(200);
        assertThat(refused.data().path("status").asText()).isEqualTo("rejected");
        assertThat(refused.data().path("payouts")).hasSize(2)
                .allSatisfy(payout -> assertThat(payout.path("status").asText()).isEqualTo("rejected"));
    }

    @Test
    void theJavaClientReadsTheThresholdListsWhatWaitsAndDecides() {
        String driver = fundedDriver(300_000);
        PayoutsClient asking = client(requester);
        PayoutsClient deciding = client(approver);
        assertThat(asking.approvals().policy().threshold()).isEqualTo(THRESHOLD);

        Payout first = asking.payouts().create(NewPayout.standard(driver, 150_000, "bonus"), RequestOptions.none());
        Payout second = asking.payouts().create(NewPayout.standard(driver, 140_000, "bonus"), RequestOptions.none());

        assertThat(first.isPendingApproval()).isTrue();
        assertThat(first.approval().threshold()).isEqualTo(THRESHOLD);
        assertThat(asking.approvals().waiting(1, 100).items()).extracting(PendingApproval::id)
                .contains(first.id(), second.id());
        assertThat(deciding.approvals().approvePayout(first.id()).approval().decidedBy()).isEqualTo(approverId);
        Payout rejected = deciding.approvals().rejectPayout(second.id(), "duplicate");
        assertThat(rejected.status()).isEqualTo("rejected");
        assertThat(rejected.isFinished()).isTrue();
        assertThatThrownBy(() -> asking.approvals().approvePayout(second.id()))
                .isInstanceOf(PayoutsApiException.class);
    }

    private static PayoutsClient client(Api api) {
        return PayoutsClient.create(URI.create(api.baseUrl()), api.bearer());
    }

    private String batch(String driver) {
        Api.Response created = requester.post("/api/v1/batches", """
                {"name":"Weekly","payouts":[{"driverId":"%s","amount":60000},{"driverId":"%s","amount":60000}]}"""
                .formatted(driver, driver));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        assertThat(created.data().path("status").asText()).isEqualTo("pending_approval");
        assertThat(created.data().path("approval").path("threshold").asLong()).isEqualTo(THRESHOLD);
        return created.data().path("id").asText();
    }

    private JsonNode waitingItem(String id) {
        JsonNode items = requester.get("/api/v1/approvals?pageSize=100").data().path("items");
        for (JsonNode item : items) {
            if (item.path("id").asText().equals(id)) {
                return item;
            }
        }
        throw new AssertionError(id + " is not in the approvals list: " + items);
    }

    /** A verified production driver, the production wallet topped up with {@code amount} and settled by the owner. */
    private String fundedDriver(long amount) {
        String driver = requester.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()))
                .data().path("id").asText();
        assertThat(requester.post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        if (amount > 0) {
            long before = available();
            Api.Response topUp = requester.post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount));
            assertThat(topUp.status()).as("%s", topUp).isEqualTo(200);
            String transaction = topUp.data().path("transactionId").asText();
            assertThat(owner().post("/api/v1/admin/funding/topups/" + transaction + "/settle", null).status())
                    .isEqualTo(200);
            await("the top-up settles").atMost(TIMEOUT).until(() -> available() >= before + amount);
        }
        return driver;
    }

    private long available() {
        return requester.get("/api/v1/balance").data().path("available").asLong();
    }

    private static Api.Response setThreshold(Api api, long threshold) {
        return api.put("/api/v1/approvals/policy", "{\"threshold\":%d}".formatted(threshold));
    }

    private static void assertRefused(Api.Response response, String field) {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("details").has(field)).as("%s names %s", response, field).isTrue();
    }

    private Api developerKey() {
        String email = "approvals-dev-" + UUID.randomUUID() + "@test.example";
        Api.Response added = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"developer"}""".formatted(email, PASSWORD));
        assertThat(added.status()).as("adding a developer: %s", added).isEqualTo(200);
        String keyId = anonymous().signedIn(email, PASSWORD).createKey("production", List.of("payouts:read",
                "payouts:write")).body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + keyId + "/approve", null);
        return anonymous().withBearer(approved.body().path("key").asText());
    }

    private WebhookReceiver subscribed(String... events) {
        WebhookReceiver receiver = WebhookReceiver.start();
        receivers.add(receiver);
        Api.Response created = WebhookFixtures.subscribe(requester, receiver.url(), events);
        assertThat(created.status()).as("subscribing: %s", created).isEqualTo(200);
        subscriptions.add(created.data().path("id").asText());
        return receiver;
    }
}
