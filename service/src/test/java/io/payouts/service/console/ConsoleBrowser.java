package io.payouts.service.console;

import io.payouts.service.support.Chromium;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, driven through Debian's chromedriver (ADR-0020). Chromium gets a new empty profile
 * and the flags that keep it off the network; on a machine without the two packages the tests using this are
 * skipped with a message that says so. Waits poll the page; nothing sleeps.
 */
public final class ConsoleBrowser implements AutoCloseable {

    public static final Dimension LAPTOP = new Dimension(1280, 900);
    public static final Dimension PHONE = new Dimension(390, 844);
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final double MAX_SCREENSHOT_HEIGHT = 2400;
    /**
     * Selenium warns at every start that it has no DevTools classes for this Chromium; the raw commands used here
     * (screenshots, permissions, the viewport) need none. Held here so the logger keeps its level.
     */
    private static final Logger SELENIUM_LOG = quiet(Logger.getLogger("org.openqa.selenium"));

    private final String baseUrl;
    private final Path profile;
    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private ConsoleBrowser(String baseUrl, Path profile, ChromeDriverService service, ChromeDriver driver) {
        this.baseUrl = baseUrl;
        this.profile = profile;
        this.service = service;
        this.driver = driver;
    }

    public static ConsoleBrowser open(String baseUrl, Dimension window) {
        Chromium.installedOrSkip();
        Path profile;
        try {
            profile = Files.createTempDirectory("console-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions()
                .setBinary(Chromium.BINARY.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--disable-dev-shm-usage", "--user-data-dir=" + profile,
                        "--window-size=" + window.width + "," + window.height);
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Chromium.DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.executeCdpCommand("Browser.grantPermissions", Map.of("origin", baseUrl,
                "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
        // A headless window has a minimum width; the page's own viewport can be a phone's.
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", window.width,
                "height", window.height, "deviceScaleFactor", 1, "mobile", window.width < 600));
        return new ConsoleBrowser(baseUrl, profile, service, driver);
    }

    private static Logger quiet(Logger logger) {
        logger.setLevel(Level.SEVERE);
        return logger;
    }

    public ConsoleBrowser go(String hash) {
        driver.get(baseUrl + "/console" + hash);
        return this;
    }

    /** Signs in with the keyboard only: the form focuses the e-mail field, Tab moves on, Enter sends. */
    public ConsoleBrowser signIn(String email, String password) {
        go("");
        WebElement form = waitFor(By.id("sign-in-form"));
        waitUntil(ignored -> form.findElement(By.name("email")).equals(driver.switchTo().activeElement()));
        driver.switchTo().activeElement().sendKeys(email, Keys.TAB, password, Keys.ENTER);
        waitFor(By.cssSelector("#sections a[aria-current='page']"));
        return this;
    }

    public WebElement waitFor(By locator) {
        return waitUntil(ignored -> {
            List<WebElement> found = driver.findElements(locator);
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    /** Polls until the condition holds; an element a refresh replaced meanwhile only means another look. */
    public <T> T waitUntil(ExpectedCondition<T> condition) {
        return new WebDriverWait(driver, WAIT).ignoring(StaleElementReferenceException.class).until(condition);
    }

    /**
     * Clicks what the locator finds once it is there, scrolled to the middle of the window. The lists refresh
     * themselves, so the element found may be replaced before the click lands; then the click did nothing and is
     * tried on the new one. A notice fixed at the bottom may cover it for a few seconds; then it is tried again.
     */
    public void click(By locator) {
        new WebDriverWait(driver, WAIT).ignoring(StaleElementReferenceException.class)
                .ignoring(ElementClickInterceptedException.class).until(ignored -> {
                    WebElement element = driver.findElement(locator);
                    script("arguments[0].scrollIntoView({block: 'center'})", element);
                    element.click();
                    return true;
                });
    }

    /** Reads again what a list's own refresh replaced between finding an element and reading it. */
    public <T> T fresh(Supplier<T> read) {
        for (int attempt = 1; ; attempt++) {
            try {
                return read.get();
            } catch (StaleElementReferenceException replaced) {
                if (attempt == 20) {
                    throw replaced;
                }
            }
        }
    }

    public WebElement find(By locator) {
        return driver.findElement(locator);
    }

    public Object script(String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
    }

    /** Runs a script that answers later, through the callback Selenium passes as its last argument. */
    public Object asyncScript(String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeAsyncScript(javascript, arguments);
    }

    public String currentUrl() {
        return driver.getCurrentUrl();
    }

    public String pageSource() {
        return driver.getPageSource();
    }

    /** What the page logged: errors, and the browser's own reports such as content security policy violations. */
    public List<String> consoleLog() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::toString).toList();
    }

    /**
     * Saves the page beyond the window (up to {@link #MAX_SCREENSHOT_HEIGHT} pixels: the shared test database makes
     * some lists long) under target/console-screenshots for a reviewer.
     */
    public void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            byte[] png;
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> size = (Map<String, Object>) driver.executeCdpCommand("Page.getLayoutMetrics",
                        Map.of()).get("cssContentSize");
                double height = Math.min(((Number) size.get("height")).doubleValue(), MAX_SCREENSHOT_HEIGHT);
                Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                        "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", size.get("width"),
                                "height", height, "scale", 1)));
                png = Base64.getDecoder().decode((String) shot.get("data"));
            } catch (RuntimeException noFullPage) {
                png = driver.getScreenshotAs(OutputType.BYTES);
            }
            Files.write(SCREENSHOTS.resolve(name + ".png"), png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            deleteProfile();
        }
    }

    private void deleteProfile() {
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
