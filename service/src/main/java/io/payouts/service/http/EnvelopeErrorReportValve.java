package io.payouts.service.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.shared.ErrorCode;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Tomcat answers some bad requests itself, before any filter or controller runs (a malformed URL escape, for
 * example). This valve replaces its HTML error page with the error envelope, so no response is ever HTML.
 */
public class EnvelopeErrorReportValve extends ErrorReportValve {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    protected void report(Request request, Response response, Throwable failure) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus httpStatus = HttpStatus.resolve(status);
        ErrorCode code = status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.INVALID_REQUEST;
        String requestId = RequestIds.choose(null);
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code.name());
        error.put("message", httpStatus == null ? "request rejected" : httpStatus.getReasonPhrase());
        error.put("details", Map.of());
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("success", false);
        envelope.put("error", error);
        envelope.put("meta", Map.of("requestId", requestId, "timestamp", Instant.now().toString()));
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader(RequestIds.HEADER, requestId);
            JSON.writeValue(response.getReporter(), envelope);
        } catch (IOException | IllegalStateException ignored) {
            // The client is gone or the response is already committed: nothing more to tell it.
        }
    }
}
