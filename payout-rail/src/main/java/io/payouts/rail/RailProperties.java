package io.payouts.rail;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;
import java.util.Objects;

/**
 * The payout rail (decisions.md, Configuration; ADR-0012).
 *
 * @param standardDelay time from queued to completed on the simulated standard rail
 * @param instantDelay  time from the request to completed on the simulated instant rail
 * @param pollInterval  how often the simulated rail looks for steps that came due
 * @param simulated     whether the built-in simulated rail moves payouts
 * @param production    the rail that pays production payouts; the sandbox always uses the simulated one
 */
@ConfigurationProperties("payouts.rail")
public record RailProperties(@DefaultValue("10s") Duration standardDelay, @DefaultValue("30s") Duration instantDelay,
                             @DefaultValue("250ms") Duration pollInterval, @DefaultValue Simulated simulated,
                             @DefaultValue("simulated") ProductionRail production) {

    @ConstructorBinding
    public RailProperties {
        requireNotNegative("payouts.rail.standard-delay", standardDelay);
        requireNotNegative("payouts.rail.instant-delay", instantDelay);
        if (pollInterval.isNegative() || pollInterval.toMillis() < 1) {
            throw new IllegalArgumentException("payouts.rail.poll-interval must be at least 1ms, was " + pollInterval);
        }
        Objects.requireNonNull(production, "payouts.rail.production");
    }

    /** Production on the simulated rail. */
    public RailProperties(Duration standardDelay, Duration instantDelay, Duration pollInterval, Simulated simulated) {
        this(standardDelay, instantDelay, pollInterval, simulated, ProductionRail.SIMULATED);
    }

    /** The estimatedSettlement an instant payout answers with, from the instant delay: "about 30 seconds". */
    public String instantEstimate() {
        return "about " + spoken(instantDelay);
    }

    /** Whole seconds, or whole minutes or hours when the delay is a multiple of one; at least one second. */
    static String spoken(Duration delay) {
        long seconds = Math.max(1, Math.round(delay.toMillis() / 1000.0));
        if (seconds % 3600 == 0) {
            return plural(seconds / 3600, "hour");
        }
        if (seconds % 60 == 0) {
            return plural(seconds / 60, "minute");
        }
        return plural(seconds, "second");
    }

    private static String plural(long count, String unit) {
        return count + " " + unit + (count == 1 ? "" : "s");
    }

    private static void requireNotNegative(String name, Duration value) {
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " cannot be negative, was " + value);
        }
    }

    /** @param enabled false leaves payouts where they are until something else reports on them */
    public record Simulated(@DefaultValue("true") boolean enabled) {
    }
}
