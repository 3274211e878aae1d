package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.FundingAlert;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static io.payouts.query.consistency.SqlValues.instant;

/**
 * {@code funding_alert_view}, one row per mode. Every write sets what its event says, whatever the row held, so a
 * redelivered event leaves the row as it was.
 */
@Component
class FundingAlertRows {

    private final JdbcTemplate jdbc;

    FundingAlertRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Optional<FundingAlert> of(Mode mode) {
        List<FundingAlert> rows = jdbc.query("""
                select low_balance_threshold, shortfall_within_days, low, low_since, shortfall_on, shortfall_since,
                    set_by, set_at
                from funding_alert_view where mode = ?""", (row, index) -> new FundingAlert(
                row.getLong("low_balance_threshold"), (Integer) row.getObject("shortfall_within_days"),
                row.getBoolean("low"), instant(row, "low_since"),
                Optional.ofNullable(row.getDate("shortfall_on")).map(Date::toLocalDate).orElse(null),
                instant(row, "shortfall_since"), row.getString("set_by"), instant(row, "set_at")), mode.name());
        return rows.stream().findFirst();
    }

    void set(Mode mode, long threshold, Integer shortfallWithinDays, String setBy, Instant setAt) {
        jdbc.update("""
                insert into funding_alert_view (mode, low_balance_threshold, shortfall_within_days, set_by, set_at)
                values (?, ?, ?, ?, ?)
                on conflict (mode) do update set low_balance_threshold = excluded.low_balance_threshold,
                    shortfall_within_days = excluded.shortfall_within_days, set_by = excluded.set_by,
                    set_at = excluded.set_at""", mode.name(), threshold, shortfallWithinDays, setBy, time(setAt));
    }

    void low(Mode mode, Instant since) {
        jdbc.update("""
                insert into funding_alert_view (mode, low, low_since) values (?, true, ?)
                on conflict (mode) do update set low = true, low_since = excluded.low_since""",
                mode.name(), time(since));
    }

    void recovered(Mode mode) {
        jdbc.update("update funding_alert_view set low = false, low_since = null where mode = ?", mode.name());
    }

    void shortfall(Mode mode, LocalDate on, Instant since) {
        jdbc.update("""
                insert into funding_alert_view (mode, shortfall_on, shortfall_since) values (?, ?, ?)
                on conflict (mode) do update set shortfall_on = excluded.shortfall_on,
                    shortfall_since = excluded.shortfall_since""", mode.name(), Date.valueOf(on), time(since));
    }

    void shortfallCleared(Mode mode) {
        jdbc.update("update funding_alert_view set shortfall_on = null, shortfall_since = null where mode = ?",
                mode.name());
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from funding_alert_view where mode = ?", mode.name());
    }

    void deleteAll() {
        jdbc.update("delete from funding_alert_view");
    }

    private static Timestamp time(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }
}
