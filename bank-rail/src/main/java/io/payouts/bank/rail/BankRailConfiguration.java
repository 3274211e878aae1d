package io.payouts.bank.rail;

import io.payouts.bank.reach.CounterpartyHealth;
import io.payouts.bank.reach.CounterpartyMetrics;
import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.reach.RailProblems;
import io.payouts.bank.sftp.MinaSftpChannel;
import io.payouts.bank.sftp.SftpChannel;
import io.payouts.platform.commands.Commands;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.driver.PayeeAccounts;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The ISO 20022 bank rail, when production pays through a bank ({@code payouts.rail.production=iso20022}). The
 * company's account and the bank's connection are checked as the context starts, so a wrong setting stops the
 * service with its name. With {@code payouts.bank.simulator.enabled} the bank is a {@link LocalBank} in this process.
 * A driver's account is read through shared-api's {@link PayeeAccounts}, which the service provides (ADR-0035), as
 * each payment goes into a file.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "payouts.rail.production", havingValue = IsoPayoutRail.NAME)
@EnableConfigurationProperties(BankRailProperties.class)
class BankRailConfiguration {

    @Bean
    CompanyAccount companyAccount(BankRailProperties properties) {
        return CompanyAccount.of(properties.debtor(), properties.simulator().enabled());
    }

    @Bean(destroyMethod = "close")
    SftpChannel bankChannel(BankRailProperties properties, ObjectProvider<LocalBank> localBank) {
        LocalBank simulated = localBank.getIfAvailable();
        return new MinaSftpChannel(simulated != null ? simulated.clientSettings()
                : BankConnection.settings(properties.sftp()));
    }

    @Bean
    OutboxPayments bankOutbox(JdbcTemplate jdbc) {
        return new OutboxPayments(jdbc);
    }

    @Bean
    BankFiles bankFiles(JdbcTemplate jdbc) {
        return new BankFiles(jdbc);
    }

    @Bean
    BankLink bankLink(JdbcTemplate jdbc, Clock clock) {
        return new BankLink(jdbc, clock);
    }

    @Bean
    IsoPayoutRail isoPayoutRail(OutboxPayments outbox, PayeeAccounts payees,
                                @Qualifier("bankAccountsAhead") ExecutorService accountsAhead, Clock clock) {
        return new IsoPayoutRail(outbox, new AccountsAhead(payees, accountsAhead), clock);
    }

    /** Reads ahead the accounts of payments handed over, one hand-off after another, off the hand-off's thread. */
    @Bean(destroyMethod = "shutdown")
    ExecutorService bankAccountsAhead() {
        return Executors.newSingleThreadExecutor(work -> {
            Thread thread = new Thread(work, "bank-accounts-ahead");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Bean
    BankSubmission bankSubmission(BankRailProperties properties, OutboxPayments outbox, BankFiles files,
                                  BankLink link, CompanyAccount company, SftpChannel channel, PayeeAccounts payees,
                                  Commands commands, EventStore events, JdbcTemplate jdbc,
                                  PlatformTransactionManager transactions, Clock clock) {
        TransactionTemplate transaction = new TransactionTemplate(transactions);
        RailOutcomes outcomes = RailOutcomes.reportedBy(commands, IsoPayoutRail.CALLER);
        PayoutStreams streams = new PayoutStreams(events);
        RailProblems problems = new RailProblems(jdbc, clock);
        return new BankSubmission(
                new FileAssignment(outbox, files, new CutOffs(properties.cutoff()), transaction, clock),
                files,
                new FilePreparation(outbox, files, payees, company, outcomes, streams, transaction, clock),
                new PaymentFailures(outbox, outcomes, streams, problems, clock),
                new FileUpload(files, outbox, channel, properties.sftp().outboundFolder(), link, problems, transaction,
                        clock));
    }

    @Bean
    BankInbox bankInbox(BankRailProperties properties, OutboxPayments outbox, BankFiles files, BankLink link,
                        CompanyAccount company, SftpChannel channel, Commands commands, EventStore events,
                        JdbcTemplate jdbc, Clock clock) {
        RailOutcomes outcomes = RailOutcomes.reportedBy(commands, IsoPayoutRail.CALLER);
        RailProblems problems = new RailProblems(jdbc, clock);
        StatusApplier applier = new StatusApplier(outbox, outcomes, new PayoutStreams(events), problems, clock);
        return new BankInbox(channel, properties.sftp(), new InboundClaims(jdbc, clock),
                new StatusReports(applier, files, outbox, problems),
                new Notifications(applier, new TopUpCredits(jdbc, outcomes, company.currency(), clock), problems),
                problems, link);
    }

    @Bean
    CounterpartyHealth bankHealthIndicator(BankLink link, BankFiles files, Clock clock) {
        return new CounterpartyHealth(link, files::waiting, "filesWaiting", "the bank rail's state could not be read",
                clock);
    }

    @Bean
    CounterpartyMetrics bankMetrics(BankLink link, BankFiles files, Clock clock) {
        return new CounterpartyMetrics(link, files::waiting, new CounterpartyMetrics.Gauges(
                "payouts.rail.bank.reachable", "1 while the bank answers, 0 while it does not",
                "payouts.rail.files.waiting", "pain.001 files not at the bank yet",
                "payouts.rail.oldest.waiting.seconds", "how long the oldest file has waited for the bank"), clock);
    }
}
