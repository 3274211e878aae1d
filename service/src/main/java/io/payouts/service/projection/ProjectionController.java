package io.payouts.service.projection;

import io.payouts.service.web.ApiResponse;
import io.payouts.service.web.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Rebuilds a read model from the event store: the projection's processor stops, its token goes back to the
 * start, its reset handler clears the table, and it replays every event (ADR-0005). Admin-only once identity
 * lands (#3).
 */
@RestController
class ProjectionController {

    private final EventProcessingConfiguration processing;

    ProjectionController(EventProcessingConfiguration processing) {
        this.processing = processing;
    }

    @PostMapping("/api/v1/admin/projections/{name}/rebuild")
    ApiResponse<Rebuild> rebuild(@PathVariable String name, RequestContext context) {
        StreamingEventProcessor processor = processing.eventProcessor(name, StreamingEventProcessor.class)
                .orElseThrow(() -> new UnknownProjectionException(name));
        processor.shutDown();
        processor.resetTokens();
        processor.start();
        return ApiResponse.ok(context, new Rebuild(name, "rebuilding"));
    }

    record Rebuild(String name, String status) {
    }

    static class UnknownProjectionException extends DomainException {

        UnknownProjectionException(String name) {
            super(ErrorCode.NOT_FOUND, "no projection named " + name);
        }
    }
}
