package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * The resources the fuzzer's requests name, made through the API before it starts: in each mode, payable drivers
 * with a bank account, a funded wallet, payouts, a scheduled batch and a webhook subscription; keys waiting for
 * approval, an extra user, and the ids of events, deliveries and processors. Every id lands in {@link Fixtures}.
 */
final class FuzzWorld {

    private final Api owner;
    private final Credentials credentials;
    private final Fixtures fixtures;

    FuzzWorld(Api owner, Credentials credentials, Fixtures fixtures) {
        this.owner = owner;
        this.credentials = credentials;
        this.fixtures = fixtures;
    }

    void populate() {
        for (String mode : List.of("sandbox", "production")) {
            Api drivers = key(mode, "drivers:write");
            Api payouts = key(mode, "payouts:write");
            List<String> driverIds = new ArrayList<>();
            for (int driver = 0; driver < 3; driver++) {
                String id = ok(drivers.post("/api/v1/drivers", Api.driverJson("fz-world-" + mode + "-" + driver)))
                        .path("id").asText();
                driverIds.add(id);
                if (driver < 2) {
                    ok(drivers.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}"));
                    ok(drivers.put("/api/v1/drivers/" + id + "/bank-account", """
                            {"holderName":"Ana Diaz","country":"US","routingNumber":"021000021",
                            "accountNumber":"000123456789","accountType":"checking"}"""));
                }
            }
            String topUp = ok(payouts.post("/api/v1/funding/topup",
                    "{\"amount\":100000000,\"method\":\"wire\"}")).path("transactionId").asText();
            if (mode.equals("production")) {
                ok(owner.post("/api/v1/admin/funding/topups/" + topUp + "/settle", null));
            }
            Api balance = key(mode, "balance:read");
            await("the " + mode + " top-up settles").atMost(Duration.ofSeconds(30)).until(() ->
                    balance.get("/api/v1/balance").data().path("available").asLong() > 0);
            for (int payout = 0; payout < 2; payout++) {
                ok(payouts.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":%d}"
                        .formatted(driverIds.get(payout), 100 + payout)));
            }
            ok(key(mode, "batches:write").post("/api/v1/batches", """
                    {"name":"fuzz world","scheduledFor":"%s","payouts":[{"driverId":"%s","amount":250}]}"""
                    .formatted(Instant.now().plus(Duration.ofDays(20)), driverIds.get(0))));
            ok(key(mode, "webhooks:manage").post("/api/v1/webhooks", """
                    {"url":"%sworld","events":["payout.created","payout.cancelled"]}"""
                    .formatted(FieldHints.WEBHOOK_TARGET)));
            fixtures.harvest(owner.createKey(mode, List.of("drivers:read")).body());
            harvest(key(mode, "read").get("/api/v1/events?limit=50"));
            harvest(key(mode, "webhooks:manage").get("/api/v1/webhooks/logs"));
        }
        ok(owner.post("/api/v1/admin/users", """
                {"email":"fz-world-user@example.com","password":"a long enough password","role":"developer"}"""));
        List<String> processors = new ArrayList<>();
        owner.get("/api/v1/admin/projections").data().path("items")
                .forEach(processor -> processors.add(processor.path("name").asText()));
        fixtures.processors(processors);
    }

    private Api key(String mode, String scope) {
        return owner.anonymous().withBearer(mode.equals("sandbox") ? credentials.sandboxKey(scope)
                : credentials.productionKey(scope));
    }

    private JsonNode ok(Api.Response response) {
        if (response.status() != 200) {
            throw new AssertionError("the fuzzer's world could not be made: " + response);
        }
        harvest(response);
        return response.data().isMissingNode() ? response.body() : response.data();
    }

    private void harvest(Api.Response response) {
        fixtures.harvest(response.body());
    }
}
