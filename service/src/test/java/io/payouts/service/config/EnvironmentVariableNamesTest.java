package io.payouts.service.config;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;

import java.io.IOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The environment variables the README documents reach their properties. Spring's relaxed binding alone would
 * expect dashes dropped (PAYOUTS_RATELIMIT_CAPACITY), so application.yml maps the documented names.
 */
class EnvironmentVariableNamesTest {

    @ParameterizedTest
    @CsvSource({
            "PAYOUTS_OWNER_EMAIL, payouts.owner.email, boss@example.com",
            "PAYOUTS_OWNER_PASSWORD, payouts.owner.password, s3cret-pass-word",
            "PAYOUTS_SESSIONS_TTL, payouts.sessions.ttl, 2h",
            "PAYOUTS_EMBEDDED_POSTGRES_DATA_DIR, payouts.embedded-postgres.data-dir, /var/lib/payouts",
            "PAYOUTS_EMBEDDED_POSTGRES_PORT, payouts.embedded-postgres.port, 5499",
            "PAYOUTS_EMBEDDED_POSTGRES_STOP_TIMEOUT, payouts.embedded-postgres.stop-timeout, 5s",
            "PAYOUTS_READ_YOUR_WRITES_TIMEOUT, payouts.read-your-writes.timeout, 3s",
            "PAYOUTS_LISTS_CATCH_UP_TIMEOUT, payouts.lists.catch-up-timeout, 1s",
            "PAYOUTS_API_KEYS_LOOKUP_CACHE_TTL, payouts.api-keys.lookup-cache-ttl, 5s",
            "PAYOUTS_READ_MODELS_READ_AHEAD, payouts.read-models.read-ahead, 500",
            "PAYOUTS_COMMANDS_PAYOUT_CACHE_SIZE, payouts.commands.payout-cache-size, 500",
            "PAYOUTS_COMMANDS_BATCH_CACHE_SIZE, payouts.commands.batch-cache-size, 50",
            "PAYOUTS_HTTP_MAX_BODY_SIZE, payouts.http.max-body-size, 2MB",
            "PAYOUTS_RATE_LIMIT_CAPACITY, payouts.rate-limit.capacity, 7",
            "PAYOUTS_RATE_LIMIT_REFILL_PER_MINUTE, payouts.rate-limit.refill-per-minute, 9",
            "PAYOUTS_IDEMPOTENCY_TTL, payouts.idempotency.ttl, 1h",
            "PAYOUTS_IDEMPOTENCY_WAIT, payouts.idempotency.wait, 2s",
            "PAYOUTS_IDEMPOTENCY_IN_PROGRESS_TIMEOUT, payouts.idempotency.in-progress-timeout, 30s",
            "PAYOUTS_RAIL_STANDARD_DELAY, payouts.rail.standard-delay, 1s",
            "PAYOUTS_RAIL_INSTANT_DELAY, payouts.rail.instant-delay, 2s",
            "PAYOUTS_RAIL_POLL_INTERVAL, payouts.rail.poll-interval, 50ms",
            "PAYOUTS_RAIL_SIMULATED_ENABLED, payouts.rail.simulated.enabled, false",
            "PAYOUTS_RAIL_PRODUCTION, payouts.rail.production, iso20022",
            "PAYOUTS_RAIL_HTTP_URL, payouts.rail.http.url, https://provider.example/v1/payouts",
            "PAYOUTS_RAIL_HTTP_SIGNING_SECRET, payouts.rail.http.signing-secret, whsec_provider",
            "PAYOUTS_RAIL_HTTP_TIMEOUT, payouts.rail.http.timeout, 5s",
            "PAYOUTS_RAIL_HTTP_RETRY_INITIAL_DELAY, payouts.rail.http.retry-initial-delay, 2s",
            "PAYOUTS_RAIL_HTTP_RETRY_MAX_DELAY, payouts.rail.http.retry-max-delay, 10m",
            "PAYOUTS_RAIL_HTTP_POLL_INTERVAL, payouts.rail.http.poll-interval, 500ms",
            "PAYOUTS_BANK_CUTOFF, payouts.bank.cutoff, 5m",
            "PAYOUTS_BANK_POLL_INTERVAL, payouts.bank.poll-interval, 2s",
            "PAYOUTS_BANK_DEBTOR_NAME, payouts.bank.debtor.name, Acme Rides Inc",
            "PAYOUTS_BANK_DEBTOR_ROUTING_NUMBER, payouts.bank.debtor.routing-number, 021000021",
            "PAYOUTS_BANK_DEBTOR_ACCOUNT_NUMBER, payouts.bank.debtor.account-number, 4000123456",
            "PAYOUTS_BANK_DEBTOR_ACCOUNT_TYPE, payouts.bank.debtor.account-type, savings",
            "PAYOUTS_BANK_DEBTOR_IBAN, payouts.bank.debtor.iban, DE89370400440532013000",
            "PAYOUTS_BANK_DEBTOR_BIC, payouts.bank.debtor.bic, COBADEFFXXX",
            "PAYOUTS_BANK_SFTP_HOST, payouts.bank.sftp.host, sftp.bank.example",
            "PAYOUTS_BANK_SFTP_PORT, payouts.bank.sftp.port, 2222",
            "PAYOUTS_BANK_SFTP_USERNAME, payouts.bank.sftp.username, acme",
            "PAYOUTS_BANK_SFTP_PASSWORD, payouts.bank.sftp.password, s3cret",
            "PAYOUTS_BANK_SFTP_PRIVATE_KEY, payouts.bank.sftp.private-key, -----BEGIN OPENSSH PRIVATE KEY-----",
            "PAYOUTS_BANK_SFTP_PRIVATE_KEY_FILE, payouts.bank.sftp.private-key-file, /etc/payouts/bank_ed25519",
            "PAYOUTS_BANK_SFTP_HOST_KEY, payouts.bank.sftp.host-key, SHA256:abc",
            "PAYOUTS_BANK_SFTP_OUTBOUND_FOLDER, payouts.bank.sftp.outbound-folder, to-bank",
            "PAYOUTS_BANK_SFTP_INBOUND_FOLDER, payouts.bank.sftp.inbound-folder, from-bank",
            "PAYOUTS_BANK_SFTP_ARCHIVE_FOLDER, payouts.bank.sftp.archive-folder, done",
            "PAYOUTS_BANK_SIMULATOR, payouts.bank.simulator.enabled, true",
            "PAYOUTS_BANK_SIMULATOR_DIRECTORY, payouts.bank.simulator.directory, /tmp/bank",
            "PAYOUTS_BANK_SIMULATOR_PORT, payouts.bank.simulator.port, 2222",
            "PAYOUTS_BANK_SIMULATOR_REJECT_ACCOUNTS, payouts.bank.simulator.reject-accounts, 0000066666:AC01",
            "PAYOUTS_BANK_SIMULATOR_RETURN_ACCOUNTS, payouts.bank.simulator.return-accounts, 0000044444:AC04",
            "PAYOUTS_WEBHOOKS_ALLOW_INSECURE_TARGETS, payouts.webhooks.allow-insecure-targets, true",
            "PAYOUTS_WEBHOOKS_RETRY_INITIAL_DELAY, payouts.webhooks.retry-initial-delay, 5s",
            "PAYOUTS_WEBHOOKS_RETRY_WINDOW, payouts.webhooks.retry-window, 1h",
            "PAYOUTS_WEBHOOKS_POLL_INTERVAL, payouts.webhooks.poll-interval, 200ms",
            "PAYOUTS_WEBHOOKS_MAX_CONCURRENT_DELIVERIES, payouts.webhooks.max-concurrent-deliveries, 4",
            "PAYOUTS_WEBHOOKS_CONCURRENCY_PER_SUBSCRIPTION, payouts.webhooks.concurrency-per-subscription, 6",
            "PAYOUTS_WEBHOOKS_INBOUND_SECRET, payouts.webhooks.inbound-secret, whsec_0123",
            "PAYOUTS_WEBHOOKS_LOG_RETENTION, payouts.webhooks.log-retention, 7d",
            "PAYOUTS_MANAGEMENT_TOKEN, payouts.management.token, scrape-token-0123",
            "PAYOUTS_MANAGEMENT_MAX_PROCESSOR_LAG, payouts.management.max-processor-lag, 500",
            "PAYOUTS_MANAGEMENT_SAMPLE_INTERVAL, payouts.management.sample-interval, 5s",
            "PAYOUTS_SHUTDOWN_DRAIN, payouts.shutdown.drain, 3s",
            "PAYOUTS_SANDBOX_SLOW_RESPONSE_DELAY, payouts.sandbox.slow-response-delay, 500ms",
            "PAYOUTS_SANDBOX_KYC_VERIFICATION_DELAY, payouts.sandbox.kyc-verification-delay, 3s",
            "PAYOUTS_SANDBOX_POLL_INTERVAL, payouts.sandbox.poll-interval, 100ms",
            "PAYOUTS_SANDBOX_RESET_TIMEOUT, payouts.sandbox.reset-timeout, 10s",
            "PAYOUTS_SANDBOX_RESET_KEEPS_EVENTS, payouts.sandbox.reset-keeps-events, true",
            "PAYOUTS_AUDIT_COPIES_EVENTS, payouts.audit.copies-events, true",
            "PAYOUTS_BATCHES_RELEASE_POLL_INTERVAL, db-scheduler.polling-interval, 5s"})
    void aDocumentedEnvironmentVariableSetsItsProperty(String variable, String property, String value) throws IOException {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        Map.of(variable, value)));
        for (PropertySource<?> source : new YamlPropertySourceLoader()
                .load("application.yml", new ClassPathResource("application.yml"))) {
            environment.getPropertySources().addLast(source);
        }

        assertThat(Binder.get(environment).bind(property, String.class).get()).isEqualTo(value);
    }
}
