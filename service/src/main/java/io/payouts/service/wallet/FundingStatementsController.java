package io.payouts.service.wallet;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.QueryDates;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.wallet.FindFundingStatementQuery;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Finance's daily funding statement of the caller's mode, as JSON or CSV (ADR-0042). */
@RestController
class FundingStatementsController {

    private final Funding funding;

    FundingStatementsController(Funding funding) {
        this.funding = funding;
    }

    /**
     * {@code format=csv} writes the lines as CSV itself and answers nothing more; the format is a parameter rather
     * than an Accept header so that a refusal is still the JSON error envelope and a link can name it. The days are
     * required by the query, after the format is checked, so each refusal names the parameter that caused it.
     */
    @GetMapping("/api/v1/funding/statements")
    ApiResponse<StatementResponse> daily(@RequestParam(required = false) String from,
                                         @RequestParam(required = false) String to,
                                         @RequestParam(required = false) String format,
                                         RequestContext context, HttpServletResponse response)
            throws IOException {
        StatementFormat answer = format == null ? StatementFormat.JSON
                : ApiEnums.parse(StatementFormat.class, "format", format);
        FindFundingStatementQuery query = new FindFundingStatementQuery(context.mode(),
                QueryDates.parse("from", from), QueryDates.parse("to", to));
        StatementResponse statement = StatementResponse.of(funding.statement(query));
        if (answer == StatementFormat.JSON) {
            return ApiResponse.ok(context, statement);
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(StatementCsv.MEDIA_TYPE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"funding-statement-"
                + ApiEnums.name(context.mode()) + "-" + query.from() + "-" + query.to() + ".csv\"");
        response.getWriter().write(StatementCsv.of(statement));
        response.getWriter().flush();
        return null;
    }
}
