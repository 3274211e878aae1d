package io.payouts.service.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

/**
 * A Content-Type that names no type ({@code *}{@code /*}, {@code application/*}) is taken as absent: an endpoint that
 * reads a body then answers 415 like for any type but JSON, and one that reads none ignores it. Spring would
 * otherwise fail on it as it reads the body, a 500.
 */
@Component
public class WildcardContentTypeFilter extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(wildcard(request.getContentType()) ? new WithoutContentType(request) : request, response);
    }

    static boolean wildcard(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return false;
        }
        try {
            return !MediaType.parseMediaType(contentType).isConcrete();
        } catch (InvalidMediaTypeException unparseable) {
            return false;
        }
    }

    private static final class WithoutContentType extends HttpServletRequestWrapper {

        WithoutContentType(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getContentType() {
            return null;
        }

        @Override
        public String getHeader(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name) ? Collections.emptyEnumeration()
                    : super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                    .filter(name -> !HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)).toList());
        }
    }
}
