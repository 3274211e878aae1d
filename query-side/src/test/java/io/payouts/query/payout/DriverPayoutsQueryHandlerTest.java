package io.payouts.query.payout;

import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.Mode;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class DriverPayoutsQueryHandlerTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final io.payouts.shared.PageRequest SECOND_PAGE = new io.payouts.shared.PageRequest(2, 10);
    private static final Pageable SECOND_PAGE_NEWEST_FIRST =
            PageRequest.of(1, 10, Sort.by(Sort.Order.desc("requestedAt"), Sort.Order.desc("id")));

    @Mock
    private PayoutViewRepository payouts;
    @Mock
    private DriverDirectory drivers;
    private DriverPayoutsQueryHandler handler;

    @BeforeEach
    void setUp() {
        handler = new DriverPayoutsQueryHandler(payouts, drivers);
    }

    @Test
    void aDriverUnknownInTheCallersModeIsNotFound() {
        when(drivers.exists(Mode.PRODUCTION, DRIVER)).thenReturn(false);

        assertThatThrownBy(() -> handler.handle(new FindDriverPayoutsQuery(Mode.PRODUCTION, DRIVER, SECOND_PAGE)))
                .isInstanceOf(DriverNotFoundException.class)
                .hasMessageContaining(DRIVER.value());
        verifyNoInteractions(payouts);
    }

    @Test
    void listsTheDriversPayoutsNewestFirst() {
        PayoutView payout = new PayoutView("pay_" + "0".repeat(31) + "1", Mode.SANDBOX, DRIVER.value(), 2_500, 0,
                2_500, Rail.STANDARD, null, null, Instant.parse("2025-01-15T09:00:00Z"), 0);
        when(drivers.exists(Mode.SANDBOX, DRIVER)).thenReturn(true);
        when(drivers.namesOf(any())).thenReturn(Map.of(DRIVER.value(), "Ana Silva"));
        when(payouts.findByModeAndDriverId(Mode.SANDBOX, DRIVER.value(), SECOND_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(payout), SECOND_PAGE_NEWEST_FIRST, 11));

        PayoutPage result = handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, DRIVER, SECOND_PAGE));

        assertThat(result.page()).isEqualTo(new ResultPage<>(List.of(payout.toSummary("Ana Silva")), 11, 2, 10));
    }

    @Test
    void aDriverWithoutPayoutsHasAnEmptyPage() {
        when(drivers.exists(Mode.SANDBOX, DRIVER)).thenReturn(true);
        when(drivers.namesOf(any())).thenReturn(Map.of());
        when(payouts.findByModeAndDriverId(Mode.SANDBOX, DRIVER.value(), SECOND_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(), SECOND_PAGE_NEWEST_FIRST, 0));

        PayoutPage result = handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, DRIVER, SECOND_PAGE));

        assertThat(result.page()).isEqualTo(ResultPage.empty(2, 10));
    }
}
