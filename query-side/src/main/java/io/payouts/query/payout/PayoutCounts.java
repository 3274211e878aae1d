package io.payouts.query.payout;

import io.payouts.query.consistency.DayCounts;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * {@code payout_count}: how many payouts of each mode are in each status, by the UTC day they were requested
 * ({@link DayCounts}); a payout's write moves it from its stored status to its new one.
 */
final class PayoutCounts {

    private PayoutCounts() {
    }

    static DayCounts of(JdbcTemplate jdbc) {
        return new DayCounts(jdbc, "payout_count", "status", "payouts");
    }

    /**
     * What these rows' writes, from {@code before} (absent for a new payout), move between the counts; a row no newer
     * than the stored one is not written, so it moves nothing.
     */
    static Map<DayCounts.Key, Long> changes(Map<String, PayoutRow> before, List<PayoutRow> written) {
        return DayCounts.moves(before, written, PayoutRow::id, PayoutRow::version, PayoutCounts::key);
    }

    private static DayCounts.Key key(PayoutRow row) {
        return new DayCounts.Key(row.mode(), row.status().name(), LocalDate.ofInstant(row.requestedAt(),
                ZoneOffset.UTC));
    }
}
