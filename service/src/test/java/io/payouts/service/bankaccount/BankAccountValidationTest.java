package io.payouts.service.bankaccount;

import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.payouts.service.bankaccount.BankAccounts.newAccountNumber;
import static io.payouts.service.bankaccount.BankAccounts.path;
import static io.payouts.service.bankaccount.BankAccounts.usJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bad bank account is a 400 VALIDATION_ERROR naming the field, never a 500, and leaves the account on file as it
 * was. Each body is sent for a driver whose account is on file, and the account is read back after.
 */
class BankAccountValidationTest extends HttpIntegrationTest {

    private static final String US = "\"holderName\":\"Ana\",\"country\":\"US\",\"accountType\":\"checking\"";
    private static final String IBAN_HOLDER = "\"holderName\":\"Ana\",\"bic\":\"COBADEFFXXX\"";

    private String driverId;
    private String last4;

    @BeforeEach
    void aDriverWithAnAccount() {
        driverId = api().registerDriver().path("id").asText();
        String number = newAccountNumber();
        last4 = number.substring(8);
        BankAccounts.set(api(), driverId, usJson("Ana Diaz", number));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            routing check digit       | {US,"routingNumber":"021000022","accountNumber":"123456789"}         | routingNumber
            routing too short         | {US,"routingNumber":"02100002","accountNumber":"123456789"}          | routingNumber
            routing letters           | {US,"routingNumber":"02100002A","accountNumber":"123456789"}         | routingNumber
            routing fullwidth digits  | {US,"routingNumber":"０２１０００００２１","accountNumber":"123456789"}  | routingNumber
            routing missing           | {US,"accountNumber":"123456789"}                                     | routingNumber
            account too short         | {US,"routingNumber":"021000021","accountNumber":"123"}               | accountNumber
            account too long          | {US,"routingNumber":"021000021","accountNumber":"123456789012345678"} | accountNumber
            account with dashes       | {US,"routingNumber":"021000021","accountNumber":"1234-5678"}         | accountNumber
            account arabic digits     | {US,"routingNumber":"021000021","accountNumber":"١٢٣٤٥٦٧٨"}          | accountNumber
            account missing           | {US,"routingNumber":"021000021"}                                     | accountNumber
            account type unknown      | {"holderName":"Ana","country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"brokerage"} | accountType
            account type upper case   | {"holderName":"Ana","country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"CHECKING"}  | accountType
            country not US            | {"holderName":"Ana","country":"CA","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | country
            country missing           | {"holderName":"Ana","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | country
            holder missing            | {"country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | holderName
            holder blank              | {"holderName":"  ","country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | holderName
            holder control character  | {"holderName":"Ana\\u0007","country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | holderName
            holder NUL                | {"holderName":"Ana\\u0000","country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | holderName
            holder lone surrogate     | {"holderName":"Ana\\ud800","country":"US","routingNumber":"021000021","accountNumber":"123456789","accountType":"checking"} | holderName
            account number as number  | {US,"routingNumber":"021000021","accountNumber":123456789}           | accountNumber
            routing number as array   | {US,"routingNumber":["021000021"],"accountNumber":"123456789"}       | routingNumber
            unknown field             | {US,"routingNumber":"021000021","accountNumber":"123456789","swift":"x"} | swift
            iban check digits         | {IBAN,"iban":"DE88370400440532013000"}                               | iban
            iban wrong length         | {IBAN,"iban":"DE8937040044053201300"}                                | iban
            iban unknown country      | {IBAN,"iban":"QQ89370400440532013000"}                               | iban
            iban punctuation          | {IBAN,"iban":"DE89-3704-0044-0532-0130-00"}                          | iban
            iban NUL                  | {IBAN,"iban":"DE89370400440532013000\\u0000"}                        | iban
            iban missing              | {"holderName":"Ana","bic":"COBADEFFXXX"}                             | iban
            bic missing               | {"holderName":"Ana","iban":"DE89370400440532013000"}                 | bic
            bic too short             | {"holderName":"Ana","iban":"DE89370400440532013000","bic":"COBADE"}  | bic
            bic nine characters       | {"holderName":"Ana","iban":"DE89370400440532013000","bic":"COBADEFFX"} | bic
            bic unknown country       | {"holderName":"Ana","iban":"DE89370400440532013000","bic":"COBAQQFFXXX"} | bic
            country not the IBAN's    | {IBAN,"country":"FR","iban":"DE89370400440532013000"}                | country
            both kinds at once        | {IBAN,"iban":"DE89370400440532013000","routingNumber":"021000021","accountNumber":"123456789"} | iban
            """)
    void refusesABadFieldByNameAndKeepsTheAccount(String what, String body, String field) {
        String json = body.replace("{US,", "{" + US + ",").replace("{IBAN,", "{" + IBAN_HOLDER + ",");

        Api.Response refused = api().put(path(driverId), json);

        assertThat(refused.status()).as("%s: %s", what, refused).isEqualTo(400);
        assertThat(refused.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(refused.error().path("details").has(field)).as("%s names %s: %s", what, field, refused).isTrue();
        assertKept();
    }

    @Test
    void namesEveryBadFieldAtOnce() {
        Api.Response refused = api().put(path(driverId), """
                {"holderName":"","country":"US","routingNumber":"1","accountNumber":"1","accountType":"x"}""");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.error().path("details").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("holderName", "routingNumber", "accountNumber", "accountType");
        assertKept();
    }

    @Test
    void neverQuotesTheNumberSentBack() {
        String number = "98765432109876543210";

        Api.Response refused = api().put(path(driverId), """
                {"holderName":"Ana","country":"US","routingNumber":"021000021","accountNumber":"%s",
                 "accountType":"checking"}""".formatted(number));
        Api.Response refusedIban = api().put(path(driverId), """
                {"holderName":"Ana","iban":"DE88370400440532013000","bic":"COBADEFFXXX"}""");

        assertThat(refused.body().toString()).doesNotContain(number);
        assertThat(refusedIban.body().toString()).doesNotContain("370400440532013000");
    }

    @Test
    void refusesHugeOrMissingBodies() {
        String huge = "9".repeat(200_000);

        Api.Response hugeNumber = api().put(path(driverId), """
                {"holderName":"Ana","country":"US","routingNumber":"021000021","accountNumber":"%s",
                 "accountType":"checking"}""".formatted(huge));
        Api.Response hugeIban = api().put(path(driverId), """
                {"holderName":"Ana","iban":"DE%s","bic":"COBADEFFXXX"}""".formatted(huge));
        Api.Response hugeName = api().put(path(driverId), usJson("A".repeat(141), "123456789"));
        Api.Response empty = api().put(path(driverId), "");
        Api.Response notJson = api().put(path(driverId), "{\"holderName\":");
        Api.Response array = api().put(path(driverId), "[]");

        assertThat(hugeNumber.error().path("details").has("accountNumber")).isTrue();
        assertThat(hugeIban.error().path("details").has("iban")).isTrue();
        assertThat(hugeName.error().path("details").has("holderName")).isTrue();
        for (Api.Response response : new Api.Response[]{hugeNumber, hugeIban, hugeName, empty, notJson, array}) {
            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        }
        assertKept();
    }

    @Test
    void acceptsAHolderNameInAnyScript() {
        Api.Response set = api().put(path(driverId), usJson("Zoë Ñúñez 李小龍 👩‍🚀", newAccountNumber()));

        assertThat(set.status()).as("%s", set).isEqualTo(200);
        assertThat(api().get(path(driverId)).data().path("holderName").asText()).isEqualTo("Zoë Ñúñez 李小龍 👩‍🚀");
    }

    private void assertKept() {
        Api.Response read = api().get(path(driverId));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.data().path("last4").asText()).as("the account on file is unchanged").isEqualTo(last4);
        assertThat(read.data().path("holderName").asText()).isEqualTo("Ana Diaz");
    }
}
