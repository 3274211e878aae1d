package io.payouts.service.http;

import io.payouts.shared.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Map;

/**
 * Request bodies larger than {@code payouts.http.max-body-size} are refused before anything reads them: a declared
 * length over the limit at once, an undeclared (chunked) one as soon as it passes the limit. Either way the
 * client gets a 400 naming the body (ADR-0004). It runs after Spring Security (and so after the rate limit),
 * before anything reads the body.
 */
@Component
public class BodySizeLimitFilter extends OncePerRequestFilter {

    private final long maxBytes;
    private final ErrorEnvelopeWriter errors;

    BodySizeLimitFilter(@Value("${payouts.http.max-body-size:1MB}") DataSize maxBodySize, ErrorEnvelopeWriter errors) {
        this.maxBytes = maxBodySize.toBytes();
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > maxBytes) {
            errors.write(request, response, ErrorCode.VALIDATION_ERROR, "request body too large",
                    Map.of("body", "must be at most " + maxBytes + " bytes"));
            return;
        }
        chain.doFilter(new LimitedRequest(request, maxBytes), response);
    }

    /** The body is larger than the service accepts. */
    static class BodyTooLargeException extends IOException {

        final long maxBytes;

        BodyTooLargeException(long maxBytes) {
            super("request body exceeds " + maxBytes + " bytes");
            this.maxBytes = maxBytes;
        }
    }

    private static final class LimitedRequest extends HttpServletRequestWrapper {

        private final long maxBytes;
        private ServletInputStream limited;

        LimitedRequest(HttpServletRequest request, long maxBytes) {
            super(request);
            this.maxBytes = maxBytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (limited == null) {
                limited = new LimitedInputStream(super.getInputStream(), maxBytes);
            }
            return limited;
        }
    }

    private static final class LimitedInputStream extends ServletInputStream {

        private final ServletInputStream body;
        private final long maxBytes;
        private long read;

        LimitedInputStream(ServletInputStream body, long maxBytes) {
            this.body = body;
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int next = body.read();
            if (next >= 0) {
                count(1);
            }
            return next;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int count = body.read(buffer, offset, length);
            if (count > 0) {
                count(count);
            }
            return count;
        }

        private void count(int bytes) throws BodyTooLargeException {
            read += bytes;
            if (read > maxBytes) {
                throw new BodyTooLargeException(maxBytes);
            }
        }

        @Override
        public boolean isFinished() {
            return body.isFinished();
        }

        @Override
        public boolean isReady() {
            return body.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            body.setReadListener(listener);
        }
    }
}
