package io.payouts.query.driver;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.Mode;
import io.payouts.shared.ReadModelLaggingException;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.driver.KycStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class DriverQueryHandlerTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Duration READ_YOUR_WRITES_TIMEOUT = Duration.ofMillis(100);

    /** Page 3 of 20: the repository must be asked for zero-based page 2. */
    private static final io.payouts.shared.PageRequest THIRD_PAGE = new io.payouts.shared.PageRequest(3, 20);
    private static final Pageable THIRD_PAGE_NEWEST_FIRST =
            PageRequest.of(2, 20, Sort.by(Sort.Order.desc("createdAt"), Sort.Order.desc("id")));

    @Mock
    private DriverViewRepository drivers;
    @Mock
    private DriverHistory history;
    private DriverQueryHandler handler;
    private DriverView sandboxDriver;

    @BeforeEach
    void setUp() {
        handler = new DriverQueryHandler(drivers, history, new ProjectionProgress(), READ_YOUR_WRITES_TIMEOUT);
        sandboxDriver = new DriverView(DRIVER.value(), Mode.SANDBOX, "fleet-42", "Ana Silva", "ana@example.com",
                "+14155550123", REGISTERED_AT, 3);
    }

    // one driver

    @Test
    void findsADriverOfTheCallersMode() {
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.of(sandboxDriver));

        assertThat(handler.handle(FindDriverQuery.current(Mode.SANDBOX, DRIVER)))
                .isEqualTo(sandboxDriver.toSummary());
    }

    @Test
    void doesNotFindADriverOfAnotherMode() {
        lenient().when(drivers.findById(DRIVER.value())).thenReturn(Optional.of(sandboxDriver));
        lenient().when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.of(sandboxDriver));
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.PRODUCTION)).thenReturn(Optional.empty());

        assertThatThrownBy(() -> handler.handle(FindDriverQuery.current(Mode.PRODUCTION, DRIVER)))
                .isInstanceOf(DriverNotFoundException.class)
                .hasMessageContaining(DRIVER.value());
    }

    @Test
    void answersOnceTheReadModelHasReachedTheRequestedVersion() {
        when(drivers.findVersionById(DRIVER.value())).thenReturn(Optional.of(3L));
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.of(sandboxDriver));

        assertThat(handler.handle(new FindDriverQuery(Mode.SANDBOX, DRIVER, 3))).isEqualTo(sandboxDriver.toSummary());
    }

    @Test
    void reportsALaggingReadModelWhenTheRequestedVersionIsNotReachedInTime() {
        when(drivers.findVersionById(DRIVER.value())).thenReturn(Optional.of(3L));
        lenient().when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.of(sandboxDriver));

        assertThatThrownBy(() -> handler.handle(new FindDriverQuery(Mode.SANDBOX, DRIVER, 4)))
                .isInstanceOf(ReadModelLaggingException.class);
    }

    @Test
    void reportsALaggingReadModelWhenTheDriverIsNotProjectedYetNorStored() {
        when(drivers.findVersionById(DRIVER.value())).thenReturn(Optional.empty());
        lenient().when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.empty());

        assertThatThrownBy(() -> handler.handle(new FindDriverQuery(Mode.SANDBOX, DRIVER, 0)))
                .isInstanceOf(ReadModelLaggingException.class);
    }

    @Test
    void answersFromTheStoredEventsWhenTheReadModelHasNoRowForTheDriver() {
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.empty());
        when(history.fold(DRIVER.value())).thenReturn(Optional.of(sandboxDriver));

        assertThat(handler.handle(FindDriverQuery.current(Mode.SANDBOX, DRIVER))).isEqualTo(sandboxDriver.toSummary());
    }

    @Test
    void answersFromTheStoredEventsWhenTheReadModelDoesNotReachTheWriteInTime() {
        DriverView behind = new DriverView(DRIVER.value(), Mode.SANDBOX, "fleet-42", "Ana Silva", "ana@example.com",
                "+14155550123", REGISTERED_AT, 2);
        when(drivers.findVersionById(DRIVER.value())).thenReturn(Optional.of(2L));
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.of(behind));
        when(history.fold(DRIVER.value())).thenReturn(Optional.of(sandboxDriver));

        assertThat(handler.handle(new FindDriverQuery(Mode.SANDBOX, DRIVER, 3))).isEqualTo(sandboxDriver.toSummary());
    }

    @Test
    void doesNotAnswerFromTheStoredEventsOfAnotherModesDriver() {
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.PRODUCTION)).thenReturn(Optional.empty());
        when(history.fold(DRIVER.value())).thenReturn(Optional.of(sandboxDriver));

        assertThatThrownBy(() -> handler.handle(FindDriverQuery.current(Mode.PRODUCTION, DRIVER)))
                .isInstanceOf(DriverNotFoundException.class);
    }

    @Test
    void doesNotWaitWhenNoVersionIsRequested() {
        when(drivers.findByIdAndMode(DRIVER.value(), Mode.SANDBOX)).thenReturn(Optional.of(sandboxDriver));

        handler.handle(FindDriverQuery.current(Mode.SANDBOX, DRIVER));

        verify(drivers, never()).findVersionById(DRIVER.value());
    }

    // driver list

    @Test
    void pendingFilterListsDriversNeitherInactiveNorVerified() {
        when(drivers.findByModeAndStatusNotAndKycStatusNot(Mode.SANDBOX, DriverStatus.INACTIVE, KycStatus.VERIFIED,
                THIRD_PAGE_NEWEST_FIRST)).thenReturn(pageOf(sandboxDriver));

        DriverPage result = handler.handle(new FindDriversQuery(Mode.SANDBOX, DriverStatusFilter.PENDING, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(expectedPage());
    }

    @ParameterizedTest
    @CsvSource({"ACTIVE, ACTIVE", "INACTIVE, INACTIVE"})
    void statusFilterListsDriversWithThatStatus(DriverStatusFilter filter, DriverStatus status) {
        when(drivers.findByModeAndStatus(Mode.SANDBOX, status, THIRD_PAGE_NEWEST_FIRST))
                .thenReturn(pageOf(sandboxDriver));

        DriverPage result = handler.handle(new FindDriversQuery(Mode.SANDBOX, filter, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(expectedPage());
    }

    @Test
    void noFilterListsAllDriversOfTheMode() {
        when(drivers.findByMode(Mode.SANDBOX, THIRD_PAGE_NEWEST_FIRST)).thenReturn(pageOf(sandboxDriver));

        DriverPage result = handler.handle(new FindDriversQuery(Mode.SANDBOX, null, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(expectedPage());
    }

    @Test
    void listsOnlyTheCallersMode() {
        when(drivers.findByMode(Mode.PRODUCTION, THIRD_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(), THIRD_PAGE_NEWEST_FIRST, 0));

        DriverPage result = handler.handle(new FindDriversQuery(Mode.PRODUCTION, null, THIRD_PAGE));

        assertThat(result.page()).isEqualTo(ResultPage.empty(3, 20));
    }

    /** The 41st driver of the mode: alone on page 3 of 20. */
    private static Page<DriverView> pageOf(DriverView driver) {
        return new PageImpl<>(List.of(driver), THIRD_PAGE_NEWEST_FIRST, 41);
    }

    private ResultPage<?> expectedPage() {
        return new ResultPage<>(List.of(sandboxDriver.toSummary()), 41, 3, 20);
    }
}
