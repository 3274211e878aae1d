package io.payouts.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.client.approvals.Approvals;
import io.payouts.client.drivers.Drivers;
import io.payouts.client.funding.Funding;
import io.payouts.client.payouts.Payouts;
import io.payouts.client.webhooks.WebhookSubscriptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every operation the client calls is in the OpenAPI document it is built against (client/openapi.json, which
 * the service's ApiDocumentTest keeps equal to the served one), with the envelope it reads.
 */
class ClientRoutesTest {

    private static final List<String> CALLED = List.of(
            "POST " + Drivers.PATH, "GET " + Drivers.PATH, "GET " + Drivers.PATH + "/{id}",
            "POST " + Drivers.PATH + "/{id}/kyc",
            "PUT " + Drivers.PATH + "/{id}/bank-account", "GET " + Drivers.PATH + "/{id}/bank-account",
            "DELETE " + Drivers.PATH + "/{id}/bank-account",
            "POST " + Payouts.PATH, "GET " + Payouts.PATH, "GET " + Payouts.PATH + "/{id}",
            "POST " + Payouts.PATH + "/{id}/cancel",
            "POST " + Funding.TOP_UP_PATH, "GET " + Funding.TOP_UPS_PATH, "GET " + Funding.BALANCE_PATH,
            "GET " + Funding.ALERTS_PATH, "PUT " + Funding.ALERTS_PATH,
            "POST " + WebhookSubscriptions.PATH, "DELETE " + WebhookSubscriptions.PATH + "/{id}",
            "GET " + Approvals.PATH, "GET " + Approvals.POLICY_PATH, "PUT " + Approvals.POLICY_PATH,
            "POST " + Payouts.PATH + "/{id}/approve", "POST " + Payouts.PATH + "/{id}/reject",
            "POST " + Approvals.BATCHES_PATH + "/{id}/approve", "POST " + Approvals.BATCHES_PATH + "/{id}/reject");

    @Test
    void callsOnlyOperationsOfTheDocumentThatAnswerInTheEnvelope() throws Exception {
        JsonNode document = new ObjectMapper().readTree(Path.of("openapi.json").toFile());

        assertThat(CALLED).allSatisfy(call -> {
            String[] parts = call.split(" ");
            JsonNode operation = document.path("paths").path(parts[1]).path(parts[0].toLowerCase(Locale.ROOT));
            assertThat(operation.isMissingNode()).as("%s is documented", call).isFalse();
            String schema = operation.at("/responses/200/content/application~1json/schema/$ref").asText();
            JsonNode envelope = document.at("/components/schemas/" + schema.substring(schema.lastIndexOf('/') + 1));
            assertThat(envelope.path("properties").has("data")).as("%s answers {success, data, meta}", call).isTrue();
        });
    }
}
