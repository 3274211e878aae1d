package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Many parallel payouts against a wallet that can afford only some of them (issue 4, Tests; ADR-0011): exactly the
 * affordable number is accepted, the rest are refused with INSUFFICIENT_FUNDS, nothing answers 5xx, and available
 * ends at 0. In a context and a database of its own, so the sandbox wallet starts empty and every balance can be
 * asserted exactly. The simulated rail runs with an 8 s standard delay here, so an accepted payout stays cancelable
 * (validated or queued) for about 4 s: long enough to cancel a few right after the race, short enough to watch the
 * rest complete. The wallet invariant ({@link WalletInvariant}) is checked after the race, after the cancels
 * (payouts still in flight: it holds at every quiet instant) and after the completions.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=owner@concurrency.test",
                "payouts.owner.password=correct horse battery staple",
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.standard-delay=8s",
                "payouts.rail.instant-delay=2s",
                "payouts.rail.poll-interval=100ms",
                // drivers are verified explicitly here, not automatically (ADR-0015)
                "payouts.sandbox.kyc-verification-delay=1h"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WalletConcurrencyTest {

    private static final int AFFORDABLE = 20;
    private static final int REQUESTS = 3 * AFFORDABLE;
    private static final int THREADS = 16;
    private static final long AMOUNT = 1000;
    private static final Duration RAIL_TIMEOUT = Duration.ofSeconds(45);

    private static Api api;

    @Autowired
    private ConfigurableApplicationContext application;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(WalletConcurrencyTest.class, registry);
    }

    private synchronized Api api() {
        if (api == null) {
            api = Api.withSandboxKeyFor(application);
        }
        return api;
    }

    @Test
    @Order(1)
    void parallelPayoutsAdmitExactlyTheAffordableNumberAndNeverOverspend() throws Exception {
        JsonNode start = balance();
        assertThat(start.path("available").asLong()).as("a fresh wallet").isZero();
        assertThat(start.path("inTransit").asLong()).isZero();
        topUpAndSettle(AFFORDABLE * AMOUNT);
        String driverId = payableDriver();

        List<Outcome> outcomes = race(driverId);

        Map<Integer, Integer> byStatus = new TreeMap<>();
        outcomes.forEach(outcome -> byStatus.merge(outcome.status(), 1, Integer::sum));
        assertThat(outcomes).as("no 5xx, whatever the interleaving: %s", byStatus)
                .noneMatch(outcome -> outcome.status() >= 500);
        assertThat(outcomes).filteredOn(outcome -> outcome.status() == 200).as("accepted, by status: %s", byStatus)
                .hasSize(AFFORDABLE);
        assertThat(outcomes).filteredOn(outcome -> outcome.status() == 400).as("refused, by status: %s", byStatus)
                .hasSize(REQUESTS - AFFORDABLE)
                .allSatisfy(outcome -> assertThat(outcome.code()).isEqualTo("INSUFFICIENT_FUNDS"));
        List<String> accepted = outcomes.stream().filter(outcome -> outcome.status() == 200)
                .map(Outcome::payoutId).toList();
        assertThat(new HashSet<>(accepted)).as("distinct payouts").hasSize(AFFORDABLE);

        await("the balance shows every reservation").atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            JsonNode balance = balance();
            assertThat(balance.path("available").asLong()).isZero();
            assertThat(balance.path("pending").asLong()).isZero();
            // completions (if the rail is fast) move in-transit into debits; the ledger stays what was funded
            assertThat(balance.path("inTransit").asLong() + debitedSoFar()).isEqualTo(AFFORDABLE * AMOUNT);
        });
        JsonNode payouts = api().get("/api/v1/payouts?pageSize=100&driverId=" + driverId).data();
        assertThat(payouts.path("total").asLong()).as("only the accepted payouts exist").isEqualTo(AFFORDABLE);
        Set<String> listed = new HashSet<>();
        payouts.path("items").forEach(item -> listed.add(item.path("id").asText()));
        assertThat(listed).containsExactlyInAnyOrderElementsOf(accepted);
        WalletInvariant.Snapshot afterRace = WalletInvariant.assertHolds(api());
        assertThat(afterRace.credits()).isEqualTo(AFFORDABLE * AMOUNT);
        assertThat(afterRace.available()).isZero();

        // a few cancels release their reservations
        final int canceled = 3;
        for (String id : accepted.subList(0, canceled)) {
            Api.Response response = api().post("/api/v1/payouts/" + id + "/cancel", null);
            assertThat(response.status()).as("cancel %s: %s", id, response).isEqualTo(200);
        }
        await("the cancels are released").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(balance().path("available").asLong()).isEqualTo(canceled * AMOUNT));
        WalletInvariant.Snapshot afterCancel = WalletInvariant.assertHolds(api());
        assertThat(afterCancel.available()).as("released by %d cancels", canceled).isEqualTo(canceled * AMOUNT);
        assertThat(afterCancel.inTransit() + afterCancel.debits()).isEqualTo((AFFORDABLE - canceled) * AMOUNT);
    }

    /** The rest of the admitted payouts complete on the simulated rail; the debits then account for them. */
    @Test
    @Order(2)
    void completionsTurnReservationsIntoDebitsAndTheInvariantStillHolds() {
        String driverId = payableDriver();
        topUpAndSettle(3 * AMOUNT);
        WalletInvariant.Snapshot before = WalletInvariant.assertHolds(api());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Api.Response created = api().post("/api/v1/payouts",
                    "{\"driverId\":\"%s\",\"amount\":%d}".formatted(driverId, AMOUNT));
            assertThat(created.status()).as("%s", created).isEqualTo(200);
            ids.add(created.data().path("id").asText());
        }

        await(PayoutEndpoints.RAIL_NEEDED).atMost(RAIL_TIMEOUT).pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    JsonNode balance = balance();
                    assertThat(balance.path("inTransit").asLong()).as("%s: nothing left in transit",
                            PayoutEndpoints.RAIL_NEEDED).isZero();
                    for (String id : ids) {
                        assertThat(api().get("/api/v1/payouts/" + id).data().path("status").asText())
                                .as(PayoutEndpoints.RAIL_NEEDED).isEqualTo("completed");
                    }
                });

        WalletInvariant.Snapshot after = WalletInvariant.assertHolds(api());
        assertThat(after.available()).as("completion does not touch available")
                .isEqualTo(before.available() - 3 * AMOUNT);
        assertThat(after.inTransit()).isZero();
        assertThat(after.debits()).as("every payout still in flight before, and these three, are debits now")
                .isEqualTo(before.debits() + before.inTransit() + 3 * AMOUNT);
        for (String id : ids) {
            assertThat(after.transactionsNewestFirst())
                    .anySatisfy(transaction -> {
                        assertThat(transaction.path("payoutId").asText()).isEqualTo(id);
                        assertThat(transaction.path("type").asText()).isEqualTo("debit");
                        assertThat(transaction.path("amount").asLong()).isEqualTo(AMOUNT);
                    });
        }
    }

    private List<Outcome> race(String driverId) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Outcome>> futures = new ArrayList<>();
            String body = "{\"driverId\":\"%s\",\"amount\":%d,\"urgency\":\"standard\"}".formatted(driverId, AMOUNT);
            for (int i = 0; i < REQUESTS; i++) {
                Callable<Outcome> request = () -> {
                    go.await();
                    Api.Response response = api().post("/api/v1/payouts", body);
                    return new Outcome(response.status(), response.error().path("code").asText(null),
                            response.error().path("message").asText(null), response.data().path("id").asText(null));
                };
                futures.add(pool.submit(request));
            }
            go.countDown();
            List<Outcome> outcomes = new ArrayList<>();
            for (Future<Outcome> future : futures) {
                outcomes.add(future.get(60, TimeUnit.SECONDS));
            }
            return outcomes;
        } finally {
            pool.shutdownNow();
        }
    }

    private void topUpAndSettle(long amount) {
        long available = WalletInvariant.quietBalance(api()).available();
        Api.Response topUp = api().post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("%s", topUp).isEqualTo(200);
        await("the top-up settles").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(balance().path("available").asLong()).isEqualTo(available + amount));
    }

    private String payableDriver() {
        String id = api().registerDriver().path("id").asText();
        Api.Response verified = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    private JsonNode balance() {
        Api.Response response = api().get("/api/v1/balance");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        return response.data();
    }

    private long debitedSoFar() {
        long debited = 0;
        for (JsonNode item : api().get("/api/v1/funding/transactions?pageSize=100&type=debit").data().path("items")) {
            debited += item.path("amount").asLong();
        }
        return debited;
    }

    private record Outcome(int status, String code, String message, String payoutId) {
    }
}
