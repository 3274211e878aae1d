package io.payouts.service.bank;

import io.payouts.bank.rail.BankRailViews;
import io.payouts.bank.rail.RailProblem;
import io.payouts.bank.rail.UnmatchedCredit;
import io.payouts.service.http.ApiPage;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Owners and admins see what the bank rail could not act on (files that do not parse, statuses for unknown payments,
 * duplicates, contradictions, payouts it could not send) and the money that came in for no top-up, newest first.
 */
@RestController
class BankRailController {

    private final BankRailViews views;

    BankRailController(BankRailViews views) {
        this.views = views;
    }

    @GetMapping("/api/v1/admin/rail/problems")
    ApiResponse<ApiPage<RailProblem>> problems(@RequestParam(required = false) Integer page,
                                               @RequestParam(required = false) Integer pageSize,
                                               RequestContext context) {
        return ApiResponse.ok(context, ApiPage.of(views.problems(Pagination.STANDARD.request(page, pageSize)),
                problem -> problem));
    }

    @GetMapping("/api/v1/admin/funding/unmatched-credits")
    ApiResponse<ApiPage<UnmatchedCredit>> unmatchedCredits(@RequestParam(required = false) Integer page,
                                                           @RequestParam(required = false) Integer pageSize,
                                                           RequestContext context) {
        return ApiResponse.ok(context, ApiPage.of(views.unmatchedCredits(Pagination.STANDARD.request(page,
                pageSize)), credit -> credit));
    }
}
