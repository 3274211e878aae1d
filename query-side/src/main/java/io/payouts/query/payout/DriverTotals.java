package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code driver_totals}: each driver's {@code total_paid} (the amounts of its completed payouts) and
 * {@code pending_payouts} (its payouts not yet completed, failed or canceled). Written by the payout projection with
 * the payout rows whose moves it counts, in the same transaction, so a payout row and its share of the totals are
 * applied together or not at all, and a redelivered event (which changes no row) changes no total either.
 */
@Component
class DriverTotals {

    private final JdbcTemplate jdbc;

    DriverTotals(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** What these payouts' moves, from {@code before} (absent for a new payout) to {@code after}, add up to. */
    static Map<String, Change> changes(Map<String, PayoutRow> before, List<PayoutRow> after) {
        Map<String, Change> changes = new HashMap<>();
        for (PayoutRow now : after) {
            PayoutRow was = before.get(now.id());
            long pending = (now.status().terminal() ? 0 : 1) - (was == null || was.status().terminal() ? 0 : 1);
            boolean completedNow = now.status() == PayoutStatus.COMPLETED
                    && (was == null || was.status() != PayoutStatus.COMPLETED);
            // a completed payout the bank returned was not paid after all
            boolean returnedNow = was != null && was.status() == PayoutStatus.COMPLETED
                    && now.status() != PayoutStatus.COMPLETED;
            long paid = completedNow ? now.amount() : returnedNow ? -now.amount() : 0;
            changes.merge(now.driverId(), new Change(paid, pending), Change::plus);
        }
        changes.values().removeIf(Change::none);
        return changes;
    }

    /**
     * Adds these changes to the drivers' totals. A driver whose payouts all ended unpaid (failed, canceled, or
     * completed and then returned by the bank) has no row, as after a rebuild, whose larger batches may fold a payout's
     * whole life into one batch that moves no total.
     */
    void add(Map<String, Change> changes) {
        if (changes.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        changes.forEach((driverId, change) -> rows.add(new Object[] {driverId, change.paid(), change.pending()}));
        jdbc.batchUpdate("""
                insert into driver_totals (driver_id, total_paid, pending_payouts) values (?, ?, ?)
                on conflict (driver_id) do update
                    set total_paid = driver_totals.total_paid + excluded.total_paid,
                        pending_payouts = driver_totals.pending_payouts + excluded.pending_payouts""", rows);
        String[] endedUnpaid = changes.entrySet().stream()
                .filter(change -> change.getValue().paid() < 0 || change.getValue().pending() < 0)
                .map(Map.Entry::getKey).toArray(String[]::new);
        if (endedUnpaid.length > 0) {
            jdbc.update("delete from driver_totals where driver_id = any (?) and total_paid = 0"
                    + " and pending_payouts = 0", (Object) endedUnpaid);
        }
    }

    void deleteAll() {
        jdbc.update("delete from driver_totals");
    }

    /** Before the mode's payout rows go: a driver's totals row names the driver only. */
    void deleteMode(Mode mode) {
        jdbc.update("delete from driver_totals where driver_id in (select driver_id from payout_view where mode = ?)",
                mode.name());
    }

    /** Cents paid and payouts pending that a batch of moves adds to one driver's totals. */
    record Change(long paid, long pending) {

        Change plus(Change other) {
            return new Change(paid + other.paid, pending + other.pending);
        }

        boolean none() {
            return paid == 0 && pending == 0;
        }
    }
}
