package io.payouts.service.console;

import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overview's figures in a real browser (ADR-0020): the funding chart reads truly whatever its numbers, and
 * "payouts today" counts what is paid today. The chart is drawn from given projections, since the shared test
 * database's balances are whatever the other tests left.
 */
class OverviewBrowserTest extends ConsoleBrowserCase {

    /** Draws the chart of the projection given as JSON and answers its scales' ticks and the text around it. */
    private static final String DRAW = """
            const [projection, done] = arguments;
            import('/console/assets/js/funding-chart.js').then(({ fundingChart }) => {
                const box = document.createElement('div');
                document.getElementById('main').append(box);
                fundingChart(box).show(JSON.parse(projection));
                const chart = Chart.getChart(box.querySelector('canvas'));
                const valueScales = Object.values(chart ? chart.scales : {}).filter((scale) => scale.axis === 'y');
                done({ text: box.innerText, valueScales: valueScales.length,
                    ticks: valueScales.flatMap((scale) => scale.ticks.map((tick) => String(scale.getLabelForValue(tick.value)))),
                    canvasShown: box.querySelector('canvas') !== null && box.querySelector('canvas').offsetParent !== null });
            }).catch((error) => done({ error: String(error) }));""";

    @Test
    void drawsTheOutflowOnTheBalancesScaleSoTheBarsCompare() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);

        Map<String, Object> drawn = draw(2_500_000, List.of(86_000L, 0L, 0L));

        assertThat(drawn.get("error")).isNull();
        assertThat(drawn.get("valueScales")).as("one value scale for balance and outflow").isEqualTo(1L);
        browser.screenshot("funding-chart-one-scale");
    }

    @Test
    void saysThereIsNothingToShowWhenNothingIsHeldOrDue() {
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);

        Map<String, Object> drawn = draw(0, List.of(0L, 0L, 0L));

        assertThat(drawn.get("error")).isNull();
        assertThat((String) drawn.get("text")).contains("Nothing to show");
        assertThat(drawn.get("canvasShown")).isEqualTo(false);
        browser.screenshot("funding-chart-empty");
    }

    @Test
    void leavesBatchPayoutsScheduledForALaterDayOutOfTodaysPayouts() {
        Api api = api();
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":10000}").status()).isEqualTo(200);
        String driverId = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        open().signIn(OWNER_EMAIL, OWNER_PASSWORD);
        String total = browser.waitFor(By.cssSelector("#payouts-today [data-total]")).getAttribute("data-total");

        Api.Response batch = api.post("/api/v1/batches", """
                {"name":"next week","scheduledFor":"%s","payouts":[{"driverId":"%s","amount":300},
                 {"driverId":"%s","amount":400}]}""".formatted(Instant.now().plus(7, ChronoUnit.DAYS), driverId,
                driverId));
        assertThat(batch.status()).as("a scheduled batch: %s", batch).isEqualTo(200);

        browser.waitUntil(page -> browser.find(By.id("payouts-today")).getText()
                .contains("in batches scheduled for a later day"));
        assertThat(browser.find(By.cssSelector("#payouts-today [data-total]")).getAttribute("data-total"))
                .isEqualTo(total);
        browser.screenshot("payouts-today-without-next-week");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> draw(long balance, List<Long> outflows) {
        StringBuilder days = new StringBuilder();
        long left = balance;
        for (int day = 0; day < outflows.size(); day++) {
            days.append(day == 0 ? "" : ",").append("{\"date\":\"2026-12-0%d\",\"outflow\":%d}"
                    .formatted(day + 1, outflows.get(day)));
            left -= outflows.get(day);
        }
        String projection = "{\"currentBalance\":%d,\"projectedOutflow\":%d,\"projectedBalance\":%d,\"dailyProjection\":[%s]}"
                .formatted(balance, balance - left, left, days);
        return (Map<String, Object>) browser.asyncScript(DRAW, projection);
    }
}
