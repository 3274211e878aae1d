package io.payouts.service.http;

import jakarta.servlet.http.HttpServletRequest;

import java.util.UUID;
import java.util.regex.Pattern;

/** The id a request is known by in logs, in events' metadata and in meta.requestId. */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    static final String ATTRIBUTE = RequestIds.class.getName();
    private static final Pattern ACCEPTABLE = Pattern.compile("[A-Za-z0-9._:-]{1,100}");

    private RequestIds() {
    }

    /** A caller's own id is kept when it is a plain token; anything else gets a fresh {@code req_} id. */
    static String choose(String offered) {
        return offered != null && ACCEPTABLE.matcher(offered).matches()
                ? offered
                : "req_" + UUID.randomUUID().toString().replace("-", "");
    }

    public static String of(HttpServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        return id != null ? id.toString() : choose(null);
    }
}
