package io.payouts.platform.failures;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.axonframework.axonserver.connector.AxonServerException;
import org.axonframework.commandhandling.NoHandlerForCommandException;
import org.axonframework.commandhandling.distributed.CommandDispatchException;
import org.axonframework.queryhandling.NoHandlerForQueryException;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Tells a failure caused by a message bus out of reach (Axon Server restarting, or no instance registered for a
 * command yet) from any other: like a database briefly away, it is a 503 UNAVAILABLE, never a 500. An exception of
 * Axon Server's connector (Axon Framework's or the gRPC connector library's) anywhere in the chain makes it the
 * message bus's failure, even with a refused socket underneath, which {@link DatabaseUnavailable} would otherwise take
 * for the database's. A refusal from a handler on another instance arrives as data instead ({@link HandlerFailures}).
 */
public final class MessageBusUnavailable {

    private static final Set<Status.Code> UNREACHABLE = Set.of(Status.Code.UNAVAILABLE, Status.Code.DEADLINE_EXCEEDED,
            Status.Code.CANCELLED);

    private MessageBusUnavailable() {
    }

    public static boolean causedBy(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable cause = failure; cause != null && seen.put(cause, Boolean.TRUE) == null;
             cause = cause.getCause()) {
            if (cause instanceof AxonServerException
                    || cause instanceof io.axoniq.axonserver.connector.AxonServerException
                    || cause instanceof CommandDispatchException
                    || cause instanceof NoHandlerForCommandException || cause instanceof NoHandlerForQueryException) {
                return true;
            }
            if (cause instanceof StatusRuntimeException grpc && UNREACHABLE.contains(grpc.getStatus().getCode())
                    || cause instanceof StatusException grpcChecked
                    && UNREACHABLE.contains(grpcChecked.getStatus().getCode())) {
                return true;
            }
        }
        return false;
    }
}
