package io.payouts.service.access;

import io.payouts.shared.apikey.Scope;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.util.matcher.RequestMatcher;

import java.util.List;
import java.util.Optional;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.withDefaults;

/** Which scope each resource endpoint needs (decisions.md, Identity and access). Every new endpoint joins it. */
public final class ScopeMatrix {

    public static final List<Rule> RULES = List.of(
            new Rule(HttpMethod.GET, "/api/v1/drivers", Scope.DRIVERS_READ),
            new Rule(HttpMethod.GET, "/api/v1/drivers/{id}", Scope.DRIVERS_READ),
            new Rule(HttpMethod.GET, "/api/v1/drivers/{id}/payouts", Scope.DRIVERS_READ),
            new Rule(HttpMethod.POST, "/api/v1/drivers", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/drivers/bulk", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.PUT, "/api/v1/drivers/{id}", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.DELETE, "/api/v1/drivers/{id}", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/drivers/{id}/kyc", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.GET, "/api/v1/drivers/{id}/bank-account", Scope.DRIVERS_READ),
            new Rule(HttpMethod.PUT, "/api/v1/drivers/{id}/bank-account", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.DELETE, "/api/v1/drivers/{id}/bank-account", Scope.DRIVERS_WRITE),
            new Rule(HttpMethod.GET, "/api/v1/payouts", Scope.PAYOUTS_READ),
            new Rule(HttpMethod.GET, "/api/v1/payouts/instant/fee", Scope.PAYOUTS_READ),
            new Rule(HttpMethod.GET, "/api/v1/payouts/{id}", Scope.PAYOUTS_READ),
            new Rule(HttpMethod.POST, "/api/v1/payouts", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/instant", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/bulk", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/bulk/cancel", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/bulk/retry", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/{id}/cancel", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/{id}/retry", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/{id}/approve", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/{id}/reject", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.GET, "/api/v1/approvals", Scope.PAYOUTS_READ),
            new Rule(HttpMethod.GET, "/api/v1/approvals/policy", Scope.PAYOUTS_READ),
            new Rule(HttpMethod.PUT, "/api/v1/approvals/policy", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/funding/topup", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.GET, "/api/v1/balance", Scope.BALANCE_READ),
            new Rule(HttpMethod.GET, "/api/v1/funding/transactions", Scope.BALANCE_READ),
            new Rule(HttpMethod.GET, "/api/v1/funding/topups", Scope.BALANCE_READ),
            new Rule(HttpMethod.GET, "/api/v1/funding/projection", Scope.BALANCE_READ),
            new Rule(HttpMethod.GET, "/api/v1/funding/statements", Scope.BALANCE_READ),
            new Rule(HttpMethod.GET, "/api/v1/funding/alerts", Scope.BALANCE_READ),
            new Rule(HttpMethod.PUT, "/api/v1/funding/alerts", Scope.BALANCE_READ),
            new Rule(HttpMethod.POST, "/api/v1/webhooks", Scope.WEBHOOKS_MANAGE),
            new Rule(HttpMethod.GET, "/api/v1/webhooks", Scope.WEBHOOKS_MANAGE),
            new Rule(HttpMethod.DELETE, "/api/v1/webhooks/{id}", Scope.WEBHOOKS_MANAGE),
            new Rule(HttpMethod.POST, "/api/v1/webhooks/{id}/rotate-secret", Scope.WEBHOOKS_MANAGE),
            new Rule(HttpMethod.GET, "/api/v1/webhooks/logs", Scope.WEBHOOKS_MANAGE),
            new Rule(HttpMethod.POST, "/api/v1/webhooks/deliveries/{id}/resend", Scope.WEBHOOKS_MANAGE),
            new Rule(HttpMethod.GET, "/api/v1/batches", Scope.BATCHES_READ),
            new Rule(HttpMethod.GET, "/api/v1/batches/{id}", Scope.BATCHES_READ),
            new Rule(HttpMethod.GET, "/api/v1/scheduled-payouts", Scope.BATCHES_READ),
            new Rule(HttpMethod.GET, "/api/v1/scheduled-payouts/stats", Scope.BATCHES_READ),
            new Rule(HttpMethod.POST, "/api/v1/batches", Scope.BATCHES_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/batches/{id}/release", Scope.BATCHES_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/batches/{id}/run", Scope.BATCHES_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/batches/{id}/approve", Scope.BATCHES_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/batches/{id}/reject", Scope.BATCHES_WRITE),
            // Histories are read like their resources (ADR-0027); the events API checks each event type's scope itself.
            new Rule(HttpMethod.GET, "/api/v1/drivers/{id}/history", Scope.DRIVERS_READ),
            new Rule(HttpMethod.GET, "/api/v1/payouts/{id}/history", Scope.PAYOUTS_READ),
            new Rule(HttpMethod.GET, "/api/v1/batches/{id}/history", Scope.BATCHES_READ),
            new Rule(HttpMethod.GET, "/api/v1/funding/topups/{id}/history", Scope.BALANCE_READ),
            new Rule(HttpMethod.DELETE, "/api/v1/drivers/{id}/personal-data", Scope.DRIVERS_WRITE));

    /** Resource endpoints that also need an owner's or admin's credential (OwnersAndAdmins, ADR-0043, ADR-0046). */
    public static final List<Rule> OWNERS_AND_ADMINS = List.of(
            new Rule(HttpMethod.PUT, "/api/v1/funding/alerts", Scope.BALANCE_READ),
            new Rule(HttpMethod.PUT, "/api/v1/approvals/policy", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/{id}/approve", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/payouts/{id}/reject", Scope.PAYOUTS_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/batches/{id}/approve", Scope.BATCHES_WRITE),
            new Rule(HttpMethod.POST, "/api/v1/batches/{id}/reject", Scope.BATCHES_WRITE));

    private ScopeMatrix() {
    }

    public static boolean ownersAndAdminsOnly(String method, String pattern) {
        return OWNERS_AND_ADMINS.stream()
                .anyMatch(rule -> rule.method().name().equals(method) && rule.pattern().equals(pattern));
    }

    /** The scope the request's endpoint needs, if it is a resource endpoint in the matrix. */
    public static Optional<Scope> requiredScope(HttpServletRequest request) {
        return RULES.stream().filter(rule -> rule.matcher().matches(request)).findFirst().map(Rule::scope);
    }

    /** One row: method and path pattern, and the scope they need. */
    public record Rule(HttpMethod method, String pattern, Scope scope) {

        public RequestMatcher matcher() {
            return withDefaults().matcher(method, pattern);
        }

        public String authority() {
            return authorityOf(scope);
        }
    }

    public static String authorityOf(Scope scope) {
        return "SCOPE_" + scope.apiName();
    }
}
