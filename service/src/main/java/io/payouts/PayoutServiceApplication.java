package io.payouts;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration;

/**
 * The payout service: HTTP API, command side, projections and webhook projector in one JVM (ADR-0003). It sits
 * in the root package so component, entity and repository scanning cover every module. Spring Boot's generated
 * in-memory user is left out: callers are API keys and sessions (ADR-0009), and it would only log a password that
 * nothing accepts.
 */
@SpringBootApplication(exclude = UserDetailsServiceAutoConfiguration.class)
public class PayoutServiceApplication {

    public static void main(String[] args) {
        // Axon 4.13 otherwise calls home at start-up; the service must not need the network.
        System.setProperty("axoniq.update-checker.disabled",
                System.getProperty("axoniq.update-checker.disabled", "true"));
        SpringApplication.run(PayoutServiceApplication.class, args);
    }
}
