package io.payouts.bank.rail;

import io.payouts.bank.iso20022.Notification;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.DomainException;
import io.payouts.shared.wallet.TransactionId;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import static io.payouts.bank.reach.Timestamps.timestamp;

/**
 * Money that came in (ADR-0034): a credit whose structured reference (or, without one, whose whole remittance text)
 * is a pending production top-up's reference, for that top-up's amount in the wallet's currency, settles it through
 * the settle command an admin would send; any other is kept as an unmatched credit for finance, never guessed onto a
 * top-up. Each entry of each file is taken once.
 */
class TopUpCredits {

    private final JdbcTemplate jdbc;
    private final RailOutcomes outcomes;
    private final String currency;
    private final Clock clock;

    TopUpCredits(JdbcTemplate jdbc, RailOutcomes outcomes, String currency, Clock clock) {
        this.jdbc = jdbc;
        this.outcomes = outcomes;
        this.currency = currency;
        this.clock = clock;
    }

    void apply(String fileName, int entry, Notification credit) {
        if (taken(fileName, entry)) {
            return;
        }
        Instant now = clock.instant();
        Optional<TransactionId> topUp = credit.reference().or(() -> Optional.of(credit.remittanceText()))
                .flatMap(TransactionId::fromWireReference);
        String unmatched = null;
        if (!credit.currency().equals(currency)) {
            unmatched = "credited in " + credit.currency() + "; the wallet is in " + currency;
        } else if (topUp.isEmpty()) {
            unmatched = credit.reference().map(reference -> "its reference " + reference + " names no top-up")
                    .orElse("it quotes no reference (a top-up's reference)");
        } else {
            try {
                outcomes.credited(topUp.get(), credit.amountCents(), IsoPayoutRail.CALLER, now);
            } catch (DomainException refused) {
                unmatched = refused.getMessage();
            } catch (AggregateNotFoundException noWallet) {
                unmatched = "no top-up " + topUp.get().value() + " is pending";
            }
        }
        record(fileName, entry, credit, topUp, unmatched, now);
    }

    private boolean taken(String fileName, int entry) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists (select 1 from bank_credit where file_name = ? and entry_number = ?)", Boolean.class,
                fileName, entry));
    }

    private void record(String fileName, int entry, Notification credit, Optional<TransactionId> topUp,
                        String unmatched, Instant now) {
        jdbc.update("""
                insert into bank_credit (file_name, entry_number, amount, currency, reference, remittance_text,
                                         bank_reference, booking_date, outcome, top_up_id, reason, received_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (file_name, entry_number) do nothing""", fileName, entry, credit.amountCents(),
                credit.currency(), credit.reference().map(reference -> cut(reference, 140)).orElse(null),
                cut(credit.remittanceText(), 500), credit.bankReference().map(reference -> cut(reference, 140))
                        .orElse(null), credit.bookingDate().orElse(null), unmatched == null ? "SETTLED" : "UNMATCHED",
                topUp.map(TransactionId::value).orElse(null), unmatched == null ? null : cut(unmatched, 500),
                timestamp(now));
    }

    private static String cut(String value, int length) {
        return value == null || value.length() <= length ? value : value.substring(0, length);
    }
}
