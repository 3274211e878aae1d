package io.payouts.service.bankaccount;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.payouts.service.bankaccount.BankAccounts.ibanJson;
import static io.payouts.service.bankaccount.BankAccounts.newAccountNumber;
import static io.payouts.service.bankaccount.BankAccounts.newIban;
import static io.payouts.service.bankaccount.BankAccounts.path;
import static io.payouts.service.bankaccount.BankAccounts.usJson;
import static org.assertj.core.api.Assertions.assertThat;

/** PUT, GET and DELETE of a driver's bank account, and registrations that carry one, over HTTP. */
class BankAccountEndpointsTest extends HttpIntegrationTest {

    @Test
    void setsAUsAccountAndShowsItMasked() {
        String driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();

        Api.Response set = api().put(path(driverId), usJson("Ana Diaz", number));

        assertThat(set.status()).as("%s", set).isEqualTo(200);
        JsonNode account = set.data();
        assertThat(account.path("driverId").asText()).isEqualTo(driverId);
        assertThat(account.path("holderName").asText()).isEqualTo("Ana Diaz");
        assertThat(account.path("country").asText()).isEqualTo("US");
        assertThat(account.path("routingNumber").asText()).isEqualTo(BankAccounts.ROUTING_NUMBER);
        assertThat(account.path("accountType").asText()).isEqualTo("checking");
        assertThat(account.path("last4").asText()).isEqualTo(number.substring(number.length() - 4));
        assertThat(account.has("bic")).isFalse();
        assertThat(set.body().toString()).doesNotContain(number);
        Api.Response read = api().get(path(driverId));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.data()).isEqualTo(account);
        assertThat(read.body().toString()).doesNotContain(number);
    }

    @Test
    void anAccountIsReadableTheMomentItsPutReturns() {
        for (int i = 0; i < 10; i++) {
            String driverId = api().registerDriver().path("id").asText();
            String number = newAccountNumber();
            BankAccounts.set(api(), driverId, usJson("Ana Diaz", number));

            Api.Response read = api().get(path(driverId));

            assertThat(read.status()).as("GET right after PUT #%d: %s", i, read).isEqualTo(200);
            assertThat(read.data().path("last4").asText()).isEqualTo(number.substring(8));
        }
    }

    @Test
    void replacesTheAccountWithOneByIbanTypedAsPeopleCopyIt() {
        String driverId = api().registerDriver().path("id").asText();
        BankAccounts.set(api(), driverId, usJson("Ana Diaz", newAccountNumber()));
        String iban = newIban();
        String printed = iban.toLowerCase().replaceAll("(.{4})", "$1 ").trim();

        Api.Response replaced = api().put(path(driverId), """
                {"holderName":"Ana Diaz","iban":"%s","bic":"cobadeffxxx"}""".formatted(printed));

        assertThat(replaced.status()).as("%s", replaced).isEqualTo(200);
        JsonNode account = api().get(path(driverId)).data();
        assertThat(account.path("country").asText()).isEqualTo("DE");
        assertThat(account.path("bic").asText()).isEqualTo("COBADEFFXXX");
        assertThat(account.path("last4").asText()).isEqualTo(iban.substring(iban.length() - 4));
        assertThat(account.has("routingNumber")).isFalse();
        assertThat(account.has("accountType")).isFalse();
        assertThat(account.toString()).doesNotContain(iban);
    }

    @Test
    void removesTheAccountAndThenHasNoneToRemove() {
        String driverId = api().registerDriver().path("id").asText();
        BankAccounts.set(api(), driverId, ibanJson("Ana Diaz", newIban()));

        Api.Response removed = api().delete(path(driverId));

        assertThat(removed.status()).as("%s", removed).isEqualTo(200);
        assertThat(removed.data().path("driverId").asText()).isEqualTo(driverId);
        assertThat(removed.data().path("removedAt").asText()).isNotBlank();
        Api.Response read = api().get(path(driverId));
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.error().path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(read.error().path("message").asText()).contains("no bank account");
        Api.Response again = api().delete(path(driverId));
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.error().path("message").asText()).contains("no bank account");
    }

    @Test
    void aDriverWithoutAnAccountHasNoneToShow() {
        String driverId = api().registerDriver().path("id").asText();

        Api.Response read = api().get(path(driverId));

        assertThat(read.status()).isEqualTo(404);
        assertThat(read.error().path("message").asText()).contains("no bank account");
    }

    @Test
    void unknownOrMalformedDriversAre404() {
        for (String id : List.of("drv_" + "e".repeat(32), "drv_nope", "x")) {
            assertThat(api().get(path(id)).status()).as("GET %s", id).isEqualTo(404);
            assertThat(api().put(path(id), usJson("Ana", newAccountNumber())).status()).as("PUT %s", id)
                    .isEqualTo(404);
            assertThat(api().delete(path(id)).status()).as("DELETE %s", id).isEqualTo(404);
        }
    }

    @Test
    void anotherModeNeitherSeesNorChangesTheAccount() {
        String driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();
        BankAccounts.set(api(), driverId, usJson("Ana Diaz", number));
        Api production = BankAccounts.productionApi(owner(), anonymous());

        Api.Response read = production.get(path(driverId));
        Api.Response replaced = production.put(path(driverId), usJson("Mallory", newAccountNumber()));
        Api.Response removed = production.delete(path(driverId));

        assertThat(List.of(read, replaced, removed)).allSatisfy(response -> {
            assertThat(response.status()).as("%s", response).isEqualTo(404);
            assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
        });
        assertThat(api().get(path(driverId)).data().path("holderName").asText()).isEqualTo("Ana Diaz");
        assertThat(api().get(path(driverId)).data().path("last4").asText()).isEqualTo(number.substring(8));
    }

    @Test
    void readingNeedsDriversReadAndChangingNeedsDriversWrite() {
        String driverId = api().registerDriver().path("id").asText();
        BankAccounts.set(api(), driverId, usJson("Ana Diaz", newAccountNumber()));
        Api readOnly = owner().withNewKey("sandbox", List.of("drivers:read"));
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));

        assertThat(readOnly.get(path(driverId)).status()).isEqualTo(200);
        Api.Response put = readOnly.put(path(driverId), usJson("Ana Diaz", newAccountNumber()));
        assertThat(put.status()).isEqualTo(403);
        assertThat(put.error().path("message").asText()).contains("drivers:write");
        assertThat(readOnly.delete(path(driverId)).status()).isEqualTo(403);
        assertThat(payoutsOnly.get(path(driverId)).status()).isEqualTo(403);
        assertThat(anonymous().get(path(driverId)).status()).isEqualTo(401);
    }

    @Test
    void anInactiveDriverGetsNoNewAccountButMayHaveTheirsRemoved() {
        String driverId = api().registerDriver().path("id").asText();
        BankAccounts.set(api(), driverId, usJson("Ana Diaz", newAccountNumber()));
        assertThat(api().delete("/api/v1/drivers/" + driverId).status()).isEqualTo(200);

        Api.Response set = api().put(path(driverId), usJson("Ana Diaz", newAccountNumber()));

        assertThat(set.status()).isEqualTo(409);
        assertThat(set.error().path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(api().delete(path(driverId)).status()).isEqualTo(200);
    }

    @Test
    void registersADriverWithTheirAccount() {
        String number = newAccountNumber();

        Api.Response registered = api().post("/api/v1/drivers", """
                {"svcDriverId":"%s","name":"Ana Diaz","email":"ana@example.com","phone":"+14155550123",
                 "bankAccount":%s}""".formatted(Api.uniqueSvcDriverId(), usJson("Ana Diaz", number)));

        assertThat(registered.status()).as("%s", registered).isEqualTo(200);
        assertThat(registered.body().toString()).doesNotContain(number);
        String driverId = registered.data().path("id").asText();
        assertThat(api().get(path(driverId)).data().path("last4").asText()).isEqualTo(number.substring(8));
    }

    @Test
    void registersInBulkWithAccountsAndRefusesABadOneWithoutEchoingItsNumber() {
        String good = newIban();
        String badNumber = "12";

        Api.Response bulk = api().post("/api/v1/drivers/bulk", """
                {"drivers":[
                  {"svcDriverId":"%s","name":"Ana Diaz","email":"ana@example.com","phone":"+14155550123",
                   "bankAccount":%s},
                  {"svcDriverId":"%s","name":"Bo Li","email":"bo@example.com","phone":"+14155550124",
                   "bankAccount":{"holderName":"Bo Li","country":"US","routingNumber":"021000022",
                                  "accountNumber":"%s","accountType":"checking"}},
                  {"svcDriverId":"%s","name":"Cy Ng","email":"cy@example.com","phone":"+14155550125"}]}"""
                .formatted(Api.uniqueSvcDriverId(), ibanJson("Ana Diaz", good), Api.uniqueSvcDriverId(),
                        badNumber + "34", Api.uniqueSvcDriverId()));

        assertThat(bulk.status()).as("%s", bulk).isEqualTo(200);
        assertThat(bulk.data().path("succeeded").asInt()).isEqualTo(2);
        JsonNode refused = bulk.data().path("results").get(1);
        assertThat(refused.path("status").asText()).isEqualTo("error");
        assertThat(refused.path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(refused.path("error").asText()).contains("bankAccount.routingNumber");
        assertThat(refused.path("item").path("bankAccount").has("accountNumber")).as("never echoed").isFalse();
        assertThat(bulk.body().toString()).doesNotContain(good, badNumber + "34");
        String first = bulk.data().path("results").get(0).path("item").path("id").asText();
        assertThat(api().get(path(first)).data().path("bic").asText()).isEqualTo(BankAccounts.BIC);
        String third = bulk.data().path("results").get(2).path("item").path("id").asText();
        assertThat(api().get(path(third)).status()).isEqualTo(404);
    }

    @Test
    void productionPaysWithoutAccountsWhileItsRailIsTheSimulator() {
        Api production = BankAccounts.productionApi(owner(), anonymous());
        BankAccounts.fundProduction(production, owner(), 1_000);
        String driverId = BankAccounts.payableDriver(production);

        Api.Response payout = production.post("/api/v1/payouts", """
                {"driverId":"%s","amount":100,"description":"simulated"}""".formatted(driverId));

        assertThat(payout.status()).as("%s", payout).isEqualTo(200);
    }
}
