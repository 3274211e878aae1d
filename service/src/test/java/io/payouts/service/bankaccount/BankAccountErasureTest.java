package io.payouts.service.bankaccount;

import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.driver.PayeeAccounts;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.payouts.service.bankaccount.BankAccounts.ibanJson;
import static io.payouts.service.bankaccount.BankAccounts.newAccountNumber;
import static io.payouts.service.bankaccount.BankAccounts.newIban;
import static io.payouts.service.bankaccount.BankAccounts.path;
import static io.payouts.service.bankaccount.BankAccounts.usJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A bank account is personal data (ADR-0026): stored only encrypted under the driver's key, shown nowhere but masked,
 * read in full only by the rail's port, and gone with an erasure of the driver's personal data.
 */
class BankAccountErasureTest extends HttpIntegrationTest {

    private static final String PROJECTION = ProcessingGroups.DRIVER_BANK_ACCOUNT_PROJECTION;

    // Each test's holder is its own, so one test's erasure is not mistaken for another's.
    private final String holder = "Quincy Overbeck " + UUID.randomUUID().toString().substring(0, 8);

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private PayeeAccounts payees;
    @Autowired
    private EventProcessingConfiguration processing;

    @Test
    void storesTheHolderAndTheNumberOnlyEncrypted() {
        String driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();
        String iban = newIban();
        BankAccounts.set(api(), driverId, usJson(holder, number));
        BankAccounts.set(api(), driverId, ibanJson(holder, iban));

        String stored = jdbc.queryForObject("select string_agg(convert_from(payload, 'UTF8'), ' ')"
                + " from domain_event_entry where aggregate_identifier = ?", String.class, driverId);

        assertThat(stored).doesNotContain(number, iban, holder).contains("pii:v1:", number.substring(8),
                iban.substring(iban.length() - 4), BankAccounts.ROUTING_NUMBER, BankAccounts.BIC);
    }

    @Test
    void theRailReadsTheAccountInFullInTheDriversModeOnly() {
        String driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();
        BankAccounts.set(api(), driverId, usJson(holder, number));

        assertThat(payees.find(new DriverId(driverId), Mode.SANDBOX)).contains(new PayeeAccount(holder, "US",
                BankAccounts.ROUTING_NUMBER, number, BankAccountType.CHECKING, null, null));
        assertThat(payees.find(new DriverId(driverId), Mode.PRODUCTION)).isEmpty();
        String iban = newIban();
        BankAccounts.set(api(), driverId, ibanJson(holder, iban));
        assertThat(payees.find(new DriverId(driverId), Mode.SANDBOX)).contains(new PayeeAccount(holder, "DE", null,
                null, null, iban, BankAccounts.BIC));

        assertThat(api().delete(path(driverId)).status()).isEqualTo(200);

        assertThat(payees.find(new DriverId(driverId), Mode.SANDBOX)).isEmpty();
        assertThat(payees.find(new DriverId("drv_" + "d".repeat(32)), Mode.SANDBOX)).isEmpty();
    }

    @Test
    void theAuditApiShowsTheLastFourDigitsAndNeverTheNumber() {
        String driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();
        String iban = newIban();
        BankAccounts.set(api(), driverId, usJson(holder, number));
        BankAccounts.set(api(), driverId, ibanJson(holder, iban));
        assertThat(api().delete(path(driverId)).status()).isEqualTo(200);

        String history = api().get("/api/v1/drivers/" + driverId + "/history").body().toString();
        String events = api().get("/api/v1/events?resource=" + driverId).body().toString();

        for (String answer : List.of(history, events)) {
            assertThat(answer).contains("driver.bank_account_set", "driver.bank_account_removed",
                    number.substring(8)).doesNotContain(number, iban);
        }
    }

    @Test
    void anErasureMakesTheAccountUnreadableAndUnusable() {
        String driverId = BankAccounts.payableDriver(api());
        String number = newAccountNumber();
        BankAccounts.set(api(), driverId, usJson(holder, number));
        long events = eventCount(driverId);
        // The account on file in the read model first: a batch still being projected when the erasure commits may
        // write it back until the driver's next event, a limit ADR-0026 accepts (Consequences).
        await("the read model has the account on file").atMost(Duration.ofSeconds(10))
                .until(() -> onFileAsOfTheNewestEvent(driverId));

        assertThat(payees.find(new DriverId(driverId), Mode.SANDBOX)).as("read once, and kept in memory")
                .map(PayeeAccount::accountNumber).contains(number);

        Api.Response erased = api().delete("/api/v1/drivers/" + driverId + "/personal-data");

        assertThat(erased.status()).as("%s", erased).isEqualTo(200);
        assertThat(erased.data().path("erasedFields").toString()).contains("bankAccount");
        Api.Response read = api().get(path(driverId));
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.error().path("message").asText()).contains("erased");
        assertThat(read.body().toString()).doesNotContain(holder, number.substring(8));
        assertThat(payees.find(new DriverId(driverId), Mode.SANDBOX)).as("the rail has nothing to pay to").isEmpty();
        assertThat(jdbc.queryForObject("select bank_account from driver_standing where driver_id = ?", Boolean.class,
                driverId)).isFalse();
        assertThat(api().get("/api/v1/drivers/" + driverId + "/history").body().toString()).doesNotContain(holder);
        Api.Response again = api().put(path(driverId), usJson(holder, newAccountNumber()));
        assertThat(again.status()).as("%s", again).isEqualTo(409);
        assertThat(again.error().path("message").asText()).contains("erased");
        assertThat(eventCount(driverId)).as("the events stay, and none is added").isEqualTo(events);
    }

    @Test
    void staysErasedAfterTheReadModelIsRebuilt() {
        String driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();
        BankAccounts.set(api(), driverId, usJson(holder, number));
        String other = api().registerDriver().path("id").asText();
        String otherNumber = newAccountNumber();
        BankAccounts.set(api(), other, usJson("Ana Diaz", otherNumber));
        assertThat(api().delete("/api/v1/drivers/" + driverId + "/personal-data").status()).isEqualTo(200);

        assertThat(owner().post("/api/v1/admin/projections/" + PROJECTION + "/rebuild", null).status())
                .isEqualTo(200);
        await("the bank account read model is rebuilt").atMost(Duration.ofSeconds(60)).until(this::caughtUp);

        assertThat(jdbc.queryForObject("select state from driver_bank_account_view where driver_id = ?",
                String.class, driverId)).isEqualTo("ERASED");
        assertThat(jdbc.queryForObject("select count(*) from driver_bank_account_view where driver_id = ?"
                + " and (holder_name is not null or last4 is not null)", Long.class, driverId)).isZero();
        assertThat(api().get(path(driverId)).status()).isEqualTo(404);
        assertThat(api().get(path(other)).data().path("last4").asText()).isEqualTo(otherNumber.substring(8));
    }

    private boolean onFileAsOfTheNewestEvent(String driverId) {
        return jdbc.queryForObject("select count(*) from driver_bank_account_view a where a.driver_id = ?"
                + " and a.state = 'ON_FILE' and a.version = (select max(e.sequence_number) from domain_event_entry e"
                + " where e.aggregate_identifier = a.driver_id)", Long.class, driverId) == 1;
    }

    private long eventCount(String driverId) {
        return jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, driverId);
    }

    private boolean caughtUp() {
        StreamingEventProcessor processor = processing.eventProcessor(PROJECTION, StreamingEventProcessor.class)
                .orElseThrow();
        long head = jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
        return processor.isRunning() && !processor.isReplaying() && processor.processingStatus().values().stream()
                .allMatch(segment -> segment.getCurrentPosition().orElse(-1) >= head);
    }
}
