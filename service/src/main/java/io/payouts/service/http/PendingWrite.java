package io.payouts.service.http;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The resources a request's write would create or change, named before its command is sent ({@link
 * RequestContext#writes}). When the command's outcome is unknown (the message bus or the database failed after it
 * was sent, or admission did not answer in time) the 503 names them in its details, so that a client checks whether
 * they were stored instead of sending the write again under a new Idempotency-Key and moving money twice.
 */
record PendingWrite(String resourceType, List<String> resourceIds) {

    private static final String ATTRIBUTE = PendingWrite.class.getName();

    PendingWrite {
        resourceIds = List.copyOf(resourceIds);
    }

    /** Adds to what the current request writes; a request writes one type of resource. Outside a request, nothing. */
    static void record(String resourceType, List<String> resourceIds) {
        RequestAttributes request = RequestContextHolder.getRequestAttributes();
        if (request == null || resourceIds.isEmpty()) {
            return;
        }
        List<String> ids = new ArrayList<>();
        if (request.getAttribute(ATTRIBUTE, RequestAttributes.SCOPE_REQUEST) instanceof PendingWrite earlier
                && earlier.resourceType().equals(resourceType)) {
            ids.addAll(earlier.resourceIds());
        }
        ids.addAll(resourceIds);
        request.setAttribute(ATTRIBUTE, new PendingWrite(resourceType, ids), RequestAttributes.SCOPE_REQUEST);
    }

    static Optional<PendingWrite> of(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof PendingWrite pending ? Optional.of(pending) : Optional.empty();
    }

    /** {@code resourceType} and {@code resourceId}, or {@code resourceIds} (comma-separated) for several. */
    Map<String, String> details() {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("resourceType", resourceType);
        if (resourceIds.size() == 1) {
            details.put("resourceId", resourceIds.get(0));
        } else {
            details.put("resourceIds", String.join(",", resourceIds));
        }
        return details;
    }

    /** What the client should do before writing again. */
    String advice() {
        if (resourceIds.size() == 1) {
            return "the " + resourceType + " " + resourceIds.get(0) + " may have been stored: check it with a GET "
                    + "before retrying with a new Idempotency-Key";
        }
        return "some of the " + resourceIds.size() + " " + resourceType + " resources in details.resourceIds may have "
                + "been stored: check them with a GET before retrying with a new Idempotency-Key";
    }
}
