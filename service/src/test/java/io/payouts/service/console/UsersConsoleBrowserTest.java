package io.payouts.service.console;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The users page (owners and admins): add a user with a role, see a refusal in words, disable after confirming; no
 * button to disable oneself; a developer has no link to it and is told why. Screenshots under
 * target/console-screenshots.
 */
class UsersConsoleBrowserTest extends ConsoleBrowserCase {

    @Test
    void anOwnerAddsAUserAndDisablesThemAfterConfirming() {
        String email = "console-user-" + UUID.randomUUID() + "@example.com";
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        browser.click(By.cssSelector("#sections a[data-section='users']"));

        WebElement form = browser.waitFor(By.id("add-user-form"));
        String owner = "//div[@id='user-list']//tr[td[1][text()='" + OWNER_EMAIL + "']]";
        browser.waitUntil(page -> !page.findElements(By.xpath(owner)).isEmpty());
        assertThat(browser.find(By.xpath(owner)).findElements(By.tagName("button")))
                .as("no button to disable oneself").isEmpty();
        form.findElement(By.name("email")).sendKeys(email);
        form.findElement(By.name("password")).sendKeys("a long enough password");
        new Select(form.findElement(By.name("role"))).selectByValue("admin");
        form.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> page.findElement(By.id("notices")).getText()
                .contains(email + " can sign in now, as admin."));
        String row = "//div[@id='user-list']//tr[td[1][text()='" + email + "']]";
        showLastPage();
        browser.waitUntil(page -> !page.findElements(By.xpath(row)).isEmpty());
        assertThat(browser.find(By.xpath(row)).getText()).contains("admin", "active");

        form.findElement(By.name("email")).sendKeys(email);
        form.findElement(By.name("password")).sendKeys("a long enough password");
        form.findElement(By.cssSelector("button[type='submit']")).click();
        browser.waitUntil(page -> !form.findElement(By.className("form-errors")).getText().isBlank());
        browser.screenshot("users-added-and-refused");

        browser.click(By.xpath(row + "//button[text()='Disable']"));
        assertThat(browser.waitFor(By.cssSelector("dialog")).getText()).contains("Disable " + email + "?");
        browser.click(By.cssSelector("dialog button[value='confirm']"));
        browser.waitUntil(page -> page.findElement(By.xpath(row)).getText().contains("disabled"));
        assertThat(browser.find(By.xpath(row)).findElements(By.tagName("button"))).isEmpty();
        assertThat(browser.consoleLog()).noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Uncaught"));
        browser.screenshot("users-disabled");
    }

    /** Users are listed oldest first, so a new one is on the last page when others' tests have added many. */
    private void showLastPage() {
        By next = By.xpath("//div[@id='user-list']/following-sibling::div[@class='pager']/button[text()='Next']");
        browser.waitFor(next);
        while (browser.fresh(() -> browser.find(next).isEnabled())) {
            String before = browser.fresh(() -> browser.find(By.cssSelector("#user-list + .pager span")).getText());
            browser.click(next);
            browser.waitUntil(page -> !page.findElement(By.cssSelector("#user-list + .pager span")).getText()
                    .equals(before));
        }
    }

    @Test
    void aDeveloperHasNoUsersLinkAndIsToldWhy() {
        String developer = Developers.add(owner());

        open().signIn(developer, Developers.PASSWORD);

        assertThat(browser.find(By.cssSelector("#sections a[data-section='users']")).isDisplayed()).isFalse();
        browser.go("#/sandbox/users");
        browser.waitUntil(page -> page.findElement(By.id("main")).getText()
                .contains("Only owners and admins manage users."));
        assertThat(browser.pageSource()).doesNotContain("add-user-form");
    }
}
