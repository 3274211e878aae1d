package io.payouts.service.console;

import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.AfterEach;
import org.openqa.selenium.Dimension;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A console test in a real browser on the shared test service: one browser per test, closed after it. */
abstract class ConsoleBrowserCase extends HttpIntegrationTest {

    @LocalServerPort
    protected int port;

    protected ConsoleBrowser browser;

    @AfterEach
    void closeTheBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    /** A browser on the console at a laptop's size. */
    protected ConsoleBrowser open() {
        return open(ConsoleBrowser.LAPTOP);
    }

    protected ConsoleBrowser open(Dimension window) {
        browser = ConsoleBrowser.open("http://localhost:" + port, window);
        return browser;
    }
}
