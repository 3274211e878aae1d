package io.payouts.service.access;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * How repeated wrong passwords for one account are slowed down and then locked out (ADR-0041).
 *
 * @param window        failures count while this long has not passed since the first of them
 * @param slowDownAfter from this many failures in the window, each further try waits a delay
 * @param firstDelay    the first delay; each further failure doubles it
 * @param maxDelay      no delay grows beyond this
 * @param lockAfter     this many failures in the window lock the account
 * @param lockDuration  how long a lock lasts; even the right password is refused meanwhile
 */
@ConfigurationProperties("payouts.sign-in")
public record SignInThrottleProperties(@DefaultValue("15m") Duration window,
                                       @DefaultValue("5") int slowDownAfter,
                                       @DefaultValue("1s") Duration firstDelay,
                                       @DefaultValue("1m") Duration maxDelay,
                                       @DefaultValue("10") int lockAfter,
                                       @DefaultValue("15m") Duration lockDuration) {

    public SignInThrottleProperties {
        if (slowDownAfter < 1 || lockAfter < slowDownAfter) {
            throw new IllegalArgumentException("payouts.sign-in needs 1 <= slow-down-after <= lock-after, was "
                    + slowDownAfter + " and " + lockAfter);
        }
    }
}
