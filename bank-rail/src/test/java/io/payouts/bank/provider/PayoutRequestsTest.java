package io.payouts.bank.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PayoutRequestsTest {

    private static final PayoutId PAYOUT = new PayoutId("pay_0123456789abcdef0123456789abcdef");
    private static final DriverId DRIVER = new DriverId("drv_fedcba9876543210fedcba9876543210");

    @Test
    void carriesThePayoutAttemptNetAmountCurrencyRailAndTheDriversUsAccount() throws Exception {
        PayeeAccount payee = new PayeeAccount("Ana Diaz", "US", "011000015", "000123456789", BankAccountType.CHECKING,
                null, null);

        String body = payable(attempt(Rail.STANDARD, 2, 12_500), payee);

        assertThat(body).isEqualTo("{\"payoutId\":\"pay_0123456789abcdef0123456789abcdef\",\"attempt\":2,"
                + "\"amount\":12500,\"currency\":\"USD\",\"rail\":\"standard\",\"destination\":{"
                + "\"type\":\"us_bank_account\",\"holderName\":\"Ana Diaz\",\"routingNumber\":\"011000015\","
                + "\"accountNumber\":\"000123456789\",\"accountType\":\"checking\"},"
                + "\"description\":\"Payout pay_0123456789abcdef0123456789abcdef\"}");
    }

    @Test
    void carriesAnIbanAccountWithItsBicAndTheInstantRail() throws Exception {
        PayeeAccount payee = new PayeeAccount("Jan Jansen", "NL", null, null, null, "NL91ABNA0417164300", "ABNANL2A");

        JsonNode body = new ObjectMapper().readTree(payable(attempt(Rail.INSTANT, 0, 900), payee));

        assertThat(body.path("rail").asText()).isEqualTo("instant");
        assertThat(body.path("destination").path("type").asText()).isEqualTo("iban");
        assertThat(body.path("destination").path("iban").asText()).isEqualTo("NL91ABNA0417164300");
        assertThat(body.path("destination").path("bic").asText()).isEqualTo("ABNANL2A");
        assertThat(body.path("destination").path("holderName").asText()).isEqualTo("Jan Jansen");
    }

    @Test
    void aDriverWithoutABankAccountCannotBePaid() {
        assertThat(PayoutRequests.of(attempt(Rail.STANDARD, 0, 100), Optional.empty()))
                .isEqualTo(new PayoutRequests.Request.Unpayable("the driver has no bank account to pay into"));
    }

    private static String payable(Attempt attempt, PayeeAccount payee) {
        PayoutRequests.Request request = PayoutRequests.of(attempt, Optional.of(payee));
        assertThat(request).isInstanceOf(PayoutRequests.Request.Payable.class);
        return ((PayoutRequests.Request.Payable) request).body();
    }

    private static Attempt attempt(Rail rail, long attempt, long netAmount) {
        return new Attempt(Attempt.idempotencyKeyOf(PAYOUT, attempt), PAYOUT, attempt, DRIVER, netAmount, rail, false,
                AttemptState.PENDING, null, null, 0, null);
    }
}
