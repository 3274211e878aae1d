package io.payouts.service.driver;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

class DriverEndpointsTest extends HttpIntegrationTest {

    @Test
    void registersADriverAsInvitedWithKycPending() {
        String svcDriverId = Api.uniqueSvcDriverId();

        Api.Response response = api().post("/api/v1/drivers", """
                {"svcDriverId":"%s","name":"Ana Diaz","email":"ana@example.com","phone":"+14155550123"}"""
                .formatted(svcDriverId));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode driver = response.data();
        assertThat(driver.path("id").asText()).matches("drv_[0-9a-f]{32}");
        assertThat(driver.path("svcDriverId").asText()).isEqualTo(svcDriverId);
        assertThat(driver.path("name").asText()).isEqualTo("Ana Diaz");
        assertThat(driver.path("email").asText()).isEqualTo("ana@example.com");
        assertThat(driver.path("phone").asText()).isEqualTo("+14155550123");
        assertThat(driver.path("status").asText()).isEqualTo("invited");
        assertThat(driver.path("kycStatus").asText()).isEqualTo("pending");
    }

    @Test
    void aDriverIsReadableTheMomentItsRegistrationReturns() {
        for (int i = 0; i < 20; i++) {
            String id = api().registerDriver().path("id").asText();

            Api.Response read = api().get("/api/v1/drivers/" + id);

            assertThat(read.status()).as("GET right after create #%d", i).isEqualTo(200);
            assertThat(read.data().path("id").asText()).isEqualTo(id);
        }
    }

    @Test
    void getsOneDriverWithItsFields() {
        JsonNode created = api().registerDriver();

        JsonNode driver = api().get("/api/v1/drivers/" + created.path("id").asText()).data();

        assertThat(driver.path("svcDriverId").asText()).isEqualTo(created.path("svcDriverId").asText());
        assertThat(driver.path("email").asText()).isEqualTo("ana.diaz@example.com");
        assertThat(driver.path("phone").asText()).isEqualTo("+14155550123");
        assertThat(driver.path("status").asText()).isEqualTo("invited");
        assertThat(driver.path("kycStatus").asText()).isEqualTo("pending");
    }

    @Test
    void unknownOrMalformedDriverIdsAre404() {
        for (String id : List.of("drv_" + "f".repeat(32), "drv_nope", "pay_" + "0".repeat(32), "x")) {
            Api.Response response = api().get("/api/v1/drivers/" + id);

            assertThat(response.status()).as(id).isEqualTo(404);
            assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
        }
        assertThat(api().put("/api/v1/drivers/drv_" + "e".repeat(32), """
                {"name":"A","email":"a@example.com","phone":"+14155550123"}""").status()).isEqualTo(404);
        assertThat(api().delete("/api/v1/drivers/drv_" + "e".repeat(32)).status()).isEqualTo(404);
        assertThat(api().post("/api/v1/drivers/drv_" + "e".repeat(32) + "/kyc", "{\"outcome\":\"verified\"}")
                .status()).isEqualTo(404);
    }

    @Test
    void aSecondDriverWithTheSameSvcDriverIdIsAConflict() {
        JsonNode first = api().registerDriver();

        Api.Response second = api().post("/api/v1/drivers", Api.driverJson(first.path("svcDriverId").asText()));

        assertThat(second.status()).isEqualTo(409);
        assertThat(second.error().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(second.error().path("details").has("svcDriverId")).isTrue();
    }

    @Test
    void concurrentRegistrationsOfOneSvcDriverIdLetExactlyOneWin() throws Exception {
        String svcDriverId = Api.uniqueSvcDriverId();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Integer>> attempts = IntStream.range(0, 8)
                    .<Callable<Integer>>mapToObj(i -> () -> api().post("/api/v1/drivers", Api.driverJson(svcDriverId)).status())
                    .toList();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> status : pool.invokeAll(attempts)) {
                statuses.add(status.get());
            }

            assertThat(statuses).filteredOn(status -> status == 200).hasSize(1);
            assertThat(statuses).filteredOn(status -> status == 409).hasSize(7);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void rejectsInvalidContactDetailsNamingEachField() {
        Api.Response response = api().post("/api/v1/drivers", """
                {"svcDriverId":"has space","name":"  ","email":"not-an-email","phone":"0049 30 1234"}""");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("svcDriverId", "name", "email", "phone");
    }

    @Test
    void listsDriversNewestFirstWithPagination() {
        JsonNode older = api().registerDriver();
        JsonNode newer = api().registerDriver();

        Api.Response firstPage = api().get("/api/v1/drivers?page=1&pageSize=1");
        Api.Response secondPage = api().get("/api/v1/drivers?page=2&pageSize=1");

        assertThat(firstPage.status()).isEqualTo(200);
        JsonNode list = firstPage.data();
        assertThat(list.path("items")).hasSize(1);
        assertThat(list.path("items").get(0).path("id").asText()).isEqualTo(newer.path("id").asText());
        assertThat(list.path("page").asInt()).isEqualTo(1);
        assertThat(list.path("pageSize").asInt()).isEqualTo(1);
        assertThat(list.path("total").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(list.path("hasNextPage").asBoolean()).isTrue();
        assertThat(secondPage.data().path("items").get(0).path("id").asText()).isEqualTo(older.path("id").asText());
        JsonNode item = list.path("items").get(0);
        assertThat(item.path("totalPaid").isIntegralNumber()).isTrue();
        assertThat(item.path("totalPaid").asLong()).isZero();
        assertThat(item.path("pendingPayouts").asLong()).isZero();
    }

    @Test
    void theLastPageHasNoNextPage() {
        api().registerDriver();
        long total = api().get("/api/v1/drivers?pageSize=1").data().path("total").asLong();

        Api.Response last = api().get("/api/v1/drivers?pageSize=1&page=" + total);
        Api.Response beyond = api().get("/api/v1/drivers?pageSize=1&page=" + (total + 1));

        assertThat(last.data().path("items")).hasSize(1);
        assertThat(last.data().path("hasNextPage").asBoolean()).isFalse();
        assertThat(beyond.data().path("items")).isEmpty();
    }

    @Test
    void filtersByActiveInactiveAndPending() {
        String invited = api().registerDriver().path("id").asText();
        String verified = api().registerDriver().path("id").asText();
        String deactivated = api().registerDriver().path("id").asText();
        api().post("/api/v1/drivers/" + verified + "/kyc", "{\"outcome\":\"verified\"}");
        api().delete("/api/v1/drivers/" + deactivated);

        assertThat(idsListedWith("active")).contains(verified).doesNotContain(invited, deactivated);
        assertThat(idsListedWith("inactive")).contains(deactivated).doesNotContain(invited, verified);
        assertThat(idsListedWith("pending")).contains(invited).doesNotContain(verified, deactivated);
        assertThat(idsListedWith(null)).contains(invited, verified, deactivated);
    }

    @Test
    void putReplacesTheProfile() {
        String id = api().registerDriver().path("id").asText();

        Api.Response updated = api().put("/api/v1/drivers/" + id, """
                {"name":"Ana María Díaz","email":"ana.maria@example.org","phone":"+34600111222"}""");

        assertThat(updated.status()).isEqualTo(200);
        JsonNode read = api().get("/api/v1/drivers/" + id).data();
        for (JsonNode driver : List.of(updated.data(), read)) {
            assertThat(driver.path("name").asText()).isEqualTo("Ana María Díaz");
            assertThat(driver.path("email").asText()).isEqualTo("ana.maria@example.org");
            assertThat(driver.path("phone").asText()).isEqualTo("+34600111222");
        }
    }

    @Test
    void putWithInvalidFieldsChangesNothing() {
        String id = api().registerDriver().path("id").asText();

        Api.Response response = api().put("/api/v1/drivers/" + id, """
                {"name":"New","email":"nope","phone":"+14155550123"}""");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").has("email")).isTrue();
        assertThat(api().get("/api/v1/drivers/" + id).data().path("name").asText()).isEqualTo("Ana Diaz");
    }

    @Test
    void putCannotChangeTheSvcDriverId() {
        String id = api().registerDriver().path("id").asText();

        Api.Response response = api().put("/api/v1/drivers/" + id, """
                {"svcDriverId":"other","name":"A","email":"a@example.com","phone":"+14155550123"}""");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").has("svcDriverId")).isTrue();
    }

    @Test
    void deleteDeactivatesTheDriverAndKeepsItListed() {
        String id = api().registerDriver().path("id").asText();

        Api.Response deleted = api().delete("/api/v1/drivers/" + id);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.data().path("status").asText()).isEqualTo("inactive");
        assertThat(api().get("/api/v1/drivers/" + id).data().path("status").asText()).isEqualTo("inactive");
        assertThat(idsListedWith(null)).contains(id);
    }

    @Test
    void anInactiveDriverCannotBeDeletedUpdatedOrVerified() {
        String id = api().registerDriver().path("id").asText();
        api().delete("/api/v1/drivers/" + id);

        List<Api.Response> refused = List.of(
                api().delete("/api/v1/drivers/" + id),
                api().put("/api/v1/drivers/" + id, "{\"name\":\"B\",\"email\":\"b@example.com\",\"phone\":\"+14155550123\"}"),
                api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}"));

        for (Api.Response response : refused) {
            assertThat(response.status()).isEqualTo(409);
            assertThat(response.error().path("code").asText()).isEqualTo("INVALID_STATE");
        }
    }

    @Test
    void verifiedKycMakesTheDriverActive() {
        String id = api().registerDriver().path("id").asText();

        Api.Response response = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.data().path("kycStatus").asText()).isEqualTo("verified");
        assertThat(response.data().path("status").asText()).isEqualTo("active");
        assertThat(api().get("/api/v1/drivers/" + id).data().path("status").asText()).isEqualTo("active");
    }

    @Test
    void verifyingTwiceIsAnInvalidState() {
        String id = api().registerDriver().path("id").asText();
        api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");

        Api.Response again = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("INVALID_STATE");
    }

    @Test
    void rejectedKycNeedsAReasonAndLeavesTheDriverUnpayable() {
        String id = api().registerDriver().path("id").asText();

        Api.Response withoutReason = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"rejected\"}");
        Api.Response rejected = api().post("/api/v1/drivers/" + id + "/kyc",
                "{\"outcome\":\"rejected\",\"reason\":\"document expired\"}");

        assertThat(withoutReason.status()).isEqualTo(400);
        assertThat(withoutReason.error().path("details").has("reason")).isTrue();
        assertThat(rejected.status()).isEqualTo(200);
        assertThat(rejected.data().path("kycStatus").asText()).isEqualTo("rejected");
        assertThat(rejected.data().path("status").asText()).isEqualTo("invited");
        assertThat(idsListedWith("pending")).contains(id);
    }

    @Test
    void unknownKycOutcomeIsA400() {
        String id = api().registerDriver().path("id").asText();

        Api.Response response = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"maybe\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").path("outcome").asText()).contains("verified", "rejected");
    }

    @Test
    void aDriversPayoutsAreAnEmptyPageUntilPayoutsExist() {
        String id = api().registerDriver().path("id").asText();

        Api.Response response = api().get("/api/v1/drivers/" + id + "/payouts");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.data().path("items")).isEmpty();
        assertThat(response.data().path("total").asLong()).isZero();
        assertThat(response.data().path("pageSize").asInt()).isEqualTo(50);
        assertThat(api().get("/api/v1/drivers/drv_" + "a".repeat(32) + "/payouts").status()).isEqualTo(404);
        assertThat(api().get("/api/v1/drivers/" + id + "/payouts?pageSize=101").status()).isEqualTo(400);
    }

    @Test
    void bulkRegistrationReportsEachItemAndPartlySucceeds() {
        String taken = api().registerDriver().path("svcDriverId").asText();
        String fresh = Api.uniqueSvcDriverId();

        Api.Response response = api().post("/api/v1/drivers/bulk", """
                {"drivers":[
                  {"svcDriverId":"%s","name":"Bo","email":"bo@example.com","phone":"+14155550111"},
                  {"svcDriverId":"%s","name":"Cy","email":"not-an-email","phone":"+14155550112"},
                  {"svcDriverId":"%s","name":"Di","email":"di@example.com","phone":"+14155550113"},
                  {"svcDriverId":"%s","name":"Ed","email":"ed@example.com","phone":"+14155550114"}
                ]}""".formatted(fresh, Api.uniqueSvcDriverId(), taken, fresh));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode result = response.data();
        assertThat(result.path("total").asInt()).isEqualTo(4);
        assertThat(result.path("succeeded").asInt()).isEqualTo(1);
        assertThat(result.path("failed").asInt()).isEqualTo(3);
        JsonNode results = result.path("results");
        assertThat(results.get(0).path("status").asText()).isEqualTo("success");
        assertThat(results.get(0).has("error")).isFalse();
        String createdId = results.get(0).path("item").path("id").asText();
        assertThat(results.get(1).path("status").asText()).isEqualTo("error");
        assertThat(results.get(1).path("error").asText()).startsWith("email: ");
        assertThat(results.get(2).path("code").asText()).isEqualTo("CONFLICT");
        assertThat(results.get(3).path("code").asText()).isEqualTo("CONFLICT");
        assertThat(api().get("/api/v1/drivers/" + createdId).status()).isEqualTo(200);
    }

    @Test
    void bulkRegistrationTakesOneToOneHundredDrivers() {
        String oneHundredAndOne = IntStream.range(0, 101)
                .mapToObj(i -> Api.driverJson(Api.uniqueSvcDriverId()))
                .reduce((a, b) -> a + "," + b).orElseThrow();
        long before = api().get("/api/v1/drivers?pageSize=1").data().path("total").asLong();

        Api.Response tooMany = api().post("/api/v1/drivers/bulk", "{\"drivers\":[" + oneHundredAndOne + "]}");
        Api.Response none = api().post("/api/v1/drivers/bulk", "{\"drivers\":[]}");
        Api.Response missing = api().post("/api/v1/drivers/bulk", "{}");

        for (Api.Response response : List.of(tooMany, none, missing)) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.error().path("details").has("drivers")).isTrue();
        }
        assertThat(api().get("/api/v1/drivers?pageSize=1").data().path("total").asLong()).isEqualTo(before);
    }

    private List<String> idsListedWith(String status) {
        String query = status == null ? "" : "&status=" + status;
        List<String> ids = new ArrayList<>();
        int page = 1;
        JsonNode list;
        do {
            list = api().get("/api/v1/drivers?pageSize=100&page=" + page++ + query).data();
            StreamSupport.stream(list.path("items").spliterator(), false)
                    .forEach(item -> ids.add(item.path("id").asText()));
        } while (list.path("hasNextPage").asBoolean());
        return ids;
    }
}
