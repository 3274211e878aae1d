package io.payouts.service.http;

import io.payouts.platform.failures.DatabaseUnavailable;
import io.payouts.platform.failures.MessageBusUnavailable;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.util.Map;

/** Failures raised outside the controllers (by the servlet container or a filter) still leave as the envelope. */
@RestController
class EnvelopeErrorController implements ErrorController {

    private final Clock clock;

    EnvelopeErrorController(Clock clock) {
        this.clock = clock;
    }

    @RequestMapping("/error")
    ResponseEntity<ApiResponse.Failure> error(HttpServletRequest request) {
        if (request.getDispatcherType() != DispatcherType.ERROR) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND).body(ApiResponse.Failure.of(ErrorCode.NOT_FOUND.name(),
                    "no such endpoint: " + request.getRequestURI(), Map.of(), RequestIds.of(request),
                    clock.instant()));
        }
        Object statusAttribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = statusAttribute instanceof Integer code && HttpStatus.resolve(code) != null
                ? HttpStatus.valueOf(code) : HttpStatus.INTERNAL_SERVER_ERROR;
        if (request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable failure
                && (DatabaseUnavailable.causedBy(failure) || MessageBusUnavailable.causedBy(failure))) {
            status = HttpStatus.SERVICE_UNAVAILABLE;
        }
        ErrorCode code = switch (status) {
            case UNAUTHORIZED -> ErrorCode.UNAUTHORIZED;
            case FORBIDDEN -> ErrorCode.FORBIDDEN;
            case NOT_FOUND -> ErrorCode.NOT_FOUND;
            case TOO_MANY_REQUESTS -> ErrorCode.RATE_LIMITED;
            case SERVICE_UNAVAILABLE -> ErrorCode.UNAVAILABLE;
            default -> status.is4xxClientError() ? ErrorCode.INVALID_REQUEST : ErrorCode.INTERNAL_ERROR;
        };
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
        if (status == HttpStatus.SERVICE_UNAVAILABLE) {
            response.header(HttpHeaders.RETRY_AFTER, ErrorStatus.RETRY_AFTER_SECONDS);
        }
        return response.body(ApiResponse.Failure.of(code.name(), status.getReasonPhrase(), Map.of(),
                RequestIds.of(request), clock.instant()));
    }
}
