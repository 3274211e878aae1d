package io.payouts.service.operations;

import io.payouts.service.http.Caller;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Puts who is calling, in which mode, and the ids the path names into the log context of the request, next to
 * the request id RequestIdFilter puts there first (ADR-0022). Runs right after authentication, so every line the
 * controllers and what they call write carries them; structured logs show them as fields.
 */
@Component
public class RequestLogContext extends OncePerRequestFilter {

    static final String CALLER = "caller";
    static final String CREDENTIAL = "credential";
    static final String MODE = "mode";

    /** Id prefixes of the resources a path may name, and the log field each goes to. */
    private static final Map<String, String> ID_FIELDS = Map.of("drv_", "driverId", "pay_", "payoutId",
            "batch_", "batchId", "key_", "keyId", "whk_", "subscriptionId", "txn_", "transactionId",
            "log_", "deliveryId", "usr_", "userId");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        List<String> added = new ArrayList<>();
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication != null && authentication.getPrincipal() instanceof Caller caller) {
            put(added, CALLER, caller.auditId());
            put(added, CREDENTIAL, caller.credential().name().toLowerCase(java.util.Locale.ROOT));
            if (caller.mode() != null) {
                put(added, MODE, caller.mode().apiName());
            }
        }
        for (String segment : request.getRequestURI().split("/")) {
            ID_FIELDS.forEach((prefix, field) -> {
                if (segment.startsWith(prefix) && segment.length() <= 100) {
                    put(added, field, segment);
                }
            });
        }
        try {
            chain.doFilter(request, response);
        } finally {
            added.forEach(MDC::remove);
        }
    }

    private static void put(List<String> added, String key, String value) {
        MDC.put(key, value);
        added.add(key);
    }
}
