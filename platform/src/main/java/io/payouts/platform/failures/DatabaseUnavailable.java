package io.payouts.platform.failures;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.net.ConnectException;
import java.net.SocketException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Tells a failure caused by a database briefly out of reach (a restart, a cut connection, a full pool) from any
 * other: the request did not fail for what it asked, so it is a 503 UNAVAILABLE the client may retry, never a 500.
 * Libraries report such a cut in their own words (Axon's event store even as a duplicate insert), so the whole cause
 * chain is searched for a connection failure. A chain through Axon Server's connector is the message bus's
 * ({@link MessageBusUnavailable}), even over a refused socket.
 */
public final class DatabaseUnavailable {

    private DatabaseUnavailable() {
    }

    public static boolean causedBy(Throwable failure) {
        if (MessageBusUnavailable.causedBy(failure)) {
            return false;
        }
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable cause = failure; cause != null && seen.put(cause, Boolean.TRUE) == null;
             cause = cause.getCause()) {
            if (isConnectionFailure(cause)) {
                return true;
            }
            if (cause instanceof SQLException sql) {
                for (SQLException next = sql.getNextException(); next != null && seen.put(next, Boolean.TRUE) == null;
                     next = next.getNextException()) {
                    if (isConnectionFailure(next)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean isConnectionFailure(Throwable cause) {
        if (cause instanceof SQLTransientConnectionException || cause instanceof SQLNonTransientConnectionException
                || cause instanceof SQLRecoverableException || cause instanceof CannotCreateTransactionException
                || cause instanceof DataAccessResourceFailureException
                || cause instanceof TransientDataAccessResourceException
                || cause instanceof ConnectException || cause instanceof SocketException) {
            return true;
        }
        return cause instanceof SQLException sql && sql.getSQLState() != null && isUnavailableState(sql.getSQLState());
    }

    /**
     * Connection exceptions (class 08), the server shutting down or starting (57P01-57P03), and insufficient resources
     * (class 53: a full disk, no memory, too many connections), which an operator frees while the client retries.
     */
    private static boolean isUnavailableState(String state) {
        return state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")
                || state.startsWith("53");
    }
}
