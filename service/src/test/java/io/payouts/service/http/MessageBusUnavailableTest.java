package io.payouts.service.http;

import io.axoniq.axonserver.connector.ErrorCategory;
import io.grpc.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payouts.platform.failures.DatabaseUnavailable;
import io.payouts.platform.failures.MessageBusUnavailable;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.axonframework.axonserver.connector.AxonServerException;
import org.axonframework.axonserver.connector.ErrorCode;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.NoHandlerForCommandException;
import org.axonframework.commandhandling.distributed.CommandDispatchException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;

import java.net.ConnectException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class MessageBusUnavailableTest {

    /**
     * What a payout met in the drill while Axon Server restarted: the gRPC connector's own exception over
     * the refused socket to the server.
     */
    private static final RuntimeException AXON_SERVER_REFUSED_THE_CONNECTION =
            new io.axoniq.axonserver.connector.AxonServerException(ErrorCategory.COMMAND_DISPATCH_ERROR,
                    "Received exception while dispatching command", "drill-instance-2",
                    Status.UNAVAILABLE.withDescription("io exception")
                            .withCause(new ConnectException("finishConnect(..) failed: Connection refused"))
                            .asRuntimeException());

    @Test
    void anUnreachableAxonServerIsUnavailable() {
        assertThat(MessageBusUnavailable.causedBy(new AxonServerException(ErrorCode.CONNECTION_FAILED.errorCode(),
                "connection refused"))).isTrue();
        assertThat(MessageBusUnavailable.causedBy(new IllegalStateException("query failed",
                Status.UNAVAILABLE.withDescription("io exception").asRuntimeException()))).isTrue();
        assertThat(MessageBusUnavailable.causedBy(new CommandDispatchException("no connection"))).isTrue();
    }

    @Test
    void theConnectorsFailureOverARefusedSocketIsTheMessageBusNotTheDatabase() {
        assertThat(MessageBusUnavailable.causedBy(AXON_SERVER_REFUSED_THE_CONNECTION)).isTrue();
        assertThat(MessageBusUnavailable.causedBy(new io.axoniq.axonserver.connector.AxonServerException(
                ErrorCategory.CONNECTION_FAILED, "no connection to Axon Server", "drill-instance-2")))
                .as("the connector's exception with no gRPC status under it").isTrue();
        assertThat(DatabaseUnavailable.causedBy(AXON_SERVER_REFUSED_THE_CONNECTION)).isFalse();
        assertThat(DatabaseUnavailable.causedBy(new IllegalStateException("wrapped",
                new org.axonframework.axonserver.connector.AxonServerException(
                        ErrorCode.CONNECTION_FAILED.errorCode(), "refused", new ConnectException("refused")))))
                .as("Axon Framework's connector exception too").isFalse();
        assertThat(DatabaseUnavailable.causedBy(new IllegalStateException("pool", new ConnectException("refused"))))
                .as("a refused socket with no message bus above it is still the database").isTrue();
    }

    @Test
    void answersAnAxonServerConnectorFailure503NamingTheMessageBus() {
        ApiExceptionHandler handler = new ApiExceptionHandler(
                Clock.fixed(Instant.parse("2026-11-24T15:51:14Z"), ZoneOffset.UTC),
                new RefusalMeters(new SimpleMeterRegistry()));

        ResponseEntity<ApiResponse.Failure> answer = handler.unexpected(AXON_SERVER_REFUSED_THE_CONNECTION,
                new MockHttpServletRequest("POST", "/api/v1/payouts"));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(answer.getBody().error().code()).isEqualTo("UNAVAILABLE");
        assertThat(answer.getBody().error().message()).contains("message bus").doesNotContain("database");
    }

    @Test
    void aCommandThatFoundNoHandlerInTimeIsUnavailable() {
        assertThat(MessageBusUnavailable.causedBy(new NoHandlerForCommandException("no handler for pay"))).isTrue();
    }

    @Test
    void aRefusalOrABugIsNot() {
        assertThat(MessageBusUnavailable.causedBy(new CommandExecutionException("refused", null,
                new InsufficientFundsException(1, 0)))).isFalse();
        assertThat(MessageBusUnavailable.causedBy(new IllegalStateException("bug"))).isFalse();
        assertThat(MessageBusUnavailable.causedBy(Status.INVALID_ARGUMENT.asRuntimeException())).isFalse();
    }
}
