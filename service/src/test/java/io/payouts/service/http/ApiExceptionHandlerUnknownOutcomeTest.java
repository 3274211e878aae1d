package io.payouts.service.http;

import io.axoniq.axonserver.connector.AxonServerException;
import io.axoniq.axonserver.connector.ErrorCategory;
import io.grpc.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import java.net.ConnectException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 503 after which a write may have been stored names what the request would have created or changed, so that the
 * client checks it instead of writing again under a new key; a 503 that refused the write names nothing.
 */
class ApiExceptionHandlerUnknownOutcomeTest {

    private static final RuntimeException ANSWER_LOST_ON_THE_BUS = new AxonServerException(
            ErrorCategory.COMMAND_DISPATCH_ERROR, "Received exception while dispatching command", "instance-2",
            Status.UNAVAILABLE.withDescription("io exception").asRuntimeException());
    private static final RuntimeException DATABASE_CUT = new CannotCreateTransactionException("x",
            new ConnectException("Connection refused"));

    private final ApiExceptionHandler handler = new ApiExceptionHandler(
            Clock.fixed(Instant.parse("2026-11-24T15:51:14Z"), ZoneOffset.UTC),
            new RefusalMeters(new SimpleMeterRegistry()));
    private final MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/v1/payouts");
    private final RequestContext context = new RequestContext("req_1", Instant.EPOCH, Optional.empty(), null);

    @AfterEach
    void leaveTheRequest() {
        RequestContextHolder.resetRequestAttributes();
    }

    @Test
    void aLostAnswerNamesThePayoutTheRequestWouldHaveCreated() {
        inRequest();
        context.writes("payout", "pay_1");

        ResponseEntity<ApiResponse.Failure> answer = handler.unexpected(ANSWER_LOST_ON_THE_BUS, request);

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo(ErrorStatus.RETRY_AFTER_SECONDS);
        assertThat(answer.getBody().error().code()).isEqualTo("UNAVAILABLE");
        assertThat(answer.getBody().error().details())
                .isEqualTo(Map.of("resourceType", "payout", "resourceId", "pay_1"));
        assertThat(answer.getBody().error().message()).contains("message bus", "pay_1 may have been stored",
                "check it with a GET");
    }

    @Test
    void aDatabaseCutNamesEveryResourceTheRequestWrote() {
        inRequest();
        context.writes("driver", "drv_1");
        context.writes("driver", List.of("drv_2", "drv_3"));

        ResponseEntity<ApiResponse.Failure> answer = handler.unexpected(DATABASE_CUT, request);

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(answer.getBody().error().details())
                .isEqualTo(Map.of("resourceType", "driver", "resourceIds", "drv_1,drv_2,drv_3"));
        assertThat(answer.getBody().error().message()).contains("database", "some of the 3 driver resources");
    }

    @Test
    void anUnansweredWriteNamesItsResource() {
        inRequest();
        context.writes("payout", "pay_1");

        ResponseEntity<ApiResponse.Failure> answer = handler.outcomeUnknown(new UnansweredException(), request);

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(answer.getBody().error().details()).containsEntry("resourceId", "pay_1");
        assertThat(answer.getBody().error().message()).startsWith("admission did not answer in time (");
    }

    @Test
    void aRefusalThatRanNothingNamesNothing() {
        inRequest();
        context.writes("payout", "pay_1");

        ResponseEntity<ApiResponse.Failure> answer = handler.domain(new ResetUnderWayException(), request);

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(answer.getBody().error().details()).isEmpty();
        assertThat(answer.getBody().error().message()).doesNotContain("pay_1");
    }

    @Test
    void aFailureBeforeAnyWriteWasNamedSaysOnlyThatOneMayHaveBeenStored() {
        inRequest();

        ResponseEntity<ApiResponse.Failure> answer = handler.unexpected(DATABASE_CUT, request);

        assertThat(answer.getBody().error().details()).isEmpty();
        assertThat(answer.getBody().error().message()).isEqualTo("the database is briefly unavailable; retry in a "
                + "moment (a write may have been stored: check before retrying it with a new Idempotency-Key)");
    }

    @Test
    void namingAWriteOutsideARequestDoesNothing() {
        context.writes("payout", "pay_1");

        assertThat(PendingWrite.of(request)).isEmpty();
    }

    private void inRequest() {
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));
    }

    private static final class UnansweredException extends OutcomeUnknownException {

        UnansweredException() {
            super("admission did not answer in time");
        }
    }

    private static final class ResetUnderWayException extends DomainException {

        ResetUnderWayException() {
            super(ErrorCode.UNAVAILABLE, "the sandbox is being reset; retry in a moment");
        }
    }
}
