package io.payouts.service.support;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Debian's Chromium and its chromedriver, which the browser tests drive (ADR-0020). A machine without them skips
 * those tests and says why; .ci/run installs both and sets {@value #REQUIRED}, so there a missing browser fails.
 */
public final class Chromium {

    public static final String REQUIRED = "payouts.console.browser-required";
    public static final Path BINARY = Path.of(System.getProperty("console.chromium", "/usr/bin/chromium"));
    public static final Path DRIVER = Path.of(System.getProperty("console.chromedriver", "/usr/bin/chromedriver"));

    private Chromium() {
    }

    /** Skips the calling test when the browser is missing, unless CI requires it. */
    public static void installedOrSkip() {
        boolean installed = Files.isExecutable(BINARY) && Files.isExecutable(DRIVER);
        assertThat(installed || !Boolean.getBoolean(REQUIRED))
                .as("%s is set, but %s or %s is missing", REQUIRED, BINARY, DRIVER).isTrue();
        assumeTrue(installed, "The browser tests need Debian's chromium and chromium-driver (" + BINARY + ", "
                + DRIVER + "); .ci/run installs them: apt-get install -y chromium chromium-driver");
    }
}
