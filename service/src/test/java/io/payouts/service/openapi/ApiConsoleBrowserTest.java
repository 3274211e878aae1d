package io.payouts.service.openapi;

import io.payouts.service.support.Chromium;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console at /docs in a real browser: Debian's headless Chromium, driven through its chromedriver. CI's
 * .ci/run installs both; a machine without them skips this test and says why (Chromium). The screenshot lands in
 * target/api-console.png.
 */
class ApiConsoleBrowserTest extends HttpIntegrationTest {

    @Test
    void theConsoleLoadsTheDocumentAndListsTheOperations() throws Exception {
        Chromium.installedOrSkip();
        Path profile = Files.createTempDirectory("console-test-chromium");
        ChromeOptions options = new ChromeOptions().setBinary(Chromium.BINARY.toFile()).addArguments("--headless",
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,2000",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(Chromium.DRIVER.toFile())
                .usingAnyFreePort().build();
        WebDriver browser = new ChromeDriver(service, options);
        try {
            browser.get(anonymous().baseUrl() + "/docs");
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));

            assertThat(browser.findElement(By.cssSelector(".info .title")).getText()).contains("Driver payout API");
            assertThat(browser.findElements(By.cssSelector(".opblock-summary-path")))
                    .extracting(element -> element.getAttribute("data-path"))
                    .contains("/api/v1/payouts", "/api/v1/drivers/{id}", "/api/v1/developer/keys");
            assertThat(browser.findElements(By.cssSelector(".btn.authorize"))).isNotEmpty();
            File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), Path.of("target/api-console.png"), StandardCopyOption.REPLACE_EXISTING);
        } finally {
            browser.quit();
        }
    }
}
