package io.payouts.service.projection;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** Owners and admins see every event processor and rebuild the read models that may replay (ADR-0005, ADR-0016). */
@RestController
@RequestMapping("/api/v1/admin/projections")
class ProjectionController {

    private final EventProcessors processors;

    ProjectionController(EventProcessors processors) {
        this.processors = processors;
    }

    @GetMapping
    ApiResponse<Processors> list(RequestContext context) {
        return ApiResponse.ok(context, new Processors(processors.statuses()));
    }

    @PostMapping("/{name}/rebuild")
    ApiResponse<Rebuild> rebuild(@PathVariable String name, RequestContext context) {
        processors.rebuild(name);
        return ApiResponse.ok(context, new Rebuild(name, "rebuilding"));
    }

    record Processors(List<ProcessorStatus> items) {
    }

    record Rebuild(String name, String status) {
    }
}
