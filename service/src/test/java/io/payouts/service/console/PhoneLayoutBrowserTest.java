package io.payouts.service.console;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console on a phone (390 x 844): every section's link in view and clickable without scrolling the navigation
 * sideways, no page that scrolls sideways, tables that scroll inside their own box, and forms within the screen.
 * Screenshots of every section under target/console-screenshots ({@code phone-<section>}).
 */
class PhoneLayoutBrowserTest extends ConsoleBrowserCase {

    private static final List<String> SECTIONS = List.of("overview", "statements", "payouts", "batches", "approvals",
            "drivers", "keys", "webhooks", "users");

    /** Each link of the navigation: whether it lies inside the window and is what a tap on its middle reaches. */
    private static final String NAV_LINKS = """
            return [...document.querySelectorAll('#sections a')].map((link) => {
                const box = link.getBoundingClientRect();
                const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                return { section: link.dataset.section,
                         inView: box.width > 0 && box.left >= 0 && box.right <= window.innerWidth,
                         reached: hit !== null && link.contains(hit) };
            });""";

    /** Tables not inside a box that scrolls sideways on its own. */
    private static final String LOOSE_TABLES = """
            return [...document.querySelectorAll('main table')].filter((table) => {
                const box = table.parentElement.closest('.table-wrap');
                return box === null || !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)
                    || box.getBoundingClientRect().right > window.innerWidth;
            }).map((table) => table.outerHTML.slice(0, 80));""";

    /** Form controls shown on the page that reach past either edge of the window; a table's scroll with it. */
    private static final String CONTROLS_OUTSIDE = """
            return [...document.querySelectorAll('main input, main select, main textarea, main button')]
                .filter((control) => control.getClientRects().length > 0 && control.closest('.table-wrap') === null)
                .filter((control) => { const box = control.getBoundingClientRect();
                                       return box.left < 0 || box.right > window.innerWidth; })
                .map((control) => control.outerHTML.slice(0, 80));""";

    @Test
    void everySectionFitsAPhoneWithItsWholeNavigationInView() {
        open(ConsoleBrowser.PHONE).signIn(OWNER_EMAIL, OWNER_PASSWORD);

        for (String section : SECTIONS) {
            browser.click(By.cssSelector("#sections a[data-section='" + section + "']"));
            browser.waitFor(By.cssSelector("#sections a[data-section='" + section + "'][aria-current='page']"));
            browser.waitUntil(page -> page.findElements(By.cssSelector("main .loading")).isEmpty());
            browser.script("window.scrollTo(0, 0)");

            assertThat(navigationLinks()).as("the navigation on %s", section).hasSize(SECTIONS.size())
                    .allSatisfy(link -> assertThat(link).as("on %s", section)
                            .containsEntry("inView", true).containsEntry("reached", true));
            assertThat((Long) browser.script("return document.documentElement.scrollWidth - window.innerWidth"))
                    .as("sideways scrolling of %s", section).isLessThanOrEqualTo(0L);
            assertThat(browser.script(LOOSE_TABLES)).as("tables of %s outside a scrolling box", section)
                    .asList().isEmpty();
            assertThat(browser.script(CONTROLS_OUTSIDE)).as("form controls of %s past the screen's edge", section)
                    .asList().isEmpty();
            browser.screenshot("phone-" + section);
        }
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> navigationLinks() {
        return (List<Map<String, Object>>) browser.script(NAV_LINKS);
    }
}
