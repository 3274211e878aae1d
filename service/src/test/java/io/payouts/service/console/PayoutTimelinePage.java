package io.payouts.service.console;

import org.openqa.selenium.By;

import java.util.List;

/** The timeline of the payout page the browser shows: its steps in order, and the text of one. */
public final class PayoutTimelinePage {

    private static final String STEPS = "return [...document.querySelectorAll('#payout-timeline li[data-step]')]"
            + ".map((step) => step.dataset.step)";

    private final ConsoleBrowser browser;

    public PayoutTimelinePage(ConsoleBrowser browser) {
        this.browser = browser;
    }

    @SuppressWarnings("unchecked")
    public List<String> steps() {
        return (List<String>) browser.script(STEPS);
    }

    /** The text of the timeline's first step of that kind. */
    public String step(String step) {
        return browser.find(By.cssSelector("#payout-timeline li[data-step='" + step + "']")).getText();
    }
}
