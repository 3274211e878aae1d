package io.payouts.service.bankaccount;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

@Configuration(proxyBeanMethods = false)
class BankAccountConfiguration {

    /** Drivers' streams read at once for one {@code findAll}: each read is a round trip to the event store. */
    private static final int READS_AT_ONCE = 4;

    @Bean(destroyMethod = "shutdown")
    ExecutorService payeeAccountReads() {
        AtomicInteger threads = new AtomicInteger();
        return Executors.newFixedThreadPool(READS_AT_ONCE, work -> {
            Thread thread = new Thread(work, "payee-account-read-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }
}
