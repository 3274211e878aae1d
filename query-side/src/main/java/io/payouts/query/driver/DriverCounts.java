package io.payouts.query.driver;

import io.payouts.query.consistency.DayCounts;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.KycStatus;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code driver_count}: how many drivers of each mode stand in each status and KYC status (a standing such as
 * {@code ACTIVE/VERIFIED}), by the UTC day they were registered ({@link DayCounts}); a driver's write moves it from
 * its stored standing to its new one, so the driver list's total is a sum of a few rows however many drivers it holds.
 */
final class DriverCounts {

    private DriverCounts() {
    }

    static DayCounts of(JdbcTemplate jdbc) {
        return new DayCounts(jdbc, "driver_count", "standing", "drivers");
    }

    /** The standings a list filter shows; {@code null}, every driver. */
    static List<String> standingsOf(DriverStatusFilter filter) {
        if (filter == null) {
            return null;
        }
        List<String> standings = new ArrayList<>();
        for (DriverStatus status : DriverStatus.values()) {
            for (KycStatus kyc : KycStatus.values()) {
                boolean shown = switch (filter) {
                    case ACTIVE -> status == DriverStatus.ACTIVE;
                    case INACTIVE -> status == DriverStatus.INACTIVE;
                    case PENDING -> status != DriverStatus.INACTIVE && kyc != KycStatus.VERIFIED;
                };
                if (shown) {
                    standings.add(standing(status, kyc));
                }
            }
        }
        return standings;
    }

    /**
     * What these rows' writes, from {@code before} (absent for a new driver), move between the counts; a row no newer
     * than the stored one is not written, so it moves nothing.
     */
    static Map<DayCounts.Key, Long> changes(Map<String, DriverRow> before, List<DriverRow> written) {
        return DayCounts.moves(before, written, DriverRow::id, DriverRow::version, DriverCounts::key);
    }

    private static DayCounts.Key key(DriverRow row) {
        return new DayCounts.Key(row.mode(), standing(row.status(), row.kycStatus()),
                LocalDate.ofInstant(row.createdAt(), ZoneOffset.UTC));
    }

    static String standing(DriverStatus status, KycStatus kyc) {
        return status.name() + "/" + kyc.name();
    }
}
