package io.payouts.service.platform.axon;

import io.payouts.service.platform.DatabaseUnavailable;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.messaging.HandlerExecutionException;
import org.springframework.dao.DataAccessResourceFailureException;

import java.util.Objects;

/**
 * What a command handler's failure says when the database was out of reach ({@link RefusalsAsDetails}): Axon Server
 * carries a failure's details to the sender but not its causes, so without this the sender saw a bare message and
 * answered 500 where one instance answers 503 (issue #17).
 *
 * @param failure the handling instance's failure, for the sender's log
 */
public record DatabaseWasUnavailable(String failure) {

    public DatabaseWasUnavailable {
        Objects.requireNonNull(failure, "failure");
    }

    /**
     * The failure the handling side answers with: a database out of reach carrying this as its details across the
     * command bus; any other failure, and one that already carries its details, as it came.
     */
    static Exception carriedIfUnavailable(Exception failure) {
        if (failure instanceof CommandExecutionException || !DatabaseUnavailable.causedBy(failure)) {
            return failure;
        }
        return new CommandExecutionException(failure.getMessage(), failure, new DatabaseWasUnavailable(failure.toString()));
    }

    static boolean isCarriedBy(Throwable failure) {
        return failure instanceof HandlerExecutionException carrier
                && carrier.getDetails().filter(DatabaseWasUnavailable.class::isInstance).isPresent();
    }

    /** The failure as the sender would have met it on one instance: a data-access failure the edge answers 503. */
    DataAccessResourceFailureException toException(Throwable received) {
        return new DataAccessResourceFailureException(
                "the database was unavailable to the instance that handled the command: " + failure, received);
    }
}
