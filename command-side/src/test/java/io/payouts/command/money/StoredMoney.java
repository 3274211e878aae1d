package io.payouts.command.money;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the stored events say about the money, folded from the whole event store: each payout's status and version
 * (its stream's last sequence number), each batch's status, and per wallet what came in, what is available and
 * pending, and what each payout holds of it (reserved, less released, less credited back after a return).
 */
final class StoredMoney {

    static final class StoredPayout {
        Mode mode;
        long amount;
        long fee;
        PayoutStatus status;
        long version;
        /** Reserved for it, less released to the wallet, less credited back after a return. */
        long held;
        /** The net amount of its last completion. */
        long completedNet;
    }

    static final class StoredWallet {
        long funded;
        long available;
        final Map<String, Long> pendingTopUps = new LinkedHashMap<>();
    }

    final Map<String, StoredPayout> payouts = new LinkedHashMap<>();
    final Map<String, BatchStatus> batches = new HashMap<>();
    final Map<Mode, StoredWallet> wallets = new EnumMap<>(Mode.class);

    static StoredMoney fold(Stream<? extends EventMessage<?>> events) {
        StoredMoney stored = new StoredMoney();
        for (Mode mode : Mode.values()) {
            stored.wallets.put(mode, new StoredWallet());
        }
        events.forEach(stored::apply);
        return stored;
    }

    private void apply(EventMessage<?> message) {
        Object event = message.getPayload();
        if (message instanceof DomainEventMessage<?> domain && domain.getAggregateIdentifier().startsWith("pay_")) {
            StoredPayout payout = payouts.computeIfAbsent(domain.getAggregateIdentifier(), id -> new StoredPayout());
            payout.version = domain.getSequenceNumber();
            applyToPayout(payout, event);
            return;
        }
        if (event instanceof BatchCreatedEvent created) {
            batches.put(created.batchId().value(), BatchStatus.QUEUED);
        } else if (event instanceof BatchReleasedEvent released) {
            batches.put(released.batchId().value(), BatchStatus.PROCESSING);
        } else if (event instanceof BatchCompletedEvent completed) {
            batches.put(completed.batchId().value(), completed.status());
        } else if (event instanceof TopUpRequestedEvent requested) {
            wallets.get(requested.mode()).pendingTopUps.put(requested.transactionId().value(), requested.amount());
        } else if (event instanceof TopUpSettledEvent settled) {
            StoredWallet wallet = wallets.get(settled.mode());
            wallet.pendingTopUps.remove(settled.transactionId().value());
            wallet.funded += settled.amount();
            wallet.available += settled.amount();
        } else if (event instanceof FundsReservedEvent reserved) {
            reserved.reservations().forEach(reservation -> {
                wallets.get(reserved.mode()).available -= reservation.amount();
                held(reservation.payoutId().value(), reservation.amount());
            });
        } else if (event instanceof FundsReleasedEvent released) {
            wallets.get(released.mode()).available += released.amount();
            held(released.payoutId().value(), -released.amount());
        } else if (event instanceof ReturnedFundsCreditedEvent credited) {
            wallets.get(credited.mode()).available += credited.amount();
            held(credited.payoutId().value(), -credited.amount());
        } else if (event instanceof SandboxResetEvent) {
            wallets.put(Mode.SANDBOX, new StoredWallet());
        }
    }

    private void held(String payoutId, long amount) {
        payouts.computeIfAbsent(payoutId, id -> new StoredPayout()).held += amount;
    }

    private static void applyToPayout(StoredPayout payout, Object event) {
        if (event instanceof PayoutRequestedEvent requested) {
            payout.mode = requested.mode();
            payout.amount = requested.amount();
            payout.fee = requested.fee();
            payout.status = requested.rail() == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
        } else if (event instanceof PayoutRequestedInBatchEvent requested) {
            payout.mode = requested.mode();
            payout.amount = requested.amount();
            payout.fee = requested.fee();
            payout.status = PayoutStatus.PENDING;
        } else if (event instanceof PayoutReleasedEvent released) {
            payout.status = released.rail() == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
        } else if (event instanceof PayoutQueuedEvent || event instanceof PayoutRetriedEvent) {
            payout.status = PayoutStatus.QUEUED;
        } else if (event instanceof PayoutProcessingStartedEvent) {
            payout.status = PayoutStatus.PROCESSING;
        } else if (event instanceof PayoutCompletedEvent completed) {
            payout.status = PayoutStatus.COMPLETED;
            payout.completedNet = completed.netAmount();
        } else if (event instanceof PayoutFailedEvent || event instanceof PayoutReturnedEvent) {
            payout.status = PayoutStatus.FAILED;
        } else if (event instanceof PayoutCanceledEvent) {
            payout.status = PayoutStatus.CANCELED;
        } else {
            throw new IllegalStateException("a payout event the fold does not know: " + event);
        }
    }

    /** Reserved for payouts on their way (validated, queued, processing). */
    long inTransit(Mode mode) {
        return payouts.values().stream().filter(payout -> payout.mode == mode && inTransit(payout.status))
                .mapToLong(payout -> payout.amount).sum();
    }

    long paidOut(Mode mode) {
        return payouts.values().stream().filter(payout -> payout.mode == mode
                        && payout.status == PayoutStatus.COMPLETED).mapToLong(payout -> payout.completedNet).sum();
    }

    long fees(Mode mode) {
        return payouts.values().stream().filter(payout -> payout.mode == mode
                        && payout.status == PayoutStatus.COMPLETED)
                .mapToLong(payout -> payout.amount - payout.completedNet).sum();
    }

    static boolean inTransit(PayoutStatus status) {
        return status == PayoutStatus.VALIDATED || status == PayoutStatus.QUEUED || status == PayoutStatus.PROCESSING;
    }
}
