package io.payouts.service.support;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The wallet's accounting invariant as a client sees it over HTTP (issue 4, ADR-0011): for one mode,
 * {@code sum(credit amounts) - sum(debit amounts) - inTransit == available}, and every funding transaction's
 * {@code balance} is the ledger (credits minus debits) right after it. Reservations and their release are not
 * transactions, so they only move money between available and in transit.
 *
 * <p>The balance and the transaction pages are separate requests, so a settlement or a rail completion landing
 * between them would show a torn picture. {@link #assertHolds} therefore first takes a <em>stable</em> snapshot
 * (balance read before and after all transaction pages, identical; transaction total identical across pages),
 * waiting with Awaitility while money is still moving, and then checks the invariant strictly on it: a real
 * violation fails at once, it is never retried away.
 */
public final class WalletInvariant {

    private static final Duration QUIET_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration QUIET_PERIOD = Duration.ofMillis(500);
    private static final Duration IN_FLIGHT_TIMEOUT = Duration.ofSeconds(45);
    private static final int PAGE_SIZE = 100;

    private WalletInvariant() {
    }

    /**
     * Waits until no payout of {@code api}'s mode is in flight (validated, queued or processing), then checks the
     * invariant. In the shared test context the simulated rail finishes every payout within seconds, so after
     * this wait nothing but the test itself moves the wallet; tests call it first so that no earlier test's
     * payout settles under their balance comparisons.
     */
    public static Snapshot assertHoldsOnceSettled(Api api) {
        awaitNoPayoutInFlight(api);
        return assertHolds(api);
    }

    /** Waits until every payout of {@code api}'s mode has reached completed, failed or canceled. */
    public static void awaitNoPayoutInFlight(Api api) {
        await("no payout in flight (the rail finishes validated, queued and processing payouts)")
                .atMost(IN_FLIGHT_TIMEOUT)
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    for (String status : List.of("validated", "queued", "processing")) {
                        Api.Response response = api.get("/api/v1/payouts?pageSize=1&status=" + status);
                        assertThat(response.status()).as("listing %s payouts: %s", status, response).isEqualTo(200);
                        assertThat(response.data().path("total").asLong()).as("%s payouts", status).isZero();
                    }
                });
    }

    /**
     * Checks the invariant for the wallet of {@code api}'s mode, on a snapshot taken while the wallet is quiet.
     * Payouts may be in flight: the invariant holds at every quiet instant, not only when all have settled.
     */
    public static Snapshot assertHolds(Api api) {
        Snapshot snapshot = stableSnapshot(api);
        assertThat(snapshot.available()).as("available never goes negative: %s", snapshot).isNotNegative();
        assertThat(snapshot.inTransit()).as("in transit never goes negative: %s", snapshot).isNotNegative();
        assertThat(snapshot.pending()).as("pending never goes negative: %s", snapshot).isNotNegative();
        assertThat(snapshot.credits() - snapshot.debits() - snapshot.inTransit())
                .as("credits - debits - inTransit == available; %s", snapshot)
                .isEqualTo(snapshot.available());
        long ledger = 0;
        List<JsonNode> oldestFirst = new ArrayList<>(snapshot.transactionsNewestFirst());
        java.util.Collections.reverse(oldestFirst);
        for (JsonNode transaction : oldestFirst) {
            ledger += signed(transaction);
            assertThat(transaction.path("balance").asLong())
                    .as("balance after transaction %s equals credits - debits up to it", transaction)
                    .isEqualTo(ledger);
        }
        return snapshot;
    }

    /**
     * The balance once it has stopped moving: the same reading for {@link #QUIET_PERIOD} in a row. The balance is
     * a read model that follows the wallet's events a moment later (a payout's or cancel's answer does not wait
     * for it), so a test that compares balances before and after an action takes both readings with this.
     */
    public static Balance quietBalance(Api api) {
        AtomicReference<Balance> last = new AtomicReference<>();
        AtomicReference<Instant> since = new AtomicReference<>(Instant.now());
        await("a quiet balance (unchanged for " + QUIET_PERIOD.toMillis() + " ms)")
                .atMost(QUIET_TIMEOUT)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    Balance now = Balance.of(balance(api));
                    if (!now.equals(last.getAndSet(now))) {
                        since.set(Instant.now());
                        return false;
                    }
                    return Duration.between(since.get(), Instant.now()).compareTo(QUIET_PERIOD) >= 0;
                });
        return last.get();
    }

    /** One consistent reading of the balance and every funding transaction (newest first). */
    public static Snapshot stableSnapshot(Api api) {
        AtomicReference<Snapshot> stable = new AtomicReference<>();
        await("a quiet wallet (balance unchanged while reading every transaction)")
                .atMost(QUIET_TIMEOUT)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    Snapshot snapshot = readOnce(api);
                    stable.set(snapshot);
                    return snapshot != null;
                });
        return stable.get();
    }

    /** @return a snapshot, or null if the wallet changed while it was being read */
    private static Snapshot readOnce(Api api) {
        JsonNode before = balance(api);
        List<JsonNode> transactions = new ArrayList<>();
        long total = -1;
        for (int page = 1; ; page++) {
            Api.Response response = api.get("/api/v1/funding/transactions?pageSize=" + PAGE_SIZE + "&page=" + page);
            assertThat(response.status()).as("listing funding transactions: %s", response).isEqualTo(200);
            JsonNode data = response.data();
            if (total >= 0 && data.path("total").asLong() != total) {
                return null;
            }
            total = data.path("total").asLong();
            data.path("items").forEach(transactions::add);
            if (data.path("items").size() < PAGE_SIZE || (long) page * PAGE_SIZE >= total) {
                break;
            }
        }
        JsonNode after = balance(api);
        if (!before.equals(after) || transactions.size() != total) {
            return null;
        }
        long credits = 0;
        long debits = 0;
        for (JsonNode transaction : transactions) {
            String type = transaction.path("type").asText();
            assertThat(type).as("transaction type of %s", transaction).isIn("credit", "debit");
            if (type.equals("credit")) {
                credits += transaction.path("amount").asLong();
            } else {
                debits += transaction.path("amount").asLong();
            }
        }
        return new Snapshot(after.path("available").asLong(), after.path("pending").asLong(),
                after.path("inTransit").asLong(), credits, debits, List.copyOf(transactions));
    }

    private static JsonNode balance(Api api) {
        Api.Response response = api.get("/api/v1/balance");
        assertThat(response.status()).as("reading the balance: %s", response).isEqualTo(200);
        return response.data();
    }

    private static long signed(JsonNode transaction) {
        long amount = transaction.path("amount").asLong();
        return transaction.path("type").asText().equals("credit") ? amount : -amount;
    }

    /** The wallet balance of one mode. */
    public record Balance(long available, long pending, long inTransit) {

        static Balance of(JsonNode data) {
            return new Balance(data.path("available").asLong(), data.path("pending").asLong(),
                    data.path("inTransit").asLong());
        }
    }

    /** A consistent view of one wallet. */
    public record Snapshot(long available, long pending, long inTransit, long credits, long debits,
                           List<JsonNode> transactionsNewestFirst) {

        @Override
        public String toString() {
            return "available=" + available + ", pending=" + pending + ", inTransit=" + inTransit + ", credits="
                    + credits + ", debits=" + debits + ", transactions=" + transactionsNewestFirst.size();
        }
    }
}
