package io.payouts.service.erasure;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;

/**
 * Erases a driver's name, e-mail, phone and bank account (ADR-0026), in one transaction: destroys the driver's key,
 * so no stored event of theirs decrypts again, and overwrites the copies the read models and stored answers already
 * hold. The money history (payouts, amounts, the wallet) stays as it is.
 */
@Component
class PersonalDataErasure {

    private final PersonalDataKeys keys;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;

    PersonalDataErasure(PersonalDataKeys keys, JdbcTemplate jdbc, TransactionTemplate transaction) {
        this.keys = keys;
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    Instant erase(String driverId, String erasedBy) {
        Instant erasedAt = transaction.execute(status -> {
            Instant at = keys.erase(driverId, erasedBy);
            String erased = PersonalDataProtection.ERASED;
            jdbc.update("update driver_view set name = ?, email = ?, phone = ? where id = ?", erased, erased, erased,
                    driverId);
            jdbc.update("update driver_standing set name = ? where driver_id = ?", erased, driverId);
            // the account can no longer be read, so the rail can no longer pay to it
            jdbc.update("update driver_standing set bank_account = false where driver_id = ?", driverId);
            jdbc.update("""
                    update driver_bank_account_view set state = 'ERASED', holder_name = null, country = null,
                        account_type = null, routing_number = null, bic = null, last4 = null
                    where driver_id = ?""", driverId);
            // stored first answers of registrations and profile updates repeat what was sent (ADR-0010)
            jdbc.update("delete from idempotency_record where response_body is not null"
                    + " and position(convert_to(?, 'UTF8') in response_body) > 0", driverId);
            return at;
        });
        return erasedAt;
    }
}
