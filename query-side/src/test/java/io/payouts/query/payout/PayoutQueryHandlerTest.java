package io.payouts.query.payout;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.Mode;
import io.payouts.shared.ReadModelLaggingException;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
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

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class PayoutQueryHandlerTest {

    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final PayoutId OLDER_PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "2");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId UNPROJECTED_DRIVER = new DriverId("drv_" + "0".repeat(31) + "9");
    private static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Duration READ_YOUR_WRITES_TIMEOUT = Duration.ofMillis(100);

    /** Page 3 of 20: the repository must be asked for zero-based page 2, newest first. */
    private static final io.payouts.shared.PageRequest THIRD_PAGE = new io.payouts.shared.PageRequest(3, 20);
    private static final Pageable THIRD_PAGE_NEWEST_FIRST =
            PageRequest.of(2, 20, Sort.by(Sort.Order.desc("requestedAt"), Sort.Order.desc("id")));

    @Mock
    private PayoutViewRepository payouts;
    @Mock
    private DriverDirectory drivers;
    @Mock
    private PayoutHistory history;
    private PayoutQueryHandler handler;
    private PayoutView payout;
    private PayoutView olderPayoutOfAnUnprojectedDriver;

    @BeforeEach
    void setUp() {
        handler = new PayoutQueryHandler(payouts, history, drivers, new ProjectionProgress(),
                READ_YOUR_WRITES_TIMEOUT);
        payout = new PayoutView(PAYOUT.value(), Mode.SANDBOX, DRIVER.value(), 2_500, 0, 2_500, Rail.STANDARD,
                "week 3", "load-77", REQUESTED_AT, 3);
        olderPayoutOfAnUnprojectedDriver = new PayoutView(OLDER_PAYOUT.value(), Mode.SANDBOX,
                UNPROJECTED_DRIVER.value(), 10_000, 150, 9_850, Rail.INSTANT, null, null, REQUESTED_AT.minusSeconds(60), 0);
        lenient().when(drivers.namesOf(any())).thenAnswer(call -> {
            Set<String> ids = Set.copyOf(call.getArgument(0));
            return ids.contains(DRIVER.value()) ? Map.of(DRIVER.value(), "Ana Silva") : Map.of();
        });
    }

    // one payout

    @Test
    void findsAPayoutOfTheCallersModeWithItsDriversCurrentName() {
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.SANDBOX)).thenReturn(Optional.of(payout));

        PayoutSummary found = handler.handle(FindPayoutQuery.current(Mode.SANDBOX, PAYOUT));

        assertThat(found).isEqualTo(payout.toSummary("Ana Silva"));
        assertThat(found.driverName()).isEqualTo("Ana Silva");
    }

    @Test
    void aDriverMissingFromTheDriverReadModelHasNoName() {
        when(payouts.findByIdAndMode(OLDER_PAYOUT.value(), Mode.SANDBOX))
                .thenReturn(Optional.of(olderPayoutOfAnUnprojectedDriver));

        assertThat(handler.handle(FindPayoutQuery.current(Mode.SANDBOX, OLDER_PAYOUT)).driverName()).isNull();
    }

    @Test
    void doesNotFindAPayoutOfAnotherMode() {
        lenient().when(payouts.findById(PAYOUT.value())).thenReturn(Optional.of(payout));
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.PRODUCTION)).thenReturn(Optional.empty());

        assertThatThrownBy(() -> handler.handle(FindPayoutQuery.current(Mode.PRODUCTION, PAYOUT)))
                .isInstanceOf(PayoutNotFoundException.class)
                .hasMessageContaining(PAYOUT.value());
    }

    @Test
    void answersOnceTheReadModelHasReachedTheRequestedVersion() {
        when(payouts.findVersionById(PAYOUT.value())).thenReturn(Optional.of(3L));
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.SANDBOX)).thenReturn(Optional.of(payout));

        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT, 3)).id()).isEqualTo(PAYOUT);
    }

    @Test
    void reportsALaggingReadModelWhenTheRequestedVersionIsNotReachedInTime() {
        when(payouts.findVersionById(PAYOUT.value())).thenReturn(Optional.of(3L));
        lenient().when(payouts.findByIdAndMode(PAYOUT.value(), Mode.SANDBOX)).thenReturn(Optional.of(payout));

        assertThatThrownBy(() -> handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT, 4)))
                .isInstanceOf(ReadModelLaggingException.class)
                .hasMessageContaining(PAYOUT.value());
    }

    @Test
    void reportsALaggingReadModelWhenThePayoutIsNotProjectedYet() {
        when(payouts.findVersionById(PAYOUT.value())).thenReturn(Optional.empty());

        assertThatThrownBy(() -> handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT, 0)))
                .isInstanceOf(ReadModelLaggingException.class);
    }

    @Test
    void answersFromTheStoredEventsWhenTheReadModelHasNoRowForThePayout() {
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.SANDBOX)).thenReturn(Optional.empty());
        when(history.fold(PAYOUT.value())).thenReturn(Optional.of(payout));

        assertThat(handler.handle(FindPayoutQuery.current(Mode.SANDBOX, PAYOUT))).isEqualTo(payout.toSummary("Ana Silva"));
    }

    @Test
    void answersFromTheStoredEventsWhenTheReadModelDoesNotReachTheWriteInTime() {
        when(payouts.findVersionById(PAYOUT.value())).thenReturn(Optional.empty());
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.SANDBOX)).thenReturn(Optional.empty());
        when(history.fold(PAYOUT.value())).thenReturn(Optional.of(payout));

        assertThat(handler.handle(new FindPayoutQuery(Mode.SANDBOX, PAYOUT, 3)).id()).isEqualTo(PAYOUT);
    }

    @Test
    void doesNotAnswerFromTheStoredEventsOfAnotherModesPayout() {
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.PRODUCTION)).thenReturn(Optional.empty());
        when(history.fold(PAYOUT.value())).thenReturn(Optional.of(payout));

        assertThatThrownBy(() -> handler.handle(FindPayoutQuery.current(Mode.PRODUCTION, PAYOUT)))
                .isInstanceOf(PayoutNotFoundException.class);
    }

    @Test
    void doesNotWaitWhenNoVersionIsRequested() {
        when(payouts.findByIdAndMode(PAYOUT.value(), Mode.SANDBOX)).thenReturn(Optional.of(payout));

        handler.handle(FindPayoutQuery.current(Mode.SANDBOX, PAYOUT));

        verify(payouts, never()).findVersionById(PAYOUT.value());
    }

    // payout list

    @Test
    void unfilteredListsTheModesPayoutsNewestFirstWithDriverNames() {
        when(payouts.findByMode(Mode.SANDBOX, THIRD_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(payout, olderPayoutOfAnUnprojectedDriver), THIRD_PAGE_NEWEST_FIRST, 42));

        PayoutPage result = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, null, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(new ResultPage<>(List.of(payout.toSummary("Ana Silva"),
                olderPayoutOfAnUnprojectedDriver.toSummary(null)), 42, 3, 20));
    }

    @Test
    void statusFilterAsksForThatStatusOnly() {
        when(payouts.findByModeAndStatus(Mode.SANDBOX, PayoutStatus.FAILED, THIRD_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(), THIRD_PAGE_NEWEST_FIRST, 40));

        PayoutPage result = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, PayoutStatus.FAILED, null, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(new ResultPage<>(List.of(), 40, 3, 20));
    }

    @Test
    void driverFilterAsksForThatDriversPayoutsOnly() {
        when(payouts.findByModeAndDriverId(Mode.SANDBOX, DRIVER.value(), THIRD_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(payout), THIRD_PAGE_NEWEST_FIRST, 41));

        PayoutPage result = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, DRIVER, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(new ResultPage<>(List.of(payout.toSummary("Ana Silva")), 41, 3, 20));
    }

    @Test
    void bothFiltersCombine() {
        when(payouts.findByModeAndDriverIdAndStatus(Mode.PRODUCTION, DRIVER.value(), PayoutStatus.VALIDATED,
                THIRD_PAGE_NEWEST_FIRST)).thenReturn(new PageImpl<>(List.of(payout), THIRD_PAGE_NEWEST_FIRST, 41));

        PayoutPage result = handler.handle(new FindPayoutsQuery(Mode.PRODUCTION, PayoutStatus.VALIDATED, DRIVER,
                THIRD_PAGE));

        assertThat(result.page().items()).extracting(PayoutSummary::id).containsExactly(PAYOUT);
        assertThat(result.page().total()).isEqualTo(41);
    }
}
