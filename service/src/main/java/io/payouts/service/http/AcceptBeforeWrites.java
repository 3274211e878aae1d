package io.payouts.service.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

import java.util.Collections;
import java.util.List;

/**
 * A write whose Accept rules out JSON is refused before its handler runs. Spring finds out only when it writes the
 * answer, after the command was stored: the caller got a 406 for a write that happened. Reads keep Spring's own
 * negotiation (the events export answers NDJSON).
 */
final class AcceptBeforeWrites implements HandlerInterceptor {

    private static final List<String> READS = List.of("GET", "HEAD", "OPTIONS");

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws HttpMediaTypeNotAcceptableException {
        if (!(handler instanceof HandlerMethod) || READS.contains(request.getMethod())) {
            return true;
        }
        List<String> accept = Collections.list(request.getHeaders(HttpHeaders.ACCEPT));
        if (accept.isEmpty()) {
            return true;
        }
        List<MediaType> acceptable;
        try {
            acceptable = MediaType.parseMediaTypes(accept);
        } catch (InvalidMediaTypeException unreadable) {
            throw new HttpMediaTypeNotAcceptableException(unreadable.getMessage());
        }
        if (acceptable.stream().noneMatch(type -> type.isCompatibleWith(MediaType.APPLICATION_JSON))) {
            throw new HttpMediaTypeNotAcceptableException(List.of(MediaType.APPLICATION_JSON));
        }
        return true;
    }
}
