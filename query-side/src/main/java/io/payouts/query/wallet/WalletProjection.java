package io.payouts.query.wallet;

import io.payouts.query.consistency.SandboxRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.WalletEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps the wallet balances, top-ups and funding transactions in step with the wallets' streams and the payouts'
 * completions, a processor batch at a time (ADR-0018): the wallets, the top-ups settled and the debits already
 * stored are loaded in three queries, the events fold into them by {@link WalletChanges}' rules, and each table is
 * written with one batched statement. One processor with one segment (application.yml), so events apply in global
 * order: a payout's reservation before its completion, and every transaction's balance is the ledger right after it.
 */
@Component
@ProcessingGroup(ProcessingGroups.WALLET_PROJECTION)
public class WalletProjection extends SandboxRowsProjection {

    private final WalletRows wallets;
    private final TopUpRows topUps;
    private final FundingTransactionRows transactions;

    WalletProjection(WalletRows wallets, TopUpRows topUps, FundingTransactionRows transactions) {
        this.wallets = wallets;
        this.topUps = topUps;
        this.transactions = transactions;
    }

    /** Every event of a wallet's stream; a sandbox reset among them forgets the sandbox's rows in stream order. */
    @EventHandler
    void on(WalletEvent event, @SequenceNumber long sequence) {
        collect(event.walletId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutCompletedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        Set<String> walletIds = new HashSet<>();
        Set<String> settledTopUps = new HashSet<>();
        Set<String> debits = new HashSet<>();
        for (Collected collected : events) {
            walletIds.add(WalletChanges.walletIdOf(collected.event()));
            if (collected.event() instanceof TopUpSettledEvent settled) {
                settledTopUps.add(settled.transactionId().value());
            } else if (collected.event() instanceof PayoutCompletedEvent completed) {
                debits.add(FundingTransactionRow.debitIdOf(completed.payoutId()));
            }
        }
        WalletChanges changes = new WalletChanges(wallets.byIds(walletIds), topUps.byIds(settledTopUps),
                transactions.existing(debits));
        events.forEach(collected -> changes.apply(collected.event(), collected.sequence()));
        wallets.upsert(changes.changedWallets());
        topUps.upsert(changes.changedTopUps());
        transactions.insert(changes.newTransactions());
    }

    @Override
    protected void forgetSandbox() {
        transactions.deleteMode(Mode.SANDBOX);
        topUps.deleteMode(Mode.SANDBOX);
        wallets.deleteMode(Mode.SANDBOX);
    }

    @ResetHandler
    void onReset() {
        transactions.deleteAll();
        topUps.deleteAll();
        wallets.deleteAll();
    }
}
