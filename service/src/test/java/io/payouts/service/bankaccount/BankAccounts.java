package io.payouts.service.bankaccount;

import io.payouts.service.support.Api;
import org.iban4j.CountryCode;
import org.iban4j.Iban;

import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Accounts and drivers for the bank-account tests, made through the API like a client would. Each account number and
 * IBAN is new, so a test that looks for one in stored events, answers or logs finds only its own.
 */
final class BankAccounts {

    static final String ROUTING_NUMBER = "021000021";
    static final String BIC = "COBADEFFXXX";

    private BankAccounts() {
    }

    /** Twelve digits, never seen before in this run. */
    static String newAccountNumber() {
        return String.valueOf(ThreadLocalRandom.current().nextLong(100_000_000_000L, 999_999_999_999L));
    }

    /** A German IBAN with valid check digits around a new account number. */
    static String newIban() {
        String account = String.valueOf(ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_999_999_999L));
        return new Iban.Builder().countryCode(CountryCode.DE).bankCode("37040044").accountNumber(account).build()
                .toString();
    }

    static String usJson(String holderName, String accountNumber) {
        return """
                {"holderName":"%s","country":"US","routingNumber":"%s","accountNumber":"%s","accountType":"checking"}"""
                .formatted(holderName, ROUTING_NUMBER, accountNumber);
    }

    static String ibanJson(String holderName, String iban) {
        return """
                {"holderName":"%s","iban":"%s","bic":"%s"}""".formatted(holderName, iban, BIC);
    }

    static String path(String driverId) {
        return "/api/v1/drivers/" + driverId + "/bank-account";
    }

    /** An approved production key holding every scope, as a client. */
    static Api productionApi(Api owner, Api anonymous) {
        String id = owner.createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner.post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
        assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
        return anonymous.withBearer(approved.body().path("key").asText());
    }

    /** An active, KYC-verified driver. */
    static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        Api.Response verified = api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    /** Puts an account on file and checks the answer. */
    static Api.Response set(Api api, String driverId, String json) {
        Api.Response set = api.put(path(driverId), json);
        assertThat(set.status()).as("setting the account: %s", set).isEqualTo(200);
        return set;
    }

    /** Tops up production's wallet and has the owner settle it, as a bank's confirmation would. */
    static void fundProduction(Api production, Api owner, long amount) {
        Api.Response topUp = production.post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        String id = topUp.data().path("transactionId").asText();
        Api.Response settled = owner.post("/api/v1/admin/funding/topups/" + id + "/settle", null);
        assertThat(settled.status()).as("settling: %s", settled).isEqualTo(200);
    }
}
