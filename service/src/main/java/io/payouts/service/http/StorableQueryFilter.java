package io.payouts.service.http;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.StorableText;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The query string's counterpart of {@link StorableTextJsonFactory}: a parameter whose name or value PostgreSQL
 * cannot compare (U+0000, an unpaired surrogate) is a 400 naming it, before a filter reaches the database.
 */
@Component
public class StorableQueryFilter extends OncePerRequestFilter {

    private final ErrorEnvelopeWriter errors;

    StorableQueryFilter(ErrorEnvelopeWriter errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> unstorable = firstUnstorableParameter(request.getQueryString());
        if (unstorable.isPresent()) {
            errors.write(request, response, ErrorCode.VALIDATION_ERROR, "invalid parameter " + unstorable.get(),
                    Map.of(unstorable.get(), StorableTextJsonFactory.UnstorableTextException.PROBLEM));
            return;
        }
        chain.doFilter(request, response);
    }

    static Optional<String> firstUnstorableParameter(String query) {
        if (query == null || query.isEmpty()) {
            return Optional.empty();
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            if (!StorableText.storable(name) || !StorableText.storable(value)) {
                return Optional.of(StorableText.storable(name) ? name : "query");
            }
        }
        return Optional.empty();
    }

    private static String decode(String raw) {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return raw;
        }
    }
}
