package io.payouts.query.payout;

import io.payouts.query.consistency.DayCounts;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * {@code payout_count} and {@code payout_amount}: how many payouts of each mode are in each status, and their amounts'
 * sum, by the UTC day they were requested ({@link DayCounts}); a payout's write moves it from its stored status to
 * its new one.
 */
final class PayoutCounts {

    private PayoutCounts() {
    }

    static DayCounts of(JdbcTemplate jdbc) {
        return new DayCounts(jdbc, "payout_count", "status", "payouts");
    }

    static DayCounts amountsOf(JdbcTemplate jdbc) {
        return new DayCounts(jdbc, "payout_amount", "status", "amount");
    }

    /**
     * What these rows' writes, from {@code before} (absent for a new payout), move between the counts; a row no newer
     * than the stored one is not written, so it moves nothing.
     */
    static Map<DayCounts.Key, Long> changes(Map<String, PayoutRow> before, List<PayoutRow> written) {
        return DayCounts.moves(before, written, PayoutRow::id, PayoutRow::version, PayoutCounts::key);
    }

    /** What the same writes move between the amounts' sums. */
    static Map<DayCounts.Key, Long> amountChanges(Map<String, PayoutRow> before, List<PayoutRow> written) {
        return DayCounts.moves(before, written, PayoutRow::id, PayoutRow::version, PayoutCounts::key,
                PayoutRow::amount);
    }

    private static DayCounts.Key key(PayoutRow row) {
        return new DayCounts.Key(row.mode(), row.status().name(), LocalDate.ofInstant(row.requestedAt(),
                ZoneOffset.UTC));
    }
}
