package io.payouts.service.wallet;

import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.ReserveFundsCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.caching.Cache;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The hot wallet is snapshotted every 100 events (ADR-0011); a wallet that has left the cache must load from its
 * snapshot with its balance intact, or every later payout would fail.
 */
class WalletSnapshotTest extends HttpIntegrationTest {

    private static final WalletId WALLET = WalletId.of(Mode.PRODUCTION);

    @Autowired
    private CommandGateway commands;
    @Autowired
    @Qualifier("walletCache")
    private Cache walletCache;
    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void aWalletLoadedFromItsSnapshotKeepsItsBalance() {
        TransactionId topUp = new TransactionId("txn_" + hex());
        commands.sendAndWait(new RequestTopUpCommand(WALLET, Mode.PRODUCTION, topUp, 1_000_000, "float",
                TopUpMethod.BANK_TRANSFER, Instant.now()));
        commands.sendAndWait(new io.payouts.shared.wallet.SettleTopUpCommand(WALLET, topUp, "usr_test", Instant.now()));
        long before = grantedWith(1).size();
        for (int i = 0; i < 105; i++) {
            grantedWith(1);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> jdbc.queryForObject(
                "select count(*) from snapshot_event_entry where aggregate_identifier = ?", Long.class, WALLET.value()) > 0);

        walletCache.removeAll();

        assertThat(before).isEqualTo(1);
        assertThat(grantedWith(1)).as("a wallet restored from its snapshot still reserves").hasSize(1);
        assertThat(grantedWith(1_000_000_000_000L)).as("and still knows its balance").isEmpty();
    }

    private List<Reservation> grantedWith(long amount) {
        return commands.<ReserveFundsCommand.Result>sendAndWait(new ReserveFundsCommand(WALLET,
                List.of(new Reservation(new PayoutId("pay_" + hex()), amount)), Instant.now())).granted();
    }

    private static String hex() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
