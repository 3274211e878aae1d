package io.payouts.service.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.payouts.shared.ErrorCode;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;

/**
 * Tomcat answers some bad requests itself, before any filter or controller runs (a malformed URL escape, for
 * example). This valve replaces its HTML error page with the error envelope, so no response is ever HTML.
 */
public class EnvelopeErrorReportValve extends ErrorReportValve {

    private static final ObjectMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

    @Override
    protected void report(Request request, Response response, Throwable failure) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus httpStatus = HttpStatus.resolve(status);
        ErrorCode code = status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.INVALID_REQUEST;
        String requestId = RequestIds.choose(null);
        ApiResponse.Failure envelope = ApiResponse.Failure.of(code.name(),
                httpStatus == null ? "request rejected" : httpStatus.getReasonPhrase(), Map.of(), requestId,
                Instant.now());
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
