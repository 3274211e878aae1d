package io.payouts.service.http;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

import java.util.Map;

/**
 * Counts refused payout requests by reason (the error code) and rail, at the one place every refusal passes: the
 * error mapper (ADR-0022). The rail is the endpoint's: {@code POST /api/v1/payouts/instant} is instant, a refused
 * {@code POST /api/v1/payouts} or retry counts as standard whatever its urgency, since the body is not read again.
 * Refused items of a bulk request answer inside a 200 and are not counted here. The mode is the caller's, so that
 * alerts can leave sandbox traffic out; {@code none} for a request refused before it had a caller.
 */
@Component
public class RefusalMeters {

    private static final Map<String, String> PAYOUT_ENDPOINTS = Map.of(
            "/api/v1/payouts", "standard",
            "/api/v1/payouts/instant", "instant");

    private final MeterRegistry meters;

    RefusalMeters(MeterRegistry meters) {
        this.meters = meters;
    }

    public void refused(HttpServletRequest request, String code) {
        if (!"POST".equals(request.getMethod())) {
            return;
        }
        String path = request.getRequestURI();
        String rail = PAYOUT_ENDPOINTS.get(path);
        if (rail == null && path.startsWith("/api/v1/payouts/") && path.endsWith("/retry")) {
            rail = "standard";
        }
        if (rail != null) {
            meters.counter("payouts.payouts.refused", "reason", code, "rail", rail, "mode", callerMode())
                    .increment();
        }
    }

    private static String callerMode() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof Caller caller
                && caller.mode() != null ? ApiEnums.name(caller.mode()) : "none";
    }
}
