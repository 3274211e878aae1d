package io.payouts.bank.rail;

import io.payouts.service.console.ConsoleBrowser;
import io.payouts.service.console.PayoutTimelinePage;
import io.payouts.shared.driver.DriverId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A production payout's timeline in the console when a bank pays it: the rail named as the bank, the pain.001 file's
 * message id it went out in, and the bank's status and reason when it rejects or returns the payment. Screenshots
 * under target/console-screenshots.
 */
class BankPayoutTimelineBrowserTest extends SimulatedBankTest {


    private ConsoleBrowser browser;

    @AfterEach
    void closeTheBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void namesTheBankTheFileAndTheBanksReasonForARejectedPayout() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver(REJECTED_ACCOUNT);
        String payoutId = service.pay(driver, 4_200);
        service.awaitStatus(payoutId, "failed");
        String file = service.history(payoutId).get(1).path("data").path("railReference").asText();

        openInProduction("#/payouts/" + payoutId);

        browser.waitFor(By.cssSelector("#payout-status[data-status='failed']"));
        browser.waitUntil(page -> timeline().steps().contains("failed"));
        assertThat(timeline().steps()).containsExactly("requested", "validated", "queued", "failed");
        assertThat(timeline().step("queued")).contains("rail: bank", "bank file message " + file);
        assertThat(timeline().step("failed")).contains("AC01 incorrect account number", "rail: bank");
        assertThat(browser.find(By.id("payout-failure-reason")).getText())
                .isEqualTo("AC01 incorrect account number");
        browser.screenshot("bank-payout-timeline-rejected");
    }

    @Test
    void showsThePaymentTheBankReturnedAfterCompletionWithItsReason() {
        BankRailApplication service = service();
        service.fund(20_000);
        DriverId driver = service.payableDriver(RETURNED_ACCOUNT);
        String payoutId = service.pay(driver, 3_100);
        service.awaitStatus(payoutId, "completed");
        service.awaitStatus(payoutId, "failed");

        openInProduction("#/payouts/" + payoutId);

        browser.waitFor(By.cssSelector("#payout-status[data-status='failed']"));
        browser.waitUntil(page -> timeline().steps().contains("returned"));
        assertThat(timeline().steps()).containsExactly("requested", "validated", "queued", "processing", "completed",
                "returned");
        assertThat(timeline().step("completed")).contains("rail: bank");
        assertThat(timeline().step("returned")).contains("returned: AC04 closed account number");
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("bank-payout-timeline-returned");
    }

    private void openInProduction(String hash) {
        String port = service().context().getEnvironment().getProperty("local.server.port");
        browser = ConsoleBrowser.open("http://localhost:" + port, ConsoleBrowser.LAPTOP)
                .signIn(BankRailApplication.OWNER_EMAIL, BankRailApplication.OWNER_PASSWORD);
        browser.find(By.cssSelector("#mode-switch input[value='production']")).click();
        browser.waitUntil(page -> browser.find(By.tagName("body")).getAttribute("class").contains("mode-production"));
        browser.go(hash);
    }

    private PayoutTimelinePage timeline() {
        return new PayoutTimelinePage(browser);
    }
}
