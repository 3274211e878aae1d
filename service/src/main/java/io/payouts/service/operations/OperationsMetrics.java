package io.payouts.service.operations;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.projection.EventProcessors;
import io.payouts.service.projection.ProcessorStatus;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletBalance;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The gauges operators alert on (ADR-0022): per event processor its lag in events and seconds, parked events,
 * replay progress and whether it runs (from the same status the admin endpoint shows); per mode the wallet's available, pending and in-transit cents. Registered
 * once Axon has built its processors.
 */
@Component
class OperationsMetrics {

    private final MeterRegistry meters;
    private final SampledFigures figures;
    private final EventProcessors processors;

    OperationsMetrics(MeterRegistry meters, SampledFigures figures, EventProcessors processors) {
        this.meters = meters;
        this.figures = figures;
        this.processors = processors;
    }

    @EventListener(ApplicationReadyEvent.class)
    void register() {
        for (ProcessorStatus processor : processors.statuses()) {
            String name = processor.name();
            processorGauge(name, "payouts.processor.lag.events", "events stored after the processor's position",
                    status -> status.lag() == null ? Double.NaN : status.lag());
            Gauge.builder("payouts.processor.lag.seconds", figures, sampled -> sampled.secondsBehind(name))
                    .tag("processor", name).description("age of the oldest event not yet handled").register(meters);
            processorGauge(name, "payouts.processor.parked.events", "events parked in the dead-letter queue",
                    ProcessorStatus::parked);
            processorGauge(name, "payouts.processor.replay.progress", "share of a replay done; 1 when not replaying",
                    status -> status.replayProgress() == null ? 1 : status.replayProgress());
            processorGauge(name, "payouts.processor.running", "1 while the processor runs, 0 stopped or failing",
                    status -> Set.of("stopped", "error").contains(status.status()) ? 0 : 1);
        }
        for (Mode mode : Mode.values()) {
            walletGauge(mode, "payouts.wallet.available", "cents available to pay out", WalletBalance::available);
            walletGauge(mode, "payouts.wallet.in.transit", "cents reserved by payouts on their way",
                    WalletBalance::inTransit);
            walletGauge(mode, "payouts.wallet.pending", "cents of top-ups not settled yet", WalletBalance::pending);
        }
    }

    private void processorGauge(String processor, String name, String description,
                                ToDoubleFunction<ProcessorStatus> value) {
        Gauge.builder(name, figures, sampled -> sampled.processor(processor).map(value::applyAsDouble)
                        .orElse(Double.NaN))
                .tag("processor", processor).description(description).register(meters);
    }

    private void walletGauge(Mode mode, String name, String description, ToDoubleFunction<WalletBalance> value) {
        Gauge.builder(name, figures, sampled -> sampled.wallet(mode).map(value::applyAsDouble).orElse(Double.NaN))
                .tag("mode", ApiEnums.name(mode)).baseUnit("cents").description(description).register(meters);
    }
}
