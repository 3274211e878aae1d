package io.payouts.service.http;

import io.payouts.platform.failures.DatabaseUnavailable;
import io.payouts.platform.failures.MessageBusUnavailable;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Every failure leaves as the error envelope; the status comes from {@link ErrorStatus}, never from a message. */
@RestControllerAdvice
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    private final Clock clock;
    private final RefusalMeters refusals;

    ApiExceptionHandler(Clock clock, RefusalMeters refusals) {
        this.clock = clock;
        this.refusals = refusals;
    }

    @ExceptionHandler(DomainException.class)
    ResponseEntity<ApiResponse.Failure> domain(DomainException e, HttpServletRequest request) {
        return respond(ErrorStatus.of(e.code()), e.code().name(), e.getMessage(), e.details(), request);
    }

    @ExceptionHandler(OutcomeUnknownException.class)
    ResponseEntity<ApiResponse.Failure> outcomeUnknown(OutcomeUnknownException e, HttpServletRequest request) {
        return unknownOutcome(e.getMessage(), request);
    }

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<ApiResponse.Failure> invalidBody(MethodArgumentNotValidException e, HttpServletRequest request) {
        Map<String, String> details = new TreeMap<>();
        for (FieldError error : e.getBindingResult().getFieldErrors()) {
            details.putIfAbsent(error.getField(), error.getDefaultMessage());
        }
        e.getBindingResult().getGlobalErrors()
                .forEach(error -> details.putIfAbsent("body", error.getDefaultMessage()));
        return validation("invalid request: " + String.join(", ", details.keySet()), details, request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiResponse.Failure> unreadableBody(HttpMessageNotReadableException e, HttpServletRequest request) {
        Map<String, String> details = JsonProblems.describe(e.getCause());
        return validation("invalid request body: " + String.join(", ", details.keySet()), details, request);
    }

    @ExceptionHandler(BodySizeLimitFilter.BodyTooLargeException.class)
    ResponseEntity<ApiResponse.Failure> bodyTooLarge(BodySizeLimitFilter.BodyTooLargeException e,
                                                     HttpServletRequest request) {
        Map<String, String> details = JsonProblems.describe(e);
        return validation("request body too large", details, request);
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiResponse.Failure> wrongParameterType(MethodArgumentTypeMismatchException e,
                                                           HttpServletRequest request) {
        String expected = e.getRequiredType() == null ? "a different type" : e.getRequiredType().getSimpleName();
        String problem = Number.class.isAssignableFrom(boxed(e.getRequiredType())) ? "must be an integer"
                : "must be " + expected;
        return validation("invalid parameter " + e.getName(), Map.of(e.getName(), problem), request);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiResponse.Failure> missingParameter(MissingServletRequestParameterException e,
                                                         HttpServletRequest request) {
        return validation("missing parameter " + e.getParameterName(),
                Map.of(e.getParameterName(), "is required"), request);
    }

    @ExceptionHandler(AggregateNotFoundException.class)
    ResponseEntity<ApiResponse.Failure> unknownAggregate(AggregateNotFoundException e, HttpServletRequest request) {
        return respond(ErrorStatus.of(ErrorCode.NOT_FOUND), ErrorCode.NOT_FOUND.name(), "resource not found", Map.of(),
                request);
    }

    @ExceptionHandler(ConcurrencyException.class)
    ResponseEntity<ApiResponse.Failure> concurrentChange(ConcurrencyException e, HttpServletRequest request) {
        if (DatabaseUnavailable.causedBy(e)) {
            return databaseUnavailable(request);
        }
        return respond(ErrorStatus.of(ErrorCode.CONFLICT), ErrorCode.CONFLICT.name(),
                "the resource was changed by another request at the same time; retry", Map.of(), request);
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiResponse.Failure> noRoute(NoResourceFoundException e, HttpServletRequest request) {
        return respond(ErrorStatus.of(ErrorCode.NOT_FOUND), ErrorCode.NOT_FOUND.name(), "no such endpoint: " + request.getRequestURI(),
                Map.of(), request);
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiResponse.Failure> wrongMethod(HttpRequestMethodNotSupportedException e,
                                                    HttpServletRequest request) {
        ResponseEntity<ApiResponse.Failure> refused = respond(HttpStatus.METHOD_NOT_ALLOWED,
                ErrorCode.INVALID_REQUEST.name(), e.getMethod() + " is not supported here",
                Map.of("method", e.getMethod()), request);
        return e.getSupportedHttpMethods() == null ? refused : ResponseEntity.status(refused.getStatusCode())
                .headers(refused.getHeaders()).allow(e.getSupportedHttpMethods().toArray(HttpMethod[]::new))
                .body(refused.getBody());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiResponse.Failure> wrongContentType(HttpMediaTypeNotSupportedException e,
                                                         HttpServletRequest request) {
        return respond(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ErrorCode.INVALID_REQUEST.name(),
                "send the body as application/json", Map.of("Content-Type", "must be application/json"), request);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiResponse.Failure> notAcceptable(HttpMediaTypeNotAcceptableException e,
                                                      HttpServletRequest request) {
        ResponseEntity<ApiResponse.Failure> refused = respond(HttpStatus.NOT_ACCEPTABLE,
                ErrorCode.INVALID_REQUEST.name(), "responses are application/json",
                Map.of("Accept", "must allow application/json"), request);
        // a preset content type skips the negotiation that would otherwise drop the body the caller said it refuses
        return ResponseEntity.status(refused.getStatusCode()).contentType(MediaType.APPLICATION_JSON)
                .body(refused.getBody());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiResponse.Failure> unexpected(Exception e, HttpServletRequest request) {
        if (MessageBusUnavailable.causedBy(e)) {
            log.warn("The message bus did not answer {} {}: {}", request.getMethod(), request.getRequestURI(),
                    e.toString());
            return unknownOutcome("the service's message bus is briefly unavailable; retry in a moment", request);
        }
        if (DatabaseUnavailable.causedBy(e)) {
            log.warn("The database did not answer {} {}: {}", request.getMethod(), request.getRequestURI(), e.toString());
            return databaseUnavailable(request);
        }
        log.error("Unhandled error on {} {}", request.getMethod(), request.getRequestURI(), e);
        return respond(ErrorStatus.of(ErrorCode.INTERNAL_ERROR), ErrorCode.INTERNAL_ERROR.name(),
                "internal error; quote the request id when reporting it", Map.of(), request);
    }

    private ResponseEntity<ApiResponse.Failure> databaseUnavailable(HttpServletRequest request) {
        return unknownOutcome("the database is briefly unavailable; retry in a moment", request);
    }

    /**
     * A 503 after which a write may have been stored: it names what the write would have created or changed, when
     * the request said so; a retry with the same Idempotency-Key answers this response again (ADR-0010).
     */
    private ResponseEntity<ApiResponse.Failure> unknownOutcome(String situation, HttpServletRequest request) {
        Optional<PendingWrite> pending = PendingWrite.of(request);
        String advice = pending.map(PendingWrite::advice)
                .orElse("a write may have been stored: check before retrying it with a new Idempotency-Key");
        return respond(ErrorStatus.of(ErrorCode.UNAVAILABLE), ErrorCode.UNAVAILABLE.name(),
                situation + " (" + advice + ")", pending.map(PendingWrite::details).orElse(Map.of()), request);
    }

    private ResponseEntity<ApiResponse.Failure> validation(String message, Map<String, String> details,
                                                           HttpServletRequest request) {
        return respond(ErrorStatus.of(ErrorCode.VALIDATION_ERROR), ErrorCode.VALIDATION_ERROR.name(), message, details,
                request);
    }

    private ResponseEntity<ApiResponse.Failure> respond(HttpStatus status, String code, String message,
                                                        Map<String, String> details, HttpServletRequest request) {
        refusals.refused(request, code);
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
        if (status == HttpStatus.SERVICE_UNAVAILABLE) {
            response.header(HttpHeaders.RETRY_AFTER, ErrorStatus.RETRY_AFTER_SECONDS);
        }
        if (status == HttpStatus.TOO_MANY_REQUESTS && details.containsKey(ErrorStatus.RETRY_AFTER_DETAIL)) {
            response.header(HttpHeaders.RETRY_AFTER, details.get(ErrorStatus.RETRY_AFTER_DETAIL));
        }
        return response.body(ApiResponse.Failure.of(code, message, details, RequestIds.of(request), clock.instant()));
    }

    private static Class<?> boxed(Class<?> type) {
        if (type == null) {
            return Object.class;
        }
        if (type == int.class || type == long.class) {
            return Number.class;
        }
        return type;
    }
}
