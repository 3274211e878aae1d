package io.payouts.service.operations;

import io.payouts.service.projection.EventProcessors;
import io.payouts.service.projection.ProcessorStatus;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Part of readiness (ADR-0022): DOWN while an event processor is stopped or more than
 * {@code payouts.management.max-processor-lag} events behind the head, since reads would then answer from stale
 * read models (and writes would wait for them, ADR-0005). Named readModels in the health groups.
 */
@Component("readModels")
class ReadModelsHealthIndicator extends AbstractHealthIndicator {

    private final EventProcessors processors;
    private final ManagementProperties properties;

    ReadModelsHealthIndicator(EventProcessors processors, ManagementProperties properties) {
        super("the event processors could not be read");
        this.processors = processors;
        this.properties = properties;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        Map<String, Object> behind = new LinkedHashMap<>();
        for (ProcessorStatus processor : processors.statuses()) {
            if (fallenBehind(processor, properties.maxProcessorLag())) {
                behind.put(processor.name(), "stopped".equals(processor.status()) ? "stopped"
                        : processor.lag() + " events behind");
            }
        }
        builder.status(behind.isEmpty() ? "UP" : "DOWN").withDetail("maxLag", properties.maxProcessorLag());
        if (!behind.isEmpty()) {
            builder.withDetail("behind", behind);
        }
    }

    /**
     * A stopped processor, or one further behind than the limit, serves stale answers. One whose segments another
     * instance holds has no position here and is not judged.
     */
    static boolean fallenBehind(ProcessorStatus processor, long maxLag) {
        return "stopped".equals(processor.status()) || (processor.lag() != null && processor.lag() > maxLag);
    }
}
