package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides and records what follows the attempts that finished together, in one transaction (ADR-0014, ADR-0030):
 * a 2xx delivers, a failure is retried per the {@link RetrySchedule} or, at the end of its window, fails the delivery
 * and may disable its subscription; and the last answer of each receiver says whether it is in trouble
 * ({@link ReceiverPauses}). If the transaction fails, nothing is recorded and the deliveries are sent again when their
 * leases run out.
 */
class DeliveryRecorder {

    private static final Logger log = LoggerFactory.getLogger(DeliveryRecorder.class);

    private final DeliveryOutcomes outcomes;
    private final Subscriptions subscriptions;
    private final RetrySchedule retries;
    private final ReceiverPauses pauses;
    private final DeliveryMetrics metrics;
    private final Clock clock;
    private final TransactionTemplate transaction;

    DeliveryRecorder(DeliveryOutcomes outcomes, Subscriptions subscriptions, RetrySchedule retries,
                     DeliveryMetrics metrics, Clock clock, PlatformTransactionManager transactions) {
        this.outcomes = outcomes;
        this.subscriptions = subscriptions;
        this.retries = retries;
        this.pauses = ReceiverPauses.upTo(retries.initialDelay());
        this.metrics = metrics;
        this.clock = clock;
        this.transaction = new TransactionTemplate(transactions);
    }

    /** Records them; the health of each receiver they came from, as their last answer left it. */
    Map<SubscriptionId, SenderLeases.Held> record(List<DeliveryOutcomes.Outcome> finished) {
        Instant now = clock.instant();
        finished.forEach(outcome -> metrics.attempted(outcome.delivery(), outcome.attempt(), now));
        try {
            Map<SubscriptionId, SenderLeases.Held> health = transaction.execute(status -> recordAll(finished, now));
            return health == null ? Map.of() : health;
        } catch (RuntimeException e) {
            log.warn("Could not record the outcome of {} webhook attempts; they are sent again when their leases run"
                    + " out: {}", finished.size(), e.toString());
            return Map.of();
        }
    }

    private Map<SubscriptionId, SenderLeases.Held> recordAll(List<DeliveryOutcomes.Outcome> finished, Instant now) {
        outcomes.attempts(finished);
        outcomes.succeeded(finished.stream().filter(outcome -> outcome.attempt().succeeded())
                .map(DeliveryOutcomes.Outcome::delivery).toList(), now);
        Map<SubscriptionId, Attempt> lastAnswers = new LinkedHashMap<>();
        for (DeliveryOutcomes.Outcome outcome : finished) {
            lastAnswers.put(outcome.delivery().subscriptionId(), outcome.attempt());
            if (!outcome.attempt().succeeded()) {
                failed(outcome.delivery(), outcome.attempt(), now);
            }
        }
        Map<SubscriptionId, SenderLeases.Held> health = new LinkedHashMap<>();
        lastAnswers.forEach((subscription, attempt) -> {
            if (attempt.succeeded()) {
                outcomes.receiverAnswered(subscription);
                health.put(subscription, new SenderLeases.Held(subscription, 0, null));
            } else if (attempt.receiverInTrouble()) {
                health.put(subscription, outcomes.receiverInTrouble(subscription, pauses, now));
            }
        });
        return health;
    }

    /** Retries the delivery or, at the end of its window, fails it. */
    private void failed(ClaimedDelivery delivery, Attempt attempt, Instant now) {
        Optional<Instant> next = retries.next(delivery.attempt(), delivery.retryFrom(), now);
        if (next.isPresent()) {
            outcomes.retryAt(delivery, next.get(), attempt.error());
            return;
        }
        outcomes.failed(delivery, now, attempt.error());
        metrics.gaveUp(delivery);
        log.info("{} failed for good after {} attempts: {}", delivery, delivery.attempt(), attempt.error());
        String reason = "every delivery failed for " + spoken(retries.window()) + " (last error: "
                + attempt.error() + "); create a new subscription once the receiver is fixed";
        if (subscriptions.disableIfNothingSucceededSince(delivery.subscriptionId(), now.minus(retries.window()),
                reason, now)) {
            log.warn("Webhook subscription {} disabled: {}", delivery.subscriptionId(), reason);
        }
    }

    static String spoken(Duration window) {
        if (window.toHours() > 0 && window.toHours() % 24 == 0) {
            long days = window.toDays();
            return days + (days == 1 ? " day" : " days");
        }
        return window.toString().substring(2).toLowerCase(java.util.Locale.ROOT);
    }
}
