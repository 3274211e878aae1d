package io.payouts.service.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.time.Clock;
import java.util.Map;

/** Writes the error envelope from a servlet filter, where the controller advice does not reach. */
@Component
public class ErrorEnvelopeWriter {

    private final ObjectMapper json;
    private final Clock clock;

    ErrorEnvelopeWriter(ObjectMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, String message,
                      Map<String, String> details) throws IOException {
        response.setStatus(ErrorStatus.of(code).value());
        if (code == ErrorCode.UNAVAILABLE) {
            response.setHeader(HttpHeaders.RETRY_AFTER, ErrorStatus.RETRY_AFTER_SECONDS);
        }
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        json.writeValue(response.getOutputStream(),
                ApiResponse.Failure.of(code.name(), message, details, RequestIds.of(request), clock.instant()));
    }
}
