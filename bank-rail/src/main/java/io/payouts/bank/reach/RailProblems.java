package io.payouts.bank.reach;

import io.payouts.shared.payout.PayoutId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;

import static io.payouts.bank.reach.Timestamps.timestamp;

/**
 * Parks what a counterparty sent, or what a rail met, that moves no money: a bank file that does not parse, a status
 * for an unknown payment, a duplicate, one that contradicts the payout; a payment never sent, or refused by the
 * provider. An admin sees them (GET /api/v1/admin/rail/problems); nothing is dropped silently and nothing is guessed.
 * Reasons never carry an account number.
 */
public class RailProblems {

    private static final Logger log = LoggerFactory.getLogger(RailProblems.class);

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public RailProblems(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** @param fileName the bank file it came from; null for what no file said */
    public void park(String fileName, String endToEndId, PayoutId payoutId, String reason) {
        String kept = reason.length() > 1000 ? reason.substring(0, 1000) : reason;
        log.warn("Bank rail problem parked (file {}, end-to-end id {}): {}", fileName, endToEndId, kept);
        jdbc.update("""
                insert into bank_problem (file_name, end_to_end_id, payout_id, reason, detected_at)
                values (?, ?, ?, ?, ?)""", fileName, cut(endToEndId, 64), payoutId == null ? null : payoutId.value(),
                kept, timestamp(clock.instant()));
    }

    private static String cut(String value, int length) {
        return value == null || value.length() <= length ? value : value.substring(0, length);
    }
}
