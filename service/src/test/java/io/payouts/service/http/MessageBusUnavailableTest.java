package io.payouts.service.http;

import io.grpc.Status;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.axonframework.axonserver.connector.AxonServerException;
import org.axonframework.axonserver.connector.ErrorCode;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.NoHandlerForCommandException;
import org.axonframework.commandhandling.distributed.CommandDispatchException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MessageBusUnavailableTest {

    @Test
    void anUnreachableAxonServerIsUnavailable() {
        assertThat(MessageBusUnavailable.causedBy(new AxonServerException(ErrorCode.CONNECTION_FAILED.errorCode(),
                "connection refused"))).isTrue();
        assertThat(MessageBusUnavailable.causedBy(new IllegalStateException("query failed",
                Status.UNAVAILABLE.withDescription("io exception").asRuntimeException()))).isTrue();
        assertThat(MessageBusUnavailable.causedBy(new CommandDispatchException("no connection"))).isTrue();
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
