package io.payouts.service.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant;
import io.payouts.service.webhook.WebhookFixtures;
import io.payouts.service.webhook.WebhookReceiver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The low-balance alert over HTTP (ADR-0043): setting it, refusals, and the webhooks a subscribed receiver gets when
 * available funds cross the threshold. The sandbox wallet is every test class's, so each threshold is set relative to
 * the balance read just before, and each test first switches the alert off before it subscribes.
 */
class FundingAlertEndpointsTest extends HttpIntegrationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final List<WebhookReceiver> receivers = new ArrayList<>();
    private final List<String> subscriptions = new ArrayList<>();

    @BeforeEach
    void alertOffAndNoPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
        assertThat(setAlert(api(), "{\"lowBalanceThreshold\":0}").status()).isEqualTo(200);
    }

    @AfterEach
    void unsubscribeAndSwitchOff() {
        subscriptions.forEach(id -> api().delete("/api/v1/webhooks/" + id));
        receivers.forEach(WebhookReceiver::close);
        setAlert(api(), "{\"lowBalanceThreshold\":0}");
    }

    @Test
    void anOwnerSetsTheAlertAndEveryoneWhoReadsTheBalanceSeesIt() {
        Api.Response set = setAlert(api(), "{\"lowBalanceThreshold\":0,\"shortfallWithinDays\":3}");

        assertThat(set.status()).as("%s", set).isEqualTo(200);
        JsonNode alert = api().get("/api/v1/funding/alerts").data();
        assertThat(alert.path("lowBalanceThreshold").asLong()).isZero();
        assertThat(alert.path("shortfallWithinDays").asInt()).isEqualTo(3);
        assertThat(alert.path("low").asBoolean()).isFalse();
        assertThat(alert.path("lowSince").isNull()).isTrue();
        assertThat(alert.path("currency").asText()).isEqualTo("USD");
        assertThat(alert.path("setBy").asText()).startsWith("usr_");
        assertThat(Instant.parse(alert.path("setAt").asText())).isBeforeOrEqualTo(Instant.now());
        assertThat(set.data()).isEqualTo(alert);
        Instant setAt = Instant.parse(alert.path("setAt").asText());
        JsonNode recorded = api().get("/api/v1/events?type=wallet.alert_set&from=" + setAt.minusMillis(1))
                .data().path("items");
        assertThat(recorded).as("the audit trail records who set it").anySatisfy(event -> {
            assertThat(event.path("data").path("setBy").asText()).isEqualTo(alert.path("setBy").asText());
            assertThat(event.path("data").path("shortfallWithinDays").asInt()).isEqualTo(3);
        });
    }

    @Test
    void aThresholdAboveTheAvailableFundsIsLowAtOnceAndATopUpRecoversIt() {
        long available = available();
        WebhookReceiver receiver = subscribed("balance.low", "balance.recovered");
        long threshold = available + 10_000;

        JsonNode alert = setAlert(api(), "{\"lowBalanceThreshold\":%d}".formatted(threshold)).data();

        assertThat(alert.path("low").asBoolean()).as("%s", alert).isTrue();
        assertThat(Instant.parse(alert.path("lowSince").asText())).isBeforeOrEqualTo(Instant.now());
        JsonNode low = receiver.awaitOne("balance.low");
        assertThat(low.path("data").path("threshold").asLong()).isEqualTo(threshold);
        assertThat(low.path("data").path("available").asLong()).isLessThan(threshold);
        assertThat(low.path("data").path("currency").asText()).isEqualTo("USD");
        assertThat(low.path("data").path("at").asText()).isNotBlank();

        topUp(20_000);

        JsonNode recovered = receiver.awaitOne("balance.recovered");
        assertThat(recovered.path("data").path("available").asLong()).isGreaterThanOrEqualTo(threshold);
        assertThat(api().get("/api/v1/funding/alerts").data().path("low").asBoolean()).isFalse();
    }

    @Test
    void aPayoutThatTakesFundsBelowTheThresholdIsAnnouncedOnceAndTheLaterOnesNotAgain() {
        topUp(50_000);
        String driverId = payableDriver();
        long available = available();
        WebhookReceiver receiver = subscribed("balance.low", "balance.recovered");
        long threshold = available - 1_000;
        assertThat(setAlert(api(), "{\"lowBalanceThreshold\":%d}".formatted(threshold)).data()
                .path("low").asBoolean()).isFalse();

        for (int payout = 0; payout < 3; payout++) {
            Api.Response created = api().post("/api/v1/payouts/instant",
                    "{\"driverId\":\"%s\",\"amount\":2000,\"requestedBy\":\"driver-app\"}".formatted(driverId));
            assertThat(created.status()).as("%s", created).isEqualTo(200);
        }

        JsonNode low = receiver.awaitOne("balance.low");
        assertThat(low.path("data").path("threshold").asLong()).isEqualTo(threshold);
        assertThat(low.path("data").path("available").asLong()).isLessThan(threshold);
        await("no second balance.low while the funds stay low").during(Duration.ofSeconds(2)).atMost(TIMEOUT)
                .until(() -> receiver.ofType("balance.low").size() == 1
                        && receiver.ofType("balance.recovered").isEmpty());
    }

    @Test
    void tenTopUpsSettlingAcrossTheThresholdRecoverItExactlyOnce() {
        long available = available();
        WebhookReceiver receiver = subscribed("balance.low", "balance.recovered");
        setAlert(api(), "{\"lowBalanceThreshold\":%d}".formatted(available + 4_500));
        receiver.awaitOne("balance.low");

        List<CompletableFuture<Api.Response>> topUps = IntStream.range(0, 10).mapToObj(index ->
                CompletableFuture.supplyAsync(() -> api().post("/api/v1/funding/topup",
                        "{\"amount\":1000,\"method\":\"bank_transfer\"}"))).toList();
        topUps.forEach(topUp -> assertThat(topUp.join().status()).isEqualTo(200));

        receiver.awaitOne("balance.recovered");
        await("all ten settled").atMost(TIMEOUT).until(() -> available() >= available + 10_000);
        await("one recovery, one low").during(Duration.ofSeconds(2)).atMost(TIMEOUT)
                .until(() -> receiver.ofType("balance.recovered").size() == 1
                        && receiver.ofType("balance.low").size() == 1);
    }

    @Test
    void theBalanceAsOfAnInstantAfterACrossingIsStillTheBalance() {
        long available = available();
        setAlert(api(), "{\"lowBalanceThreshold\":%d}".formatted(available + 1_000));
        JsonNode now = api().get("/api/v1/balance").data();

        Api.Response asOf = api().get("/api/v1/balance?asOf=" + Instant.now());

        assertThat(asOf.status()).as("the alert's events move no money: %s", asOf).isEqualTo(200);
        assertThat(asOf.data()).isEqualTo(now);
    }

    @Test
    void refusesANegativeThresholdOrAWindowOutsideOneToThirtyDaysAndKeepsTheSetting() {
        setAlert(api(), "{\"lowBalanceThreshold\":1,\"shortfallWithinDays\":5}");

        Api.Response negative = setAlert(api(), "{\"lowBalanceThreshold\":-1}");
        Api.Response tooLong = setAlert(api(), "{\"lowBalanceThreshold\":0,\"shortfallWithinDays\":31}");
        Api.Response missing = setAlert(api(), "{\"shortfallWithinDays\":3}");
        Api.Response notANumber = setAlert(api(), "{\"lowBalanceThreshold\":\"lots\"}");

        assertRefused(negative, "lowBalanceThreshold");
        assertRefused(tooLong, "shortfallWithinDays");
        assertRefused(missing, "lowBalanceThreshold");
        assertRefused(notANumber, "lowBalanceThreshold");
        JsonNode alert = api().get("/api/v1/funding/alerts").data();
        assertThat(alert.path("lowBalanceThreshold").asLong()).isEqualTo(1);
        assertThat(alert.path("shortfallWithinDays").asInt()).isEqualTo(5);
    }

    @Test
    void aDevelopersKeyReadsTheAlertButMayNotSetIt() {
        Api developer = developerKey();

        Api.Response read = developer.get("/api/v1/funding/alerts");
        Api.Response set = setAlert(developer, "{\"lowBalanceThreshold\":100}");

        assertThat(read.status()).as("%s", read).isEqualTo(200);
        assertThat(set.status()).as("%s", set).isEqualTo(403);
        assertThat(set.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(api().get("/api/v1/funding/alerts").data().path("lowBalanceThreshold").asLong()).isZero();
    }

    @Test
    void anAdminsKeyStopsSettingTheAlertOnceTheAdminIsDisabled() {
        NewUser admin = newUser("admin");
        Api adminsKey = admin.session().withNewKey("sandbox", List.of("balance:read"));
        assertThat(setAlert(adminsKey, "{\"lowBalanceThreshold\":300}").status()).as("while the admin is active")
                .isEqualTo(200);

        Api.Response disabled = owner().delete("/api/v1/admin/users/" + admin.id());
        Api.Response set = setAlert(adminsKey, "{\"lowBalanceThreshold\":700}");

        assertThat(disabled.status()).as("%s", disabled).isEqualTo(200);
        assertThat(set.status()).as("%s", set).isEqualTo(403);
        assertThat(set.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(adminsKey.get("/api/v1/funding/alerts").status()).as("the key still reads within its scopes")
                .isEqualTo(200);
        assertThat(api().get("/api/v1/funding/alerts").data().path("lowBalanceThreshold").asLong()).isEqualTo(300);
        setAlert(api(), "{\"lowBalanceThreshold\":0}");
    }

    @Test
    void aKeyWithoutBalanceReadMayNeitherReadNorSetTheAlert() {
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));

        assertThat(payoutsOnly.get("/api/v1/funding/alerts").status()).isEqualTo(403);
        assertThat(setAlert(payoutsOnly, "{\"lowBalanceThreshold\":100}").status()).isEqualTo(403);
    }

    @Test
    void eachModeHasItsOwnAlert() {
        Api production = productionKey();
        setAlert(production, "{\"lowBalanceThreshold\":0,\"shortfallWithinDays\":7}");
        setAlert(api(), "{\"lowBalanceThreshold\":0,\"shortfallWithinDays\":2}");

        assertThat(production.get("/api/v1/funding/alerts").data().path("shortfallWithinDays").asInt()).isEqualTo(7);
        assertThat(api().get("/api/v1/funding/alerts").data().path("shortfallWithinDays").asInt()).isEqualTo(2);
        setAlert(production, "{\"lowBalanceThreshold\":0}");
    }

    private static Api.Response setAlert(Api api, String body) {
        return api.put("/api/v1/funding/alerts", body);
    }

    private static void assertRefused(Api.Response response, String field) {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("details").has(field)).as("%s names %s", response, field).isTrue();
    }

    private long available() {
        return api().get("/api/v1/balance").data().path("available").asLong();
    }

    private void topUp(long amount) {
        long before = available();
        Api.Response topUp = api().post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("%s", topUp).isEqualTo(200);
        await("the top-up settles").atMost(TIMEOUT).until(() -> available() >= before + amount);
    }

    private String payableDriver() {
        String id = api().registerDriver().path("id").asText();
        Api.Response verified = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    private Api developerKey() {
        return newUser("developer").session().withNewKey("sandbox", List.of("balance:read"));
    }

    /** A user the owner added with this role and a fresh e-mail, signed in. */
    private NewUser newUser(String role) {
        String email = "alerts-" + role + "-" + UUID.randomUUID() + "@test.example";
        String password = "a long enough password";
        Api.Response added = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"%s"}""".formatted(email, password, role));
        assertThat(added.status()).as("adding a %s: %s", role, added).isEqualTo(200);
        return new NewUser(added.data().path("id").asText(), anonymous().signedIn(email, password));
    }

    private record NewUser(String id, Api session) {
    }

    private WebhookReceiver subscribed(String... events) {
        WebhookReceiver receiver = WebhookReceiver.start();
        receivers.add(receiver);
        Api.Response created = WebhookFixtures.subscribe(api(), receiver.url(), events);
        assertThat(created.status()).as("subscribing: %s", created).isEqualTo(200);
        subscriptions.add(created.data().path("id").asText());
        return receiver;
    }
}
