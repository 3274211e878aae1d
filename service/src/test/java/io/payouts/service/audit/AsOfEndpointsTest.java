package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Balances and payouts as of an instant over HTTP (ADR-0027): each answer recorded at an instant is what {@code asOf}
 * that instant answers later, after the world moved on.
 */
class AsOfEndpointsTest extends HttpIntegrationTest {

    @BeforeEach
    void noPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
    }

    @Test
    void answersTheBalanceAndPayoutsAsTheyWereAnsweredAtEarlierInstants() {
        String driverId = AuditFixtures.payableDriver(api());
        List<Recorded> balances = new ArrayList<>();
        balances.add(quietBalance());

        AuditFixtures.fund(api(), 3_000);
        balances.add(quietBalance());

        String completed = AuditFixtures.pay(api(), driverId, 1_000).data().path("id").asText();
        AuditFixtures.awaitCompleted(api(), completed);
        balances.add(quietBalance());
        Api.Response completedThen = api().get("/api/v1/payouts/" + completed);

        String canceled = AuditFixtures.pay(api(), driverId, 500).data().path("id").asText();
        assertThat(api().post("/api/v1/payouts/" + canceled + "/cancel", null).status()).isEqualTo(200);
        balances.add(quietBalance());
        Api.Response canceledThen = api().get("/api/v1/payouts/" + canceled);

        AuditFixtures.fund(api(), 200);
        for (Recorded then : balances) {
            Api.Response asOf = api().get("/api/v1/balance?asOf=" + then.at());
            assertThat(asOf.status()).as("%s", asOf).isEqualTo(200);
            assertThat(asOf.data()).as("the balance as of %s", then.at()).isEqualTo(then.answer());
        }
        assertThat(api().get("/api/v1/payouts/" + completed + "?asOf=" + timestampOf(completedThen)).data())
                .isEqualTo(completedThen.data());
        assertThat(api().get("/api/v1/payouts/" + canceled + "?asOf=" + timestampOf(canceledThen)).data())
                .isEqualTo(canceledThen.data());
        assertThat(api().get("/api/v1/payouts/" + canceled + "?asOf=" + balances.get(1).at()).status())
                .as("the payout did not exist yet").isEqualTo(404);
    }

    @Test
    void readsTheBalanceAsOfYesterdayNoon() {
        String yesterdayNoon = LocalDate.now(ZoneOffset.UTC).minusDays(1).atTime(12, 0).toInstant(ZoneOffset.UTC)
                .toString();

        Api.Response balance = api().get("/api/v1/balance?asOf=" + yesterdayNoon);

        assertThat(balance.status()).as("%s", balance).isEqualTo(200);
        assertThat(balance.data().path("currency").asText()).isEqualTo("USD");
    }

    @Test
    void refusesAMalformedOrFutureInstantNamingIt() {
        String payoutId = "pay_" + "0".repeat(32);
        Api.Response malformed = api().get("/api/v1/balance?asOf=yesterday");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(malformed.error().path("details").has("asOf")).isTrue();
        assertThat(api().get("/api/v1/balance?asOf=2026-01-01T12:00:00").error().path("details").has("asOf"))
                .as("an instant needs its offset").isTrue();
        assertThat(api().get("/api/v1/balance?asOf=" + Instant.now().plusSeconds(3600)).error().path("details")
                .has("asOf")).isTrue();
        assertThat(api().get("/api/v1/payouts/" + payoutId + "?asOf=nope").error().path("details").has("asOf"))
                .isTrue();
        assertThat(api().get("/api/v1/payouts/" + payoutId + "?asOf=" + Instant.now().minusSeconds(5)).status())
                .isEqualTo(404);
    }

    @Test
    void anotherModesPayoutIsNotFoundAsOfAnyInstantAndTheScopeStillCounts() {
        String driverId = AuditFixtures.payableDriver(api());
        AuditFixtures.fund(api(), 300);
        String payoutId = AuditFixtures.pay(api(), driverId, 100).data().path("id").asText();
        Api production = AuditFixtures.productionApi(owner(), anonymous());
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));

        assertThat(production.get("/api/v1/payouts/" + payoutId + "?asOf=" + Instant.now()).status())
                .isEqualTo(404);
        assertThat(payoutsOnly.get("/api/v1/balance?asOf=" + Instant.now()).status()).isEqualTo(403);
    }

    /** The balance once it stopped moving, and the instant that answer was given. */
    private Recorded quietBalance() {
        Api.Response[] last = new Api.Response[1];
        await("the balance stops moving").atMost(Duration.ofSeconds(15)).until(() -> {
            Api.Response previous = last[0];
            last[0] = api().get("/api/v1/balance");
            return previous != null && previous.data().equals(last[0].data());
        });
        return new Recorded(timestampOf(last[0]), last[0].data());
    }

    private static String timestampOf(Api.Response response) {
        return response.body().path("meta").path("timestamp").asText();
    }

    private record Recorded(String at, JsonNode answer) {
    }
}
