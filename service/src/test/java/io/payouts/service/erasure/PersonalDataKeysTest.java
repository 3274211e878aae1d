package io.payouts.service.erasure;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.axonframework.commandhandling.GenericCommandMessage.asCommandMessage;

/**
 * A driver's personal-data key is committed before the event it opens can be stored. With events in Axon
 * Server, an event is readable there before the command's PostgreSQL transaction commits; a key written in that
 * transaction was still missing for processors that read the event first ("has encrypted personal data but no
 * key"). Here the command's transaction is left open while another connection, as another instance's processor
 * would, looks for the key.
 */
@DatabaseTest
class PersonalDataKeysTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("service");
    private static final Instant AT = Instant.parse("2026-11-24T12:00:00Z");

    private final DataSource dataSource = DATABASE.jdbc().getDataSource();
    private final PlatformTransactionManager transactions = new DataSourceTransactionManager(dataSource);
    private final TransactionTemplate commandTransaction = new TransactionTemplate(transactions);
    private final PersonalDataKeys keys = new PersonalDataKeys(new JdbcTemplate(dataSource), transactions,
            Clock.systemUTC());
    private final KeysBeforeDriverCommands beforeSending = new KeysBeforeDriverCommands(keys);

    @Test
    void aKeyMadeWhileAnEventIsWrittenIsCommittedBeforeTheEventsTransaction() {
        String driver = newDriverId();

        commandTransaction.executeWithoutResult(status -> {
            PersonalDataKeys.KeyState key = keys.forWriting(driver);

            assertThat(key.secret()).isNotNull();
            assertThat(committedKeyOf(driver)).as("read by another connection while the event's transaction is open")
                    .isTrue();
        });
    }

    @Test
    void aCommandThatWritesPersonalDataHasItsDriversKeyCommittedBeforeItIsSent() {
        String registered = newDriverId();
        String updated = newDriverId();

        commandTransaction.executeWithoutResult(status -> {
            beforeSending.handle(asCommandMessage(new RegisterDriverCommand(new DriverId(registered), Mode.SANDBOX,
                    "svc-" + registered, profile(), AT)));
            beforeSending.handle(asCommandMessage(new UpdateDriverProfileCommand(new DriverId(updated), Mode.SANDBOX,
                    profile(), AT)));

            assertThat(committedKeyOf(registered)).as("registration, sent from inside a transaction").isTrue();
            assertThat(committedKeyOf(updated)).as("profile update").isTrue();
        });
        String key = DATABASE.jdbc().queryForObject(
                "select encode(secret, 'hex') from driver_personal_data_key where driver_id = ?", String.class,
                registered);
        assertThat(encodedSecretOf(keys.forWriting(registered))).as("the event is written under that same key")
                .isEqualTo(key);
    }

    @Test
    void aCommandThatWritesNoPersonalDataMakesNoKey() {
        String driver = newDriverId();

        beforeSending.handle(asCommandMessage(new DeactivateDriverCommand(new DriverId(driver), Mode.SANDBOX, AT)));

        assertThat(DATABASE.jdbc().queryForObject("select count(*) from driver_personal_data_key where driver_id = ?",
                Long.class, driver)).isZero();
    }

    /** Its driver id was made for that one request and is never given out again; the key opens nothing. */
    @Test
    void theKeyOfARefusedRegistrationStaysUnused() {
        String driver = newDriverId();

        commandTransaction.executeWithoutResult(status -> {
            beforeSending.handle(asCommandMessage(new RegisterDriverCommand(new DriverId(driver), Mode.SANDBOX,
                    "svc-" + driver, profile(), AT)));
            status.setRollbackOnly();
        });

        assertThat(committedKeyOf(driver)).isTrue();
    }

    @Test
    void anErasedDriversKeyIsNotMadeAgainByALaterCommand() {
        String driver = newDriverId();
        keys.commitKeyFor(driver);
        keys.erase(driver, "usr_test");

        beforeSending.handle(asCommandMessage(new UpdateDriverProfileCommand(new DriverId(driver), Mode.SANDBOX,
                profile(), AT)));

        assertThat(committedKeyOf(driver)).isFalse();
        assertThat(keys.forWriting(driver).erased()).isTrue();
    }

    /**
     * A processor that reads the key while the erasure's transaction is still open finds it whole; once the erasure
     * commits, no reader here may decrypt with that copy (a rebuild right after an erasure would show the name).
     */
    @Test
    void aKeyReadWhileItIsBeingErasedIsNotUsedOnceTheErasureCommits() {
        String driver = newDriverId();
        keys.commitKeyFor(driver);

        commandTransaction.executeWithoutResult(status -> {
            keys.erase(driver, "usr_test");
            PersonalDataKeys.KeyState readElsewhere = CompletableFuture.supplyAsync(() -> keys.stateOf(driver)).join();
            assertThat(readElsewhere.erased()).as("the erasure is not committed yet").isFalse();
        });

        assertThat(keys.stateOf(driver).erased()).isTrue();
    }

    /** Whether a usable key is committed, read on a connection of its own, outside the test's transaction. */
    private boolean committedKeyOf(String driver) {
        try (Connection elsewhere = dataSource.getConnection();
             PreparedStatement query = elsewhere.prepareStatement(
                     "select secret is not null from driver_personal_data_key where driver_id = ?")) {
            query.setString(1, driver);
            try (ResultSet row = query.executeQuery()) {
                return row.next() && row.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String encodedSecretOf(PersonalDataKeys.KeyState key) {
        return java.util.HexFormat.of().formatHex(key.secret());
    }

    private static String newDriverId() {
        return DriverId.PREFIX + UUID.randomUUID().toString().replace("-", "");
    }

    private static DriverProfile profile() {
        return new DriverProfile("Ana Diaz", new EmailAddress("ana@example.com"), new PhoneNumber("+14155550123"));
    }
}
