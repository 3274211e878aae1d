package io.payouts.service.operations;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Part of readiness (ADR-0022): DOWN while an event processor is stopped or more than
 * {@code payouts.management.max-processor-lag} events behind the head, since reads would then answer from stale
 * read models (and writes would wait for them, ADR-0005). Named readModels in the health groups.
 */
@Component("readModels")
class ReadModelsHealthIndicator extends AbstractHealthIndicator {

    private final EventProcessorStates states;
    private final ManagementProperties properties;

    ReadModelsHealthIndicator(EventProcessorStates states, ManagementProperties properties) {
        super("the event processors could not be read");
        this.states = states;
        this.properties = properties;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        List<ProcessorState> all = states.read();
        Map<String, Object> behind = new LinkedHashMap<>();
        for (ProcessorState state : all) {
            if (state.fallenBehind(properties.maxProcessorLag())) {
                behind.put(state.name(), state.running() ? state.lagEvents() + " events behind" : "stopped");
            }
        }
        builder.status(behind.isEmpty() ? "UP" : "DOWN").withDetail("maxLag", properties.maxProcessorLag());
        if (!behind.isEmpty()) {
            builder.withDetail("behind", behind);
        }
    }
}
