package io.payouts.query.wallet;

import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.query.consistency.SandboxRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.WalletEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the wallet balances, top-ups and funding transactions in step with their events, a processor batch at a time
 * (ADR-0018), by {@link WalletChanges}' rules.
 *
 * <p>The rows follow the stream's order, not the order this processor met the events in (ADR-0039): an event
 * committed late, into a gap, reaches the live processor after events stored above it. The wallet's figures are
 * sums, and each funding transaction's balance is kept by its event's global position
 * ({@link FundingTransactionRows}). Movements, dated by their event's time, give the balance as of any instant
 * ({@link WalletMovements}).
 */
@Component
@ProcessingGroup(ProcessingGroups.WALLET_PROJECTION)
public class WalletProjection extends SandboxRowsProjection {

    private final WalletRows wallets;
    private final TopUpRows topUps;
    private final FundingTransactionRows transactions;
    private final WalletMovements movements;
    private final EventStreamPositions stream;

    WalletProjection(WalletRows wallets, TopUpRows topUps, FundingTransactionRows transactions,
                     WalletMovements movements, EventStreamPositions stream) {
        this.wallets = wallets;
        this.topUps = topUps;
        this.transactions = transactions;
        this.movements = movements;
        this.stream = stream;
    }

    /** Every event of a wallet's stream; a sandbox reset among them forgets the sandbox's rows in stream order. */
    @EventHandler
    void on(WalletEvent event, @SequenceNumber long sequence, EventMessage<?> message) {
        collect(event.walletId().value(), message, sequence);
    }

    @EventHandler
    void on(PayoutCompletedEvent event, @SequenceNumber long sequence, EventMessage<?> message) {
        collect(event.payoutId().value(), message, sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        List<EventMessage<?>> messages = events.stream().<EventMessage<?>>map(collected ->
                (EventMessage<?>) collected.event()).toList();
        Map<String, Long> positions = stream.globalPositions(messages);
        Set<String> walletIds = new HashSet<>();
        Set<String> settledTopUps = new HashSet<>();
        Set<String> debits = new HashSet<>();
        for (Collected collected : events) {
            Object payload = ((EventMessage<?>) collected.event()).getPayload();
            walletIds.add(WalletChanges.walletIdOf(payload));
            if (payload instanceof TopUpSettledEvent settled) {
                settledTopUps.add(settled.transactionId().value());
            } else if (payload instanceof PayoutCompletedEvent completed) {
                debits.addAll(WalletChanges.debitIdsOf(completed, collected.sequence()));
            }
        }
        WalletChanges changes = new WalletChanges(wallets.byIds(walletIds), topUps.byIds(settledTopUps),
                transactions.existing(debits));
        for (Collected collected : events) {
            EventMessage<?> message = (EventMessage<?>) collected.event();
            Long position = positions.get(message.getIdentifier());
            if (position == null) {
                throw new IllegalStateException("event " + message.getIdentifier() + " ("
                        + message.getPayloadType().getSimpleName() + ") is not in the stored stream");
            }
            changes.apply(message.getPayload(), collected.sequence(), position, message.getTimestamp());
        }
        wallets.upsert(changes.changedWallets());
        topUps.upsert(changes.changedTopUps());
        transactions.insert(changes.newTransactions());
        movements.insert(changes.movements());
    }

    @Override
    protected void forgetSandbox() {
        movements.deleteMode(Mode.SANDBOX);
        transactions.deleteMode(Mode.SANDBOX);
        topUps.deleteMode(Mode.SANDBOX);
        wallets.deleteMode(Mode.SANDBOX);
    }

    @ResetHandler
    void onReset() {
        movements.deleteAll();
        transactions.deleteAll();
        topUps.deleteAll();
        wallets.deleteAll();
    }
}
