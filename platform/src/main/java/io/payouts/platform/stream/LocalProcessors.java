package io.payouts.platform.stream;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.beans.factory.ObjectProvider;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** This instance's streaming processors, as both adapters see them. */
final class LocalProcessors {

    private final ObjectProvider<EventProcessingConfiguration> processing;

    LocalProcessors(ObjectProvider<EventProcessingConfiguration> processing) {
        this.processing = processing;
    }

    /** The processor of a processing group when it runs here, live and without failure. */
    Optional<StreamingEventProcessor> live(String processingGroup) {
        EventProcessingConfiguration processors = processing.getIfAvailable();
        StreamingEventProcessor processor = processors == null ? null
                : processors.eventProcessor(processingGroup, StreamingEventProcessor.class).orElse(null);
        if (processor == null || !processor.isRunning() || processor.isError()) {
            return Optional.empty();
        }
        return Optional.of(processor);
    }

    /** Every streaming processor configured here, by name. */
    Map<String, StreamingEventProcessor> streaming() {
        Map<String, StreamingEventProcessor> streaming = new TreeMap<>();
        EventProcessingConfiguration processors = processing.getIfAvailable();
        if (processors != null) {
            processors.eventProcessors().forEach((name, processor) -> {
                if (processor instanceof StreamingEventProcessor candidate) {
                    streaming.put(name, candidate);
                }
            });
        }
        return streaming;
    }
}
