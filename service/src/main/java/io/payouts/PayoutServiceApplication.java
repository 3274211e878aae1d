package io.payouts;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The payout service: HTTP API, command side, projections and webhook projector in one JVM (ADR-0003). It sits
 * in the root package so component, entity and repository scanning cover every module.
 */
@SpringBootApplication
public class PayoutServiceApplication {

    public static void main(String[] args) {
        // Axon 4.13 otherwise calls home at start-up; the service must not need the network.
        System.setProperty("axoniq.update-checker.disabled",
                System.getProperty("axoniq.update-checker.disabled", "true"));
        SpringApplication.run(PayoutServiceApplication.class, args);
    }
}
