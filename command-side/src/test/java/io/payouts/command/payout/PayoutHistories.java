package io.payouts.command.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** One sandbox payout's stored events, up to each status it can reach, for the given-when-then tests of its states. */
final class PayoutHistories {

    static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    static final WalletId WALLET = WalletId.of(Mode.SANDBOX);
    static final long AMOUNT = 10_000;
    static final long INSTANT_FEE = 150;
    static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    static final Instant QUEUED_AT = Instant.parse("2025-01-15T09:00:10Z");
    static final Instant STARTED_AT = Instant.parse("2025-01-15T09:00:20Z");
    static final Instant ENDED_AT = Instant.parse("2025-01-15T09:00:30Z");

    private PayoutHistories() {
    }

    /** The payout's events that bring it, by the standard rail, to {@code status}. */
    static List<Object> historyIn(PayoutStatus status) {
        List<Object> history = new ArrayList<>();
        history.add(requested(Rail.STANDARD, 0));
        switch (status) {
            case VALIDATED -> {
            }
            case QUEUED -> history.add(queued());
            case PROCESSING -> history.addAll(List.of(queued(), processing()));
            case COMPLETED -> history.addAll(List.of(queued(), processing(),
                    new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, AMOUNT, ENDED_AT)));
            case FAILED -> history.addAll(List.of(queued(), processing(), failed()));
            case CANCELED -> history.add(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, ENDED_AT));
        }
        return history;
    }

    static List<Object> retriedHistory() {
        List<Object> history = historyIn(PayoutStatus.FAILED);
        history.add(new PayoutRetriedEvent(PAYOUT, Mode.SANDBOX, AMOUNT, ENDED_AT.plusSeconds(60)));
        return history;
    }

    static PayoutRequestedEvent instantRequested() {
        return requested(Rail.INSTANT, INSTANT_FEE);
    }

    static PayoutRequestedEvent requested(Rail rail, long fee) {
        return new PayoutRequestedEvent(PAYOUT, Mode.SANDBOX, WALLET, DRIVER, AMOUNT, fee, AMOUNT - fee, rail,
                "week 3", "load-7", REQUESTED_AT);
    }

    static PayoutQueuedEvent queued() {
        return new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT);
    }

    static PayoutProcessingStartedEvent processing() {
        return new PayoutProcessingStartedEvent(PAYOUT, Mode.SANDBOX, STARTED_AT);
    }

    static PayoutFailedEvent failed() {
        return new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, "account closed", ENDED_AT);
    }
}
