package io.payouts.platform.failures;

import org.springframework.dao.DataAccessResourceFailureException;

import java.util.Objects;

/**
 * What a command handler's failure says when the database was out of reach ({@link HandlerFailures}): Axon Server
 * carries a failure's details to the sender but not its causes, so without this the sender saw a bare message and
 * answered 500 where one instance answers 503. Its class name travels with it between instances.
 *
 * @param failure the handling instance's failure, for the sender's log
 */
public record DatabaseWasUnavailable(String failure) {

    public DatabaseWasUnavailable {
        Objects.requireNonNull(failure, "failure");
    }

    /** The failure as the sender would have met it on one instance: a data-access failure the edge answers 503. */
    DataAccessResourceFailureException toException(Throwable received) {
        return new DataAccessResourceFailureException(
                "the database was unavailable to the instance that handled the command: " + failure, received);
    }
}
