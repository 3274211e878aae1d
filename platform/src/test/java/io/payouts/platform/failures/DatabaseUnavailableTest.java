package io.payouts.platform.failures;

import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.junit.jupiter.api.Test;

import java.sql.BatchUpdateException;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseUnavailableTest {

    /** Found by the disk-full drill (reliability/): appending events to a full disk answered 500. */
    @Test
    void aFullDiskUnderTheEventStoresWordsIsUnavailable() {
        BatchUpdateException batch = new BatchUpdateException("Batch entry 0 INSERT INTO domain_event_entry ...",
                "53100", 0, new int[0], new SQLException("could not extend file: No space left on device", "53100"));
        EventStoreException appending = new EventStoreException(
                "An event for aggregate [wallet_sandbox] at sequence [69] was already inserted", batch);

        assertThat(DatabaseUnavailable.causedBy(appending)).isTrue();
        assertThat(DatabaseUnavailable.causedBy(new SQLException("out of memory", "53200"))).isTrue();
    }

    @Test
    void aRefusalOfTheStatementItselfIsNot() {
        assertThat(DatabaseUnavailable.causedBy(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(DatabaseUnavailable.causedBy(new SQLException("syntax error", "42601"))).isFalse();
        assertThat(DatabaseUnavailable.causedBy(new IllegalStateException("no database here"))).isFalse();
    }
}
