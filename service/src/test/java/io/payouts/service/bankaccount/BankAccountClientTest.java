package io.payouts.service.bankaccount;

import io.payouts.client.PayoutsApiException;
import io.payouts.client.PayoutsClient;
import io.payouts.client.drivers.BankAccount;
import io.payouts.client.drivers.NewBankAccount;
import io.payouts.client.drivers.NewDriver;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A driver's bank account through the typed client (ADR-0021), as an integrator's program would manage it. */
class BankAccountClientTest extends HttpIntegrationTest {

    @Test
    void setsReadsReplacesAndRemovesAnAccountThroughTheClient() {
        Api keyHolder = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        PayoutsClient client = PayoutsClient.create(URI.create(keyHolder.baseUrl()), keyHolder.bearer());
        String driverId = client.drivers().register(new NewDriver(Api.uniqueSvcDriverId(), "Ana Diaz",
                "ana@example.com", "+14155550123")).id();
        String number = BankAccounts.newAccountNumber();

        BankAccount set = client.drivers().setBankAccount(driverId,
                NewBankAccount.us("Ana Diaz", BankAccounts.ROUTING_NUMBER, number, "savings"));

        assertThat(set.last4()).isEqualTo(number.substring(8));
        assertThat(set.accountType()).isEqualTo("savings");
        assertThat(client.drivers().bankAccount(driverId)).isEqualTo(set);
        String iban = BankAccounts.newIban();
        BankAccount replaced = client.drivers().setBankAccount(driverId,
                NewBankAccount.iban("Ana Diaz", iban, BankAccounts.BIC));
        assertThat(replaced.country()).isEqualTo("DE");
        assertThat(replaced.bic()).isEqualTo(BankAccounts.BIC);
        assertThat(replaced.routingNumber()).isNull();
        assertThat(client.drivers().removeBankAccount(driverId).driverId()).isEqualTo(driverId);
        assertThatThrownBy(() -> client.drivers().bankAccount(driverId))
                .isInstanceOfSatisfying(PayoutsApiException.class, none -> {
                    assertThat(none.status()).isEqualTo(404);
                    assertThat(none.code()).isEqualTo("NOT_FOUND");
                });
        assertThatThrownBy(() -> client.drivers().setBankAccount(driverId,
                NewBankAccount.us("Ana Diaz", "021000022", number, "checking")))
                .isInstanceOfSatisfying(PayoutsApiException.class,
                        refused -> assertThat(refused.details()).containsKey("routingNumber"));
    }
}
