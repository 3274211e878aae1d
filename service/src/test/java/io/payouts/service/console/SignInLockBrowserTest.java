package io.payouts.service.console;

import io.payouts.service.support.Api;
import io.payouts.service.support.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The sign-in form says plainly that an account is locked after too many wrong passwords, and until when (ADR-0041). */
class SignInLockBrowserTest extends ConsoleBrowserCase {

    @Autowired
    private MutableClock clock;

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    @Test
    void saysTheAccountIsLockedAndUntilWhenEvenForTheRightPassword() {
        String email = Developers.add(owner());
        for (int failure = 1; failure <= 10; failure++) {
            Api.Response answer = anonymous().post("/api/v1/auth/sessions",
                    "{\"email\":\"%s\",\"password\":\"wrong\"}".formatted(email));
            assertThat(answer.status()).as("failure %d", failure).isEqualTo(401);
            clock.advance(Duration.ofMinutes(1));
        }
        clock.reset();

        open().go("");
        WebElement form = browser.waitFor(By.id("sign-in-form"));
        form.findElement(By.name("email")).sendKeys(email);
        form.findElement(By.name("password")).sendKeys(Developers.PASSWORD, Keys.ENTER);

        WebElement error = browser.waitFor(By.cssSelector("#sign-in-form .error-message"));
        assertThat(error.getText()).containsPattern(
                "Too many failed sign-ins; this account is locked until \\d{1,2}:\\d{2}");
        assertThat(browser.find(By.id("top-bar")).isDisplayed()).isFalse();
        browser.screenshot("sign-in-locked");
    }
}
