package io.payouts.service;

import io.payouts.bank.provider.ProviderRailProperties;
import io.payouts.bank.provider.ProviderSubmission;
import io.payouts.bank.rail.BankInbox;
import io.payouts.bank.rail.BankRailProperties;
import io.payouts.bank.rail.BankSubmission;
import io.payouts.query.consistency.SetAsideIndexes;
import io.payouts.rail.RailProperties;
import io.payouts.rail.SimulatedRailRunner;
import io.payouts.service.access.SignInThrottle;
import io.payouts.service.http.idempotency.IdempotencyRecords;
import io.payouts.service.http.ratelimit.RateLimiter;
import io.payouts.service.projection.EventProcessors;
import io.payouts.service.platform.JobLeases;
import io.payouts.service.platform.Poller;
import io.payouts.sandbox.SandboxKycVerifier;
import io.payouts.sandbox.SandboxProperties;
import io.payouts.service.wallet.ShortfallWatch;
import io.payouts.webhook.delivery.BacklogGauges;
import io.payouts.webhook.delivery.DeliveryRetention;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Everything the service runs on a timer, in one place (ADR-0028): the modules offer a round, this class decides when
 * it runs, at the interval its {@code @Scheduled} names. A round runs on the one instance holding its lease in
 * {@code job_lease}, but for the webhook backlog's gauges (each instance's registry is scraped) and the replay check
 * (only the instance working a replay sees its end). A scheduled batch's release (a deadline of the batch saga,
 * ADR-0013) and the webhook dispatcher's loop (ADR-0030) are not rounds and live with their owners.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class Scheduling {

    private static final Logger log = LoggerFactory.getLogger(Scheduling.class);

    private static final Duration CLEAN_UP_LEASE = Duration.ofMinutes(9);

    private final RateLimiter rateLimits;
    private final IdempotencyRecords idempotencyRecords;
    private final SignInThrottle signInThrottle;
    private final DeliveryRetention webhookLogs;
    private final BacklogGauges webhookBacklog;
    private final SetAsideIndexes setAsideIndexes;
    private final EventProcessors processors;
    private final Clock clock;
    private final JobLeases leases;
    private final Duration webhookRetentionLease;

    Scheduling(RateLimiter rateLimits, IdempotencyRecords idempotencyRecords, SignInThrottle signInThrottle,
               DeliveryRetention webhookLogs,
               BacklogGauges webhookBacklog, SetAsideIndexes setAsideIndexes, EventProcessors processors,
               Clock clock, JdbcTemplate jdbc,
               @Value("${payouts.webhooks.retention-check-interval:1h}") Duration webhookRetentionInterval) {
        this.rateLimits = rateLimits;
        this.idempotencyRecords = idempotencyRecords;
        this.signInThrottle = signInThrottle;
        this.webhookLogs = webhookLogs;
        this.webhookBacklog = webhookBacklog;
        this.setAsideIndexes = setAsideIndexes;
        this.processors = processors;
        this.clock = clock;
        this.leases = new JobLeases(jdbc);
        this.webhookRetentionLease = webhookRetentionInterval.multipliedBy(9).dividedBy(10);
    }

    /**
     * The timers' own thread. Without a {@code TaskScheduler} Spring runs every {@code @Scheduled} method on the one
     * {@code ScheduledExecutorService} it finds, the command gateway's retries, whose waits a long round would hold up.
     */
    @Bean
    ThreadPoolTaskScheduler taskScheduler() {
        ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
        scheduler.setThreadNamePrefix("timers-");
        return scheduler;
    }

    /** Runs only when the rail module provides a runner (the simulated rail is enabled). */
    @Bean
    Poller simulatedRailPolling(ObjectProvider<SimulatedRailRunner> runner, RailProperties properties) {
        return Poller.leased(properties.pollInterval(), "simulated-rail", leases,
                () -> runner.ifAvailable(SimulatedRailRunner::runDueSteps));
    }

    /** The bank rail's sending: files for instant payouts and due cut-offs, written and uploaded (ADR-0033). */
    @Bean
    @ConditionalOnProperty(name = "payouts.rail.production", havingValue = "iso20022")
    Poller bankSubmissionPolling(BankSubmission submission, BankRailProperties properties) {
        return Poller.leased(properties.pollInterval(), () -> submission.untilNextRound(properties.pollInterval()),
                "bank-submission", leases, submission::runRound);
    }

    /** The bank rail's reading: status reports and notifications from the bank's folder (ADR-0034). */
    @Bean
    @ConditionalOnProperty(name = "payouts.rail.production", havingValue = "iso20022")
    Poller bankInboxPolling(BankInbox inbox, BankRailProperties properties) {
        return Poller.leased(properties.pollInterval(), "bank-inbox", leases, inbox::runRound);
    }

    /** The provider rail's round: requests built, sent and retried, the payouts told what came of them (ADR-0036). */
    @Bean
    @ConditionalOnProperty(name = "payouts.rail.production", havingValue = "http")
    Poller providerSubmissionPolling(ProviderSubmission submission, ProviderRailProperties properties) {
        return Poller.leased(properties.pollInterval(), "provider-submission", leases, submission::runRound);
    }

    @Bean
    Poller shortfallWatchPolling(ShortfallWatch watch,
                                 @Value("${payouts.funding.shortfall-check-interval:1m}") Duration interval) {
        return Poller.leased(interval, "shortfall-watch", leases, watch::runRound);
    }

    @Bean
    Poller sandboxKycPolling(SandboxKycVerifier verifier, SandboxProperties properties) {
        return Poller.leased(properties.pollInterval(), "sandbox-kyc", leases, verifier::verifyDue);
    }

    /**
     * Every client address that ever called leaves a row; rows of buckets that have refilled are deleted (were two
     * instances to run it at once, Bucket4j skips rows another transaction holds).
     */
    @Scheduled(initialDelay = 10, fixedDelay = 10, timeUnit = TimeUnit.MINUTES)
    void removeIdleRateLimitBuckets() {
        remove("rate-limit-retention", "idle rate-limit buckets", rateLimits::removeExpiredBuckets);
    }

    /**
     * Expired records answer nothing (a new request replaces one), but without this every key ever used would keep
     * its row (were two instances to run it at once, each skips rows another is deleting).
     */
    @Scheduled(initialDelay = 10, fixedDelay = 10, timeUnit = TimeUnit.MINUTES)
    void removeExpiredIdempotencyRecords() {
        remove("idempotency-retention", "expired idempotency records",
                () -> idempotencyRecords.removeExpired(clock.instant()));
    }

    /** A failure count whose window and wait are over refuses nothing; without this, every e-mail tried keeps a row. */
    @Scheduled(initialDelay = 10, fixedDelay = 10, timeUnit = TimeUnit.MINUTES)
    void removeSpentSignInFailures() {
        remove("sign-in-throttle-retention", "spent sign-in failure counts", signInThrottle::removeExpired);
    }

    @Scheduled(initialDelayString = "${payouts.webhooks.retention-check-interval:1h}",
            fixedDelayString = "${payouts.webhooks.retention-check-interval:1h}")
    void forgetOldWebhookLogs() {
        if (leases.tryHold("webhook-log-retention", webhookRetentionLease)) {
            webhookLogs.purge();
        }
    }

    @Scheduled(fixedDelayString = "${payouts.management.sample-interval:15s}")
    void sampleWebhookBacklog() {
        try {
            webhookBacklog.sample();
        } catch (RuntimeException e) {
            log.debug("Could not sample the webhook backlog; next try at the next interval: {}", e.toString());
        }
    }

    @Scheduled(fixedDelayString = "${payouts.read-models.replay-check-interval:1s}")
    void restoreIndexesAfterReplays() {
        Set<String> awaiting;
        try {
            awaiting = setAsideIndexes.awaitingReplays();
        } catch (RuntimeException e) {
            log.debug("Could not look for indexes set aside; next try at the next interval: {}", e.toString());
            return;
        }
        for (String group : awaiting) {
            if (processors.replayOverHere(group)) {
                try {
                    setAsideIndexes.restore(group);
                } catch (RuntimeException e) {
                    log.warn("Could not create {}'s indexes again; next try at the next interval", group, e);
                }
            }
        }
    }

    /** Runs a removal if this instance holds its job's lease; a failed one only waits for the next round. */
    private void remove(String job, String what, IntSupplier removal) {
        try {
            if (leases.tryHold(job, CLEAN_UP_LEASE)) {
                log.debug("Removed {} {}", removal.getAsInt(), what);
            }
        } catch (RuntimeException e) {
            log.warn("Could not remove {}; next try in 10 minutes: {}", what, e.toString());
        }
    }
}
