package io.payouts.audit;

import io.payouts.shared.Mode;
import org.springframework.jdbc.core.RowMapper;

/** A row of the audit log with its stored event: where it stands in the log, its mode, and the event's bytes. */
record LoggedEvent(long position, Mode mode, StoredEvent event) {

    static final String COLUMNS = "a.position, a.mode, " + StoredEvent.COLUMNS;

    static final RowMapper<LoggedEvent> ROWS = (row, number) -> new LoggedEvent(row.getLong("position"),
            Mode.valueOf(row.getString("mode")), StoredEvent.ROWS.mapRow(row, number));
}
