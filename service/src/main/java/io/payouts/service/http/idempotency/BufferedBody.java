package io.payouts.service.http.idempotency;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A request body read into memory so it can be fingerprinted before the request runs, and read again by the
 * handler. At most {@code maxBytes + 1} bytes are read: a longer body is not buffered further, and the request
 * goes on with the bytes read so far followed by the rest, for {@code BodySizeLimitFilter} to refuse.
 */
final class BufferedBody {

    private final byte[] bytes;
    private final boolean complete;

    private BufferedBody(byte[] bytes, boolean complete) {
        this.bytes = bytes;
        this.complete = complete;
    }

    static BufferedBody read(InputStream body, long maxBytes) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        long limit = maxBytes + 1;
        int count;
        while (buffer.size() < limit
                && (count = body.read(chunk, 0, (int) Math.min(chunk.length, limit - buffer.size()))) != -1) {
            buffer.write(chunk, 0, count);
        }
        return new BufferedBody(buffer.toByteArray(), buffer.size() <= maxBytes);
    }

    /** Whether this is the whole body; if not, the body is larger than the limit and only its start was read. */
    boolean complete() {
        return complete;
    }

    byte[] bytes() {
        return bytes;
    }

    /** {@code request} reading this body again (followed by the unread rest of an incomplete one). */
    HttpServletRequest replayedOn(HttpServletRequest request) throws IOException {
        InputStream replay = complete ? new ByteArrayInputStream(bytes)
                : new SequenceInputStream(new ByteArrayInputStream(bytes), request.getInputStream());
        return new ReplayedRequest(request, replay);
    }

    private static final class ReplayedRequest extends HttpServletRequestWrapper {

        private final ServletInputStream body;
        private BufferedReader reader;

        ReplayedRequest(HttpServletRequest request, InputStream body) {
            super(request);
            this.body = new ReplayedInputStream(body);
        }

        @Override
        public ServletInputStream getInputStream() {
            return body;
        }

        @Override
        public BufferedReader getReader() {
            if (reader == null) {
                String encoding = getCharacterEncoding();
                Charset charset = encoding != null ? Charset.forName(encoding) : StandardCharsets.UTF_8;
                reader = new BufferedReader(new InputStreamReader(body, charset));
            }
            return reader;
        }
    }

    private static final class ReplayedInputStream extends ServletInputStream {

        private final InputStream body;
        private boolean finished;

        ReplayedInputStream(InputStream body) {
            this.body = body;
        }

        @Override
        public int read() throws IOException {
            int next = body.read();
            finished = next == -1;
            return next;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int count = body.read(buffer, offset, length);
            finished = count == -1;
            return count;
        }

        @Override
        public boolean isFinished() {
            return finished;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            throw new UnsupportedOperationException("the service reads request bodies synchronously");
        }
    }
}
