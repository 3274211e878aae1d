package io.payouts.service.projection;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MetaData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An event a projection cannot apply is parked and everything else goes on (ADR-0016). The events are
 * stored directly, bypassing the edge that now refuses such text: the store holds what it holds, and a projection
 * must survive it.
 */
class PoisonEventTest extends HttpIntegrationTest {

    private static final Duration PARKING = Duration.ofSeconds(30);
    private static final String NUL = "a\u0000b";

    @Autowired
    private EventStore eventStore;
    @Autowired
    private PlatformTransactionManager transactions;
    @Autowired
    private JdbcTemplate jdbc;

    @AfterEach
    void dropTheFaultyTrigger() {
        jdbc.execute("drop trigger if exists refuse_poison_pill on driver_view");
        jdbc.execute("drop function if exists refuse_poison_pill()");
    }

    @Test
    void aPoisonEventIsParkedWhileOtherDriversPayoutsAndKeysStillProject() {
        DriverId poisoned = newDriverId();
        DriverId committedWithIt = newDriverId();
        PayoutId poisonedPayout = new PayoutId(PayoutId.PREFIX + hex());
        // the poison is in the e-mail, which the read model stores and the command side's standing does not
        store(registration(poisoned, "Poisoned Email", NUL), registration(committedWithIt, "Ana Diaz"));
        // a payout of a batch that is never released: it moves no money in the shared sandbox wallet
        store(new GenericDomainEventMessage<>("Payout", poisonedPayout.value(), 0, new PayoutRequestedInBatchEvent(
                poisonedPayout, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), new BatchId(BatchId.PREFIX + hex()),
                committedWithIt, 500, 0, 500, Rail.STANDARD, "week 3", NUL, Instant.now()), sandbox()));

        await("both poison events are parked").atMost(PARKING).untilAsserted(() -> {
            assertThat(parked()).anySatisfy(event -> {
                assertThat(event.path("processor").asText()).isEqualTo("driver-projection");
                assertThat(event.path("aggregateId").asText()).isEqualTo(poisoned.value());
                assertThat(event.path("eventType").asText()).isEqualTo("DriverRegisteredEvent");
                assertThat(event.path("eventId").asText()).startsWith("evt_");
                assertThat(event.path("causeMessage").asText()).isNotBlank();
            });
            assertThat(parked()).anySatisfy(event -> {
                assertThat(event.path("processor").asText()).isEqualTo("payout-projection");
                assertThat(event.path("aggregateId").asText()).isEqualTo(poisonedPayout.value());
            });
        });

        await("the event committed with the poison one is projected").atMost(PARKING).until(() ->
                jdbc.queryForObject("select count(*) from driver_view where id = ? and name = 'Ana Diaz'", Long.class,
                        committedWithIt.value()) == 1);
        assertThat(parked()).noneSatisfy(event -> assertThat(event.path("aggregateId").asText())
                .isEqualTo(committedWithIt.value()));
        Api.Response registered = api().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));
        assertThat(registered.status()).as("a driver registered after it: %s", registered).isEqualTo(200);
        String driver = registered.data().path("id").asText();
        assertThat(api().post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        assertThat(api().post("/api/v1/funding/topup", "{\"amount\":1000,\"method\":\"bank_transfer\"}").status())
                .isEqualTo(200);
        await("the top-up settles").atMost(PARKING).until(() ->
                api().post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":100}".formatted(driver)).status()
                        == 200);
        Api.Response key = owner().createKey("sandbox", List.of("drivers:read"));
        assertThat(anonymous().withBearer(key.body().path("key").asText()).get("/api/v1/drivers/" + driver).status())
                .isEqualTo(200);

        Api.Response poisonedDriver = api().get("/api/v1/drivers/" + poisoned.value());
        assertThat(poisonedDriver.status()).as("answered from the write: %s", poisonedDriver).isEqualTo(200);
        assertThat(poisonedDriver.data().path("status").asText()).isEqualTo("invited");
        Api.Response poisonedPayoutRead = api().get("/api/v1/payouts/" + poisonedPayout.value());
        assertThat(poisonedPayoutRead.status()).as("answered from the write: %s", poisonedPayoutRead).isEqualTo(200);
        assertThat(poisonedPayoutRead.data().path("amount").asLong()).isEqualTo(500);

        JsonNode processors = owner().get("/api/v1/admin/projections").data().path("items");
        JsonNode driverProjection = find(processors, "driver-projection");
        assertThat(driverProjection.path("status").asText()).isEqualTo("running");
        assertThat(driverProjection.path("parked").asLong()).isGreaterThanOrEqualTo(1);

        for (JsonNode event : parked()) {
            if (List.of(poisoned.value(), poisonedPayout.value()).contains(event.path("aggregateId").asText())) {
                Api.Response evicted = owner().delete("/api/v1/admin/dead-letters/" + event.path("id").asText());
                assertThat(evicted.status()).as("%s", evicted).isEqualTo(200);
            }
        }
        assertThat(parked()).noneSatisfy(event -> assertThat(event.path("aggregateId").asText())
                .isIn(poisoned.value(), poisonedPayout.value()));
    }

    @Test
    void aParkedEventAndTheLaterEventsOfItsDriverAreAppliedWhenRetriedOnceTheCauseIsFixed() {
        jdbc.execute("""
                create function refuse_poison_pill() returns trigger language plpgsql as $$
                begin raise exception 'refusing %', new.name; end $$""");
        jdbc.execute("""
                create trigger refuse_poison_pill before insert on driver_view for each row
                when (new.name = 'Poison Pill') execute function refuse_poison_pill()""");
        DriverId driver = newDriverId();
        store(registration(driver, "Poison Pill"));
        JsonNode parkedEvent = await("the registration is parked").atMost(PARKING)
                .until(() -> parkedFor(driver), event -> event != null);
        store(new GenericDomainEventMessage<>("Driver", driver.value(), 1,
                new DriverDeactivatedEvent(driver, Mode.SANDBOX, Instant.now()), sandbox()));
        await("the later event waits behind it").atMost(PARKING).until(() -> parked().stream()
                .filter(event -> event.path("aggregateId").asText().equals(driver.value())).count() == 2);
        Api.Response retriedTooSoon = owner().post("/api/v1/admin/dead-letters/" + parkedEvent.path("id").asText()
                + "/retry", null);
        assertThat(retriedTooSoon.data().path("applied").asBoolean()).as("%s", retriedTooSoon).isFalse();

        dropTheFaultyTrigger();
        Api.Response retried = owner().post("/api/v1/admin/dead-letters/" + parkedEvent.path("id").asText()
                + "/retry", null);

        assertThat(retried.status()).as("%s", retried).isEqualTo(200);
        assertThat(retried.data().path("applied").asBoolean()).isTrue();
        assertThat(parkedFor(driver)).isNull();
        JsonNode projected = api().get("/api/v1/drivers?status=inactive&pageSize=100").data().path("items");
        assertThat(projected.findValuesAsText("id")).as("in the read model, with its later event").contains(
                driver.value());
    }

    @Test
    void parkedEventsAreForOwnersAndAdminsOnly() {
        assertThat(api().get("/api/v1/admin/dead-letters").status()).isEqualTo(401);
        assertThat(owner().get("/api/v1/admin/dead-letters/dlq_unknown").status()).isEqualTo(405);
        assertThat(owner().post("/api/v1/admin/dead-letters/dlq_unknown/retry", null).status()).isEqualTo(404);
        assertThat(owner().delete("/api/v1/admin/dead-letters/dlq_unknown").status()).isEqualTo(404);
    }

    private List<JsonNode> parked() {
        Api.Response response = owner().get("/api/v1/admin/dead-letters?pageSize=100");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        List<JsonNode> items = new ArrayList<>();
        response.data().path("items").forEach(items::add);
        return items;
    }

    private JsonNode parkedFor(DriverId driver) {
        return parked().stream().filter(event -> event.path("aggregateId").asText().equals(driver.value()))
                .findFirst().orElse(null);
    }

    private static JsonNode find(JsonNode processors, String name) {
        for (JsonNode processor : processors) {
            if (processor.path("name").asText().equals(name)) {
                return processor;
            }
        }
        throw new AssertionError("no processor " + name + " in " + processors);
    }

    /** Appends events to the store in one transaction, as a command's unit of work would. */
    private void store(GenericDomainEventMessage<?>... events) {
        new TransactionTemplate(transactions).executeWithoutResult(status -> eventStore.publish(events));
    }

    private static GenericDomainEventMessage<DriverRegisteredEvent> registration(DriverId driver, String name) {
        return registration(driver, name, "a@example.com");
    }

    private static GenericDomainEventMessage<DriverRegisteredEvent> registration(DriverId driver, String name,
                                                                                  String email) {
        return new GenericDomainEventMessage<>("Driver", driver.value(), 0, new DriverRegisteredEvent(driver,
                Mode.SANDBOX, "ext-" + hex(), name, email, "+14155550123", Instant.now()), sandbox());
    }

    private static MetaData sandbox() {
        return MetaData.with(MetadataKeys.MODE, Mode.SANDBOX.apiName())
                .and(MetadataKeys.SANDBOX_SCENARIO, MetadataKeys.KYC_PENDING_SCENARIO);
    }

    private static DriverId newDriverId() {
        return new DriverId(DriverId.PREFIX + hex());
    }

    private static String hex() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
