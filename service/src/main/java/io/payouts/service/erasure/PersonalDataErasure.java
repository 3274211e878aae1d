package io.payouts.service.erasure;

import io.payouts.platform.tables.ErasesPersonalData;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;
import java.util.List;

/**
 * Erases a driver's name, e-mail and phone (ADR-0026), in one transaction: destroys the driver's key, so no stored
 * event of theirs decrypts again, and has every module overwrite the copies its own tables already hold
 * ({@link ErasesPersonalData}, issue #24): the read models, the command side's standings, the stored answers. The
 * money history (payouts, amounts, the wallet) stays as it is.
 */
@Component
class PersonalDataErasure {

    private final PersonalDataKeys keys;
    private final List<ErasesPersonalData> modules;
    private final TransactionTemplate transaction;

    PersonalDataErasure(PersonalDataKeys keys, ObjectProvider<ErasesPersonalData> modules,
                        TransactionTemplate transaction) {
        this.keys = keys;
        this.modules = modules.orderedStream().toList();
        this.transaction = transaction;
    }

    Instant erase(String driverId, String erasedBy) {
        Instant erasedAt = transaction.execute(status -> {
            Instant at = keys.erase(driverId, erasedBy);
            modules.forEach(module -> module.erase(driverId));
            return at;
        });
        return erasedAt;
    }
}
