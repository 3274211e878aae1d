package io.payouts.bank.rail;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.CreditTransferInitiation;
import io.payouts.bank.iso20022.EndToEndIds;
import io.payouts.bank.iso20022.PaymentBlock;
import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.bank.iso20022.PaymentScheme;
import io.payouts.bank.iso20022.UsBankAccount;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.common.Registration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Production paid through the simulated bank, end to end: the payout's pain.001 on the bank's server, the bank's
 * pain.002 and camt.054 back, and the payout completed, rejected or returned with the money where it belongs; a
 * top-up settled by the bank's credit, and a credit that matches nothing kept for finance.
 */
class BankRailEndToEndTest extends SimulatedBankTest {

    @Test
    void paysAProductionPayoutThroughABankFileAndCompletesItWhenTheBankBooksIt() {
        BankRailApplication service = service();
        service.fund(100_000);
        String accountNumber = BankRailApplication.newAccountNumber();
        DriverId driver = service.payableDriver(accountNumber);
        long before = WalletInvariant.quietBalance(service.production()).available();

        String payoutId = service.pay(driver, 12_500);
        JsonNode completed = service.awaitStatus(payoutId, "completed");

        PaymentInstruction paid = paymentIn(payoutId);
        assertThat(paid.amountCents()).isEqualTo(12_500);
        assertThat(paid.scheme()).isEqualTo(PaymentScheme.US_ACH);
        assertThat(paid.creditorAccount()).isEqualTo(new UsBankAccount(BankRailApplication.ROUTING_NUMBER,
                accountNumber, AccountType.CHECKING));
        assertThat(paid.creditorName()).isEqualTo("Ana Diaz");
        assertThat(completed.path("completedAt").isNull()).isFalse();
        List<JsonNode> history = service.history(payoutId);
        assertThat(history).extracting(event -> event.path("type").asText())
                .containsExactly("payout.created", "payout.queued", "payout.processing", "payout.succeeded");
        JsonNode queued = history.get(1).path("data");
        assertThat(queued.path("railAdapter").asText()).isEqualTo("iso20022");
        assertThat(queued.path("railReference").asText()).isEqualTo(fileOf(payoutId).messageId());
        assertThat(history.get(3).path("actor").path("id").asText()).isEqualTo("rail:iso20022");
        assertThat(service.production().get("/api/v1/events?type=payout.succeeded&resource=" + payoutId).data()
                .path("items")).hasSize(1);
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before - 12_500);
        WalletInvariant.assertHolds(service.production());
    }

    @Test
    void failsAPayoutTheBankRejectsWithItsReasonAndGivesTheMoneyBackOnce() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver(REJECTED_ACCOUNT);
        long before = WalletInvariant.quietBalance(service.production()).available();

        String payoutId = service.pay(driver, 5_000);
        JsonNode failed = service.awaitStatus(payoutId, "failed");

        assertThat(failed.path("failureReason").asText()).isEqualTo("AC01 incorrect account number");
        assertThat(paymentIn(payoutId).amountCents()).isEqualTo(5_000);
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before);
        assertThat(service.history(payoutId)).extracting(event -> event.path("type").asText())
                .containsExactly("payout.created", "payout.queued", "payout.failed");
        WalletInvariant.assertHolds(service.production());
    }

    @Test
    void endsAPayoutTheBankReturnsAfterCompletionFailedAndCreditsItBackOnce() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver(RETURNED_ACCOUNT);
        long before = WalletInvariant.quietBalance(service.production()).available();

        String payoutId = service.pay(driver, 7_000);
        service.awaitStatus(payoutId, "completed");
        JsonNode returned = service.awaitStatus(payoutId, "failed");

        assertThat(returned.path("failureReason").asText()).isEqualTo("returned: AC04 closed account number");
        assertThat(returned.path("completedAt").isNull()).isFalse();
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before);
        JsonNode failedEvent = service.production().get("/api/v1/events?type=payout.failed&resource=" + payoutId)
                .data().path("items");
        assertThat(failedEvent).hasSize(1);
        assertThat(failedEvent.get(0).path("data").path("reason").asText())
                .isEqualTo("returned: AC04 closed account number");
        JsonNode credits = service.production().get("/api/v1/funding/transactions?type=credit&pageSize=100").data()
                .path("items");
        assertThat(credits).filteredOn(credit -> payoutId.equals(credit.path("payoutId").asText())).hasSize(1)
                .allSatisfy(credit -> assertThat(credit.path("amount").asLong()).isEqualTo(7_000));
        WalletInvariant.assertHolds(service.production());
    }

    @Test
    void sendsAnInstantPayoutAtOnceInAFileOfItsOwnMarkedForTheInstantScheme() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver();

        String payoutId = service.payInstantly(driver, 10_000);
        JsonNode completed = service.awaitStatus(payoutId, "completed");

        CreditTransferInitiation file = fileOf(payoutId);
        assertThat(file.instructions()).hasSize(1);
        assertThat(file.blocks().get(0).scheme()).isEqualTo(PaymentScheme.US_INSTANT);
        assertThat(file.instructions().get(0).amountCents()).isEqualTo(completed.path("netAmount").asLong());
    }

    @Test
    void paysABatchsReleaseInOneBlockOfTheNextFile() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId first = service.payableDriver();
        DriverId second = service.payableDriver();
        Api.Response batch = service.production().post("/api/v1/batches", """
                {"name":"week 47","payouts":[{"driverId":"%s","amount":1100},{"driverId":"%s","amount":1200}]}"""
                .formatted(first.value(), second.value()));
        assertThat(batch.status()).as("a batch: %s", batch).isEqualTo(200);
        String batchId = batch.data().path("id").asText();
        assertThat(service.production().post("/api/v1/batches/" + batchId + "/release", "{}").status())
                .isEqualTo(200);
        List<String> payoutIds = new ArrayList<>();
        service.production().get("/api/v1/batches/" + batchId).data().path("payouts")
                .forEach(payout -> payoutIds.add(payout.path("id").asText()));
        assertThat(payoutIds).hasSize(2);

        payoutIds.forEach(payoutId -> service.awaitStatus(payoutId, "completed"));

        CreditTransferInitiation file = fileOf(payoutIds.get(0));
        PaymentBlock block = file.blocks().stream().filter(candidate -> candidate.instructions().stream()
                .anyMatch(payment -> pays(payment, payoutIds.get(0)))).findFirst().orElseThrow();
        assertThat(block.instructions()).hasSize(2).allSatisfy(payment -> assertThat(pays(payment, payoutIds.get(0))
                || pays(payment, payoutIds.get(1))).isTrue());
    }

    /**
     * A status file's acceptances and settlements move its payouts many per command, each planned at the version the
     * rail's own moves left it at: a payout on its own (attempt 0), a batch's (attempt 1, its release) and an instant
     * one (processing from the start). A wrong version would still end completed, one command each, so the test
     * watches the commands.
     */
    @Test
    void movesTheAcceptedAndSettledPaymentsOfAFileManyPerCommand() {
        BankRailApplication service = service();
        service.fund(50_000);
        DriverId driver = service.payableDriver();
        List<Object> commands = new CopyOnWriteArrayList<>();
        Registration watching = service.context().getBean(CommandBus.class).registerDispatchInterceptor(messages ->
                (index, message) -> {
                    commands.add(message.getPayload());
                    return message;
                });
        try {
            List<String> payoutIds = new ArrayList<>(List.of(service.pay(driver, 2_100),
                    service.payInstantly(driver, 2_200)));
            Api.Response batch = service.production().post("/api/v1/batches", """
                    {"name":"together","payouts":[{"driverId":"%s","amount":2300}]}""".formatted(driver.value()));
            String batchId = batch.data().path("id").asText();
            assertThat(service.production().post("/api/v1/batches/" + batchId + "/release", "{}").status())
                    .isEqualTo(200);
            service.production().get("/api/v1/batches/" + batchId).data().path("payouts")
                    .forEach(payout -> payoutIds.add(payout.path("id").asText()));
            assertThat(payoutIds).hasSize(3);

            payoutIds.forEach(payoutId -> service.awaitStatus(payoutId, "completed"));

            assertThat(commands).noneMatch(command -> command instanceof StartPayoutProcessingCommand
                    || command instanceof CompletePayoutCommand);
            List<AdvancePayoutsCommand.Move> moves = commands.stream()
                    .filter(AdvancePayoutsCommand.class::isInstance).map(AdvancePayoutsCommand.class::cast)
                    .flatMap(command -> command.moves().stream()).toList();
            assertThat(moves).filteredOn(move -> move.step() == AdvancePayoutsCommand.Step.COMPLETE)
                    .extracting(move -> move.payoutId().value()).containsExactlyInAnyOrderElementsOf(payoutIds);
            assertThat(moves).filteredOn(move -> move.step() == AdvancePayoutsCommand.Step.START_PROCESSING)
                    .extracting(move -> move.payoutId().value())
                    .containsExactlyInAnyOrder(payoutIds.get(0), payoutIds.get(2));
        } finally {
            watching.cancel();
        }
    }

    /**
     * Admission refuses a driver without an account (BankAccountProductionRailTest); one admitted with an account that
     * is removed before the payout reaches a file is failed by the rail (ADR-0035, Consequences).
     */
    @Test
    void failsAPayoutWhoseDriverLostTheAccountBeforeItReachedAFile() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver();
        long before = WalletInvariant.quietBalance(service.production()).available();

        String payoutId = service.whileSendingNothing(() -> {
            String admitted = service.pay(driver, 3_000);
            assertThat(service.readAccount(driver)).as("read ahead, as at the hand-off").isPresent();
            service.removeAccount(driver);
            return admitted;
        });
        JsonNode failed = service.awaitStatus(payoutId, "failed");

        assertThat(failed.path("failureReason").asText()).isEqualTo("the driver has no bank account to pay into");
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before);
        assertThat(BankRailApplication.endToEndIdsIn(outbound())).doesNotContain(endToEndId(payoutId));
        assertThat(service.owner().get("/api/v1/admin/rail/problems?pageSize=100").data().path("items"))
                .anySatisfy(problem -> {
                    assertThat(problem.path("payoutId").asText()).isEqualTo(payoutId);
                    assertThat(problem.path("reason").asText()).contains("no bank account");
                });
    }

    @Test
    void paysTheAccountOnFileAtTheCutOffRatherThanTheOneReadAhead() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver();
        String newNumber = BankRailApplication.newAccountNumber();

        String payoutId = service.whileSendingNothing(() -> {
            String admitted = service.pay(driver, 2_000);
            assertThat(service.readAccount(driver)).as("read ahead, as at the hand-off").isPresent();
            service.setAccount(driver, newNumber);
            return admitted;
        });
        service.awaitStatus(payoutId, "completed");

        assertThat(paymentIn(payoutId).creditorAccount()).isEqualTo(new UsBankAccount(
                BankRailApplication.ROUTING_NUMBER, newNumber, AccountType.CHECKING));
    }

    @Test
    void settlesAProductionTopUpWhenTheBankNotifiesACreditQuotingItsReference() {
        BankRailApplication service = service();
        long before = WalletInvariant.quietBalance(service.production()).available();
        BankRailApplication.TopUp topUp = service.requestTopUp(30_000);

        service.bank().simulator().creditTopUp(topUp.reference(), 30_000);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(service.available())
                .isEqualTo(before + 30_000));
        assertThat(service.production().get("/api/v1/funding/transactions?type=credit&pageSize=100").data()
                .path("items").findValuesAsText("id")).contains(topUp.id());
    }

    @Test
    void keepsCreditsThatMatchNoPendingTopUpForFinanceAndMovesNoMoney() {
        BankRailApplication service = service();
        long before = WalletInvariant.quietBalance(service.production()).available();
        BankRailApplication.TopUp topUp = service.requestTopUp(8_000);

        service.bank().simulator().creditUnreferenced(4_200, "fleet float from an unknown payer");
        service.bank().simulator().creditTopUp(topUp.reference(), 7_999);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode unmatched = service.owner().get("/api/v1/admin/funding/unmatched-credits?pageSize=100").data()
                    .path("items");
            assertThat(unmatched).anySatisfy(credit -> {
                assertThat(credit.path("amount").asLong()).isEqualTo(4_200);
                assertThat(credit.path("remittanceText").asText()).isEqualTo("fleet float from an unknown payer");
                assertThat(credit.path("reason").asText()).contains("no reference");
            });
            assertThat(unmatched).anySatisfy(credit -> {
                assertThat(credit.path("reference").asText()).isEqualTo(topUp.reference());
                assertThat(credit.path("reason").asText()).contains("8000").contains("7999");
            });
        });
        assertThat(WalletInvariant.quietBalance(service.production()).available()).isEqualTo(before);
    }

    private CreditTransferInitiation fileOf(String payoutId) {
        List<CreditTransferInitiation> files = BankRailApplication.filesIn(outbound()).stream()
                .filter(file -> file.instructions().stream().anyMatch(payment -> pays(payment, payoutId))).toList();
        assertThat(files).as("files paying %s", payoutId).hasSize(1);
        return files.get(0);
    }

    private PaymentInstruction paymentIn(String payoutId) {
        return fileOf(payoutId).instructions().stream().filter(payment -> pays(payment, payoutId)).findFirst()
                .orElseThrow();
    }

    /** Whether the payment is an attempt of the payout, whichever attempt (a batch's payout starts later than 0). */
    private static boolean pays(PaymentInstruction payment, String payoutId) {
        return EndToEndIds.parse(payment.endToEndId()).map(attempt -> attempt.payoutId().equals(payoutId))
                .orElse(false);
    }

    private static String endToEndId(String payoutId) {
        return EndToEndIds.of(payoutId, 0);
    }
}
