package io.payouts.bank.rail;

import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * What the production rails show admins and finance, newest first: the problems the bank or the provider rail parked,
 * and the credits the bank rail could not match. It only reads, so it exists whichever rail pays production.
 */
public class BankRailViews {

    private final JdbcTemplate jdbc;

    BankRailViews(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public ResultPage<RailProblem> problems(PageRequest page) {
        long total = jdbc.queryForObject("select count(*) from bank_problem", Long.class);
        List<RailProblem> items = jdbc.query("""
                select id, file_name, end_to_end_id, payout_id, reason, detected_at from bank_problem
                order by detected_at desc, id desc offset ? limit ?""", BankRailViews::problem, page.offset(),
                page.pageSize());
        return new ResultPage<>(items, total, page.page(), page.pageSize());
    }

    public ResultPage<UnmatchedCredit> unmatchedCredits(PageRequest page) {
        long total = jdbc.queryForObject("select count(*) from bank_credit where outcome = 'UNMATCHED'", Long.class);
        List<UnmatchedCredit> items = jdbc.query("""
                select id, file_name, amount, currency, reference, remittance_text, bank_reference, booking_date,
                       reason, received_at
                from bank_credit where outcome = 'UNMATCHED'
                order by received_at desc, id desc offset ? limit ?""", BankRailViews::credit, page.offset(),
                page.pageSize());
        return new ResultPage<>(items, total, page.page(), page.pageSize());
    }

    private static RailProblem problem(ResultSet row, int index) throws SQLException {
        return new RailProblem(row.getLong("id"), row.getString("file_name"), row.getString("end_to_end_id"),
                row.getString("payout_id"), row.getString("reason"),
                row.getObject("detected_at", OffsetDateTime.class).toInstant());
    }

    private static UnmatchedCredit credit(ResultSet row, int index) throws SQLException {
        return new UnmatchedCredit(row.getLong("id"), row.getString("file_name"), row.getLong("amount"),
                row.getString("currency"), row.getString("reference"), row.getString("remittance_text"),
                row.getString("bank_reference"), row.getObject("booking_date", LocalDate.class),
                row.getString("reason"), row.getObject("received_at", OffsetDateTime.class).toInstant());
    }
}
