package io.payouts.service.readside;

import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindTopUpQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingTransactionPage;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.queryhandling.QueryGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Throwaway: the read side against real Postgres, fed by the real command side. */
class ReadSideIntegrationTest extends HttpIntegrationTest {

    @Autowired CommandGateway commands;
    @Autowired QueryGateway queries;
    @Autowired EventStore eventStore;
    @Autowired JdbcTemplate jdbc;
    @Autowired EventProcessingConfiguration processing;

    private static final WalletId WALLET = WalletId.of(Mode.SANDBOX);

    @Test
    void everything() throws Exception {
        String driverA = api().registerDriver().path("id").asText();
        String driverB = api().registerDriver().path("id").asText();

        // top up 100_000 and settle
        TransactionId topUp = new TransactionId("txn_" + hex());
        commands.sendAndWait(new RequestTopUpCommand(WALLET, Mode.SANDBOX, topUp, 100_000, "float", "bank_transfer",
                Instant.now()));
        TopUp requested = queries.query(new FindTopUpQuery(Mode.SANDBOX, topUp, 1), TopUp.class).get();
        assertThat(requested.amount()).isEqualTo(100_000);
        // sandbox top-ups settle at once (SandboxTopUpSettlement)
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(queries.query(new FindWalletBalanceQuery(Mode.SANDBOX, walletVersion()), WalletBalance.class).get())
                    .isEqualTo(new WalletBalance(100_000, 0, 0));
            assertThat(queries.query(new FindTopUpQuery(Mode.SANDBOX, topUp, -1), TopUp.class).get().status()).isEqualTo("settled");
        });
        // production: settled by hand
        TransactionId prodTopUp = new TransactionId("txn_" + hex());
        WalletId prod = WalletId.of(Mode.PRODUCTION);
        commands.sendAndWait(new RequestTopUpCommand(prod, Mode.PRODUCTION, prodTopUp, 7_000, "p", "wire", Instant.now()));
        long prodVersion = eventStore.lastSequenceNumberFor(prod.value()).orElseThrow();
        assertThat(queries.query(new FindWalletBalanceQuery(Mode.PRODUCTION, prodVersion), WalletBalance.class).get())
                .isEqualTo(new WalletBalance(0, 7_000, 0));
        assertThat(queries.query(new FindTopUpQuery(Mode.PRODUCTION, prodTopUp, prodVersion), TopUp.class).get().status()).isEqualTo("pending");
        commands.sendAndWait(new SettleTopUpCommand(prod, prodTopUp, "usr_x", Instant.now()));
        prodVersion = eventStore.lastSequenceNumberFor(prod.value()).orElseThrow();
        assertThat(queries.query(new FindWalletBalanceQuery(Mode.PRODUCTION, prodVersion), WalletBalance.class).get())
                .isEqualTo(new WalletBalance(7_000, 0, 0));

        // admit 4 payouts: 3 to A (standard), 1 instant to B
        List<PayoutId> ids = new ArrayList<>();
        List<PayoutRequest> requests = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            PayoutId id = new PayoutId("pay_" + hex());
            ids.add(id);
            boolean instant = i == 3;
            requests.add(new PayoutRequest(id, Mode.SANDBOX, new DriverId(instant ? driverB : driverA), 10_000 * (i + 1),
                    instant ? 600 : 0, instant ? Rail.INSTANT : Rail.STANDARD, "d" + i, "load-" + i, false, null, null,
                    Instant.now().plusMillis(i)));
        }
        AdmissionOutcome.Batch outcome = commands.sendAndWait(new AdmitPayoutsCommand(WALLET, requests, List.of(), Instant.now()));
        assertThat(outcome.outcomes().values()).allMatch(AdmissionOutcome::admitted);
        PayoutSummary p0 = payout(ids.get(0));
        assertThat(p0.status()).isEqualTo(PayoutStatus.VALIDATED);
        assertThat(p0.driverName()).isNotNull();
        assertThat(payout(ids.get(3)).status()).isEqualTo(PayoutStatus.PROCESSING);

        // p0: queue, start, complete ; p1: cancel ; p2: queue, fail, retry ; p3 instant complete
        commands.sendAndWait(new QueuePayoutCommand(ids.get(0), Instant.now()));
        commands.sendAndWait(new StartPayoutProcessingCommand(ids.get(0), Instant.now()));
        commands.sendAndWait(new CompletePayoutCommand(ids.get(0), Instant.now()));
        commands.sendAndWait(new CancelPayoutCommand(ids.get(1), Mode.SANDBOX, Instant.now()));
        commands.sendAndWait(new QueuePayoutCommand(ids.get(2), Instant.now()));
        commands.sendAndWait(new FailPayoutCommand(ids.get(2), "closed", Instant.now()));
        AdmissionOutcome.Batch retried = commands.sendAndWait(new AdmitPayoutsCommand(WALLET, List.of(),
                List.of(new AdmitPayoutsCommand.PayoutRetry(ids.get(2), null, null)), Instant.now()));
        assertThat(retried.outcomes().values()).allMatch(AdmissionOutcome::admitted);
        commands.sendAndWait(new CompletePayoutCommand(ids.get(3), Instant.now()));

        assertThat(payout(ids.get(0)).status()).isEqualTo(PayoutStatus.COMPLETED);
        assertThat(payout(ids.get(1)).status()).isEqualTo(PayoutStatus.CANCELED);
        PayoutSummary p2 = payout(ids.get(2));
        assertThat(p2.status()).isEqualTo(PayoutStatus.QUEUED);
        assertThat(p2.retriedAt()).isNotNull();
        assertThat(p2.failureReason()).isEqualTo("closed");
        assertThat(payout(ids.get(3)).status()).isEqualTo(PayoutStatus.COMPLETED);

        // wallet: reserved 100k total; released 20k; re-reserved 30k (p2); debited 10k + 40k
        // available = 100k - 100k + 20k + 0 ... p2 failed (release 30k) then retried (reserve 30k)
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            WalletBalance b = queries.query(new FindWalletBalanceQuery(Mode.SANDBOX, walletVersion()), WalletBalance.class).get();
            assertThat(b).isEqualTo(new WalletBalance(20_000, 0, 30_000));
            FundingTransactionPage txns = queries.query(new FindFundingTransactionsQuery(Mode.SANDBOX, null,
                    new PageRequest(1, 100)), FundingTransactionPage.class).get();
            assertThat(txns.page().items()).extracting(t -> t.type()).containsExactly(TransactionType.DEBIT,
                    TransactionType.DEBIT, TransactionType.CREDIT);
            assertThat(txns.page().items()).extracting(t -> t.balance()).containsExactly(50_000L, 90_000L, 100_000L);
        });
        assertInvariant();
        FundingTransactionPage debits = queries.query(new FindFundingTransactionsQuery(Mode.SANDBOX, TransactionType.DEBIT,
                new PageRequest(1, 100)), FundingTransactionPage.class).get();
        assertThat(debits.page().total()).isEqualTo(2);
        assertThat(debits.page().items().get(0).id().value()).isEqualTo("txn_" + ids.get(3).value().substring(4));

        // funding projection: in flight = p2 (30k queued)
        FundingProjection fp = queries.query(new FindFundingProjectionQuery(Mode.SANDBOX, 3, LocalDate.of(2025, 1, 1)),
                FundingProjection.class).get();
        assertThat(fp.currentBalance()).isEqualTo(50_000);
        assertThat(fp.projectedOutflow()).isEqualTo(30_000);
        assertThat(fp.projectedBalance()).isEqualTo(20_000);
        assertThat(fp.dailyProjection()).hasSize(3);

        // lists
        PayoutPage all = queries.query(new FindPayoutsQuery(Mode.SANDBOX, null, null, new PageRequest(1, 100)), PayoutPage.class).get();
        assertThat(all.page().items()).extracting(PayoutSummary::id).containsSubsequence(ids.get(3), ids.get(2), ids.get(1), ids.get(0));
        PayoutPage ofA = queries.query(new FindPayoutsQuery(Mode.SANDBOX, null, new DriverId(driverA), new PageRequest(1, 100)), PayoutPage.class).get();
        assertThat(ofA.page().items()).extracting(PayoutSummary::id).containsExactly(ids.get(2), ids.get(1), ids.get(0));
        PayoutPage completedOfA = queries.query(new FindPayoutsQuery(Mode.SANDBOX, PayoutStatus.COMPLETED, new DriverId(driverA), new PageRequest(1, 100)), PayoutPage.class).get();
        assertThat(completedOfA.page().items()).extracting(PayoutSummary::id).containsExactly(ids.get(0));
        PayoutPage queued = queries.query(new FindPayoutsQuery(Mode.SANDBOX, PayoutStatus.QUEUED, null, new PageRequest(1, 100)), PayoutPage.class).get();
        assertThat(queued.page().items()).extracting(PayoutSummary::id).contains(ids.get(2));
        PayoutPage driverPayouts = queries.query(new FindDriverPayoutsQuery(Mode.SANDBOX, new DriverId(driverB), new PageRequest(1, 10)), PayoutPage.class).get();
        assertThat(driverPayouts.page().items()).extracting(PayoutSummary::id).containsExactly(ids.get(3));
        assertThat(driverPayouts.page().items().get(0).driverName()).isNotBlank();
        Throwable unknown = catchCause(() -> queries.query(new FindDriverPayoutsQuery(Mode.PRODUCTION, new DriverId(driverB), new PageRequest(1, 10)), PayoutPage.class).get());
        assertThat(unknown).isInstanceOf(DriverNotFoundException.class);
        Throwable otherMode = catchCause(() -> queries.query(FindPayoutQuery.current(Mode.PRODUCTION, ids.get(0)), PayoutSummary.class).get());
        assertThat(otherMode).isInstanceOf(PayoutNotFoundException.class);
        assertThat(queries.query(new FindWalletBalanceQuery(Mode.PRODUCTION, -1), WalletBalance.class).get()).isEqualTo(new WalletBalance(7_000, 0, 0));

        // driver totals: A paid 10k, pending 1 (p2) ; B paid 40k-... amount 40k, pending 0
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(driver(driverA)).extracting(DriverSummary::totalPaid, DriverSummary::pendingPayouts).containsExactly(10_000L, 1L);
            assertThat(driver(driverB)).extracting(DriverSummary::totalPaid, DriverSummary::pendingPayouts).containsExactly(40_000L, 0L);
        });
        // a profile update after the totals must not overwrite them
        assertThat(api().put("/api/v1/drivers/" + driverA, """
                {"name":"Renamed","email":"renamed@example.com","phone":"+14155550199"}""").status()).isEqualTo(200);
        DriverSummary renamed = driver(driverA);
        assertThat(renamed.name()).isEqualTo("Renamed");
        assertThat(renamed.totalPaid()).isEqualTo(10_000L);
        assertThat(renamed.pendingPayouts()).isEqualTo(1L);
        assertThat(payout(ids.get(0)).driverName()).isEqualTo("Renamed");

        // rebuilds give the same read models
        List<Map<String, Object>> payoutsBefore = jdbc.queryForList("select * from payout_view order by id");
        List<Map<String, Object>> txBefore = jdbc.queryForList("select * from funding_transaction_view order by id");
        List<Map<String, Object>> walletBefore = jdbc.queryForList("select id, available, pending, in_transit, ledger, transaction_count, wallet_version from wallet_balance_view order by id");
        List<Map<String, Object>> topBefore = jdbc.queryForList("select * from top_up_view order by id");
        List<Map<String, Object>> driversBefore = jdbc.queryForList("select id, total_paid, pending_payouts, name from driver_view order by id");
        jdbc.update("update payout_view set status = 'FAILED', description = 'x'");
        jdbc.update("update wallet_balance_view set available = 0, ledger = 1");
        jdbc.update("delete from funding_transaction_view");
        jdbc.update("update top_up_view set status = 'x'");
        jdbc.update("update driver_view set total_paid = 0, pending_payouts = 99");
        for (String name : List.of("payout-projection", "wallet-projection", "driver-projection")) {
            assertThat(owner().post("/api/v1/admin/projections/" + name + "/rebuild", null).status()).isEqualTo(200);
        }
        for (String name : List.of("payout-projection", "wallet-projection", "driver-projection")) {
            StreamingEventProcessor processor = processing.eventProcessor(name, StreamingEventProcessor.class).orElseThrow();
            await().atMost(Duration.ofSeconds(30)).until(() -> !processor.isReplaying());
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(jdbc.queryForList("select * from payout_view order by id")).isEqualTo(payoutsBefore);
            assertThat(jdbc.queryForList("select * from funding_transaction_view order by id")).isEqualTo(txBefore);
            assertThat(jdbc.queryForList("select id, available, pending, in_transit, ledger, transaction_count, wallet_version from wallet_balance_view order by id")).isEqualTo(walletBefore);
            assertThat(jdbc.queryForList("select * from top_up_view order by id")).isEqualTo(topBefore);
            assertThat(jdbc.queryForList("select id, total_paid, pending_payouts, name from driver_view order by id")).isEqualTo(driversBefore);
        });
        assertInvariant();
    }

    private void assertInvariant() {
        List<Map<String, Object>> rows = jdbc.queryForList("""
                select w.mode, w.available, w.in_transit, w.ledger,
                  coalesce((select sum(amount) from funding_transaction_view t where t.mode = w.mode and t.type = 'CREDIT'), 0) as credits,
                  coalesce((select sum(amount) from funding_transaction_view t where t.mode = w.mode and t.type = 'DEBIT'), 0) as debits
                from wallet_balance_view w""");
        for (Map<String, Object> row : rows) {
            long available = ((Number) row.get("available")).longValue();
            long inTransit = ((Number) row.get("in_transit")).longValue();
            long credits = ((Number) row.get("credits")).longValue();
            long debits = ((Number) row.get("debits")).longValue();
            assertThat(credits - debits - inTransit).isEqualTo(available);
            assertThat(((Number) row.get("ledger")).longValue()).isEqualTo(available + inTransit);
        }
    }

    private DriverSummary driver(String id) throws Exception {
        return queries.query(FindDriverQuery.current(Mode.SANDBOX, new DriverId(id)), DriverSummary.class).get();
    }

    private PayoutSummary payout(PayoutId id) throws Exception {
        long version = eventStore.lastSequenceNumberFor(id.value()).orElse(-1L);
        return queries.query(new FindPayoutQuery(Mode.SANDBOX, id, version), PayoutSummary.class).get();
    }

    private long walletVersion() {
        return eventStore.lastSequenceNumberFor(WALLET.value()).orElse(-1L);
    }

    private static String hex() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    interface Call {
        void run() throws Exception;
    }

    private static Throwable catchCause(Call call) {
        try {
            call.run();
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause != null && cause.getCause() != null && !(cause instanceof io.payouts.shared.DomainException)) {
                cause = cause.getCause();
            }
            return cause;
        } catch (Exception e) {
            return e;
        }
    }
}
