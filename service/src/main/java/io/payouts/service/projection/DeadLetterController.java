package io.payouts.service.projection;

import io.payouts.service.http.ApiPage;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * Owners and admins look after the events processors parked (ADR-0016): list them, retry a parked event's sequence
 * or every sequence once its cause is fixed, or evict an event the processor must never apply.
 */
@RestController
@RequestMapping("/api/v1/admin/dead-letters")
class DeadLetterController {

    private final DeadLetters deadLetters;

    DeadLetterController(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    /** Oldest sequence first, each sequence in the order it would be applied; {@code processor} filters. */
    @GetMapping
    ApiResponse<ApiPage<ParkedEvent>> list(@RequestParam(required = false) Integer page,
                                          @RequestParam(required = false) Integer pageSize,
                                          @RequestParam(required = false) String processor,
                                          RequestContext context) {
        PageRequest request = Pagination.STANDARD.request(page, pageSize);
        List<ParkedEvent> parked = deadLetters.all().stream()
                .filter(event -> processor == null || event.processor().equals(processor)).toList();
        List<ParkedEvent> onPage = parked.stream().skip(request.offset()).limit(request.pageSize()).toList();
        return ApiResponse.ok(context, ApiPage.of(new ResultPage<>(onPage, parked.size(), request.page(),
                request.pageSize()), event -> event));
    }

    @PostMapping("/{id}/retry")
    ApiResponse<Retried> retry(@PathVariable String id, RequestContext context) {
        List<ParkedEvent> stillParked = deadLetters.retry(id);
        return ApiResponse.ok(context, new Retried(stillParked.isEmpty(), stillParked));
    }

    @PostMapping("/retry")
    ApiResponse<Retried> retryAll(RequestContext context) {
        List<ParkedEvent> stillParked = deadLetters.retryAll();
        return ApiResponse.ok(context, new Retried(stillParked.isEmpty(), stillParked));
    }

    @DeleteMapping("/{id}")
    ApiResponse<ParkedEvent> evict(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, deadLetters.evict(id));
    }

    /** {@code applied}: nothing of what was retried is parked any more; {@code stillParked}: what is. */
    record Retried(boolean applied, List<ParkedEvent> stillParked) {
    }
}
