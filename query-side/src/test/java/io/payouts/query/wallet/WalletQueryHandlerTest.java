package io.payouts.query.wallet;

import io.payouts.query.batch.ScheduledBatchOutflow;
import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.payout.InFlightPayouts;
import io.payouts.shared.Mode;
import io.payouts.shared.ReadModelLaggingException;
import io.payouts.shared.ResultPage;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindTopUpQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingTransactionPage;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.shared.wallet.WalletBalance;
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
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class WalletQueryHandlerTest {

    private static final String SANDBOX_WALLET = "wallet_sandbox";
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "a".repeat(32));
    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Duration READ_YOUR_WRITES_TIMEOUT = Duration.ofMillis(100);
    private static final io.payouts.shared.PageRequest SECOND_PAGE = new io.payouts.shared.PageRequest(2, 25);
    private static final Pageable SECOND_PAGE_NEWEST_FIRST =
            PageRequest.of(1, 25, Sort.by(Sort.Order.desc("position")));

    @Mock
    private WalletBalanceViewRepository wallets;
    @Mock
    private TopUpViewRepository topUps;
    @Mock
    private FundingTransactionViewRepository transactions;
    @Mock
    private InFlightPayouts inFlightPayouts;
    @Mock
    private ScheduledBatchOutflow scheduledBatches;
    private WalletQueryHandler handler;
    private WalletBalanceView sandboxWallet;

    @BeforeEach
    void setUp() {
        handler = new WalletQueryHandler(wallets, topUps, transactions, inFlightPayouts, scheduledBatches,
                new ProjectionProgress(),
                READ_YOUR_WRITES_TIMEOUT);
        sandboxWallet = new WalletBalanceView(SANDBOX_WALLET, Mode.SANDBOX, AT, 0);
        sandboxWallet.requestTopUp(80_000, AT, 1);
        sandboxWallet.settleTopUp(50_000, AT, 2);
        sandboxWallet.reserve(12_000, AT, 3);
    }

    // balance

    @Test
    void theBalanceOfTheCallersModesWallet() {
        when(wallets.findById(SANDBOX_WALLET)).thenReturn(Optional.of(sandboxWallet));

        assertThat(handler.handle(new FindWalletBalanceQuery(Mode.SANDBOX, -1)))
                .isEqualTo(new WalletBalance(38_000, 30_000, 12_000));
        verify(wallets, never()).findWalletVersionById(anyString());
    }

    @Test
    void aModeWithoutAWalletHasAnEmptyOne() {
        when(wallets.findById("wallet_production")).thenReturn(Optional.empty());

        assertThat(handler.handle(new FindWalletBalanceQuery(Mode.PRODUCTION, -1))).isEqualTo(WalletBalance.EMPTY);
    }

    @Test
    void theBalanceWaitsForTheWalletVersionOfTheWrite() {
        when(wallets.findWalletVersionById(SANDBOX_WALLET)).thenReturn(Optional.of(3L));
        when(wallets.findById(SANDBOX_WALLET)).thenReturn(Optional.of(sandboxWallet));

        assertThat(handler.handle(new FindWalletBalanceQuery(Mode.SANDBOX, 3)).available()).isEqualTo(38_000);
    }

    @Test
    void aBalanceBehindTheWritesWalletVersionIsLagging() {
        when(wallets.findWalletVersionById(SANDBOX_WALLET)).thenReturn(Optional.of(3L));

        assertThatThrownBy(() -> handler.handle(new FindWalletBalanceQuery(Mode.SANDBOX, 4)))
                .isInstanceOf(ReadModelLaggingException.class)
                .hasMessageContaining(SANDBOX_WALLET);
    }

    @Test
    void aWalletNotProjectedYetIsLaggingWhenAVersionIsAskedFor() {
        when(wallets.findWalletVersionById(SANDBOX_WALLET)).thenReturn(Optional.empty());

        assertThatThrownBy(() -> handler.handle(new FindWalletBalanceQuery(Mode.SANDBOX, 0)))
                .isInstanceOf(ReadModelLaggingException.class);
    }

    // top-ups

    @Test
    void findsATopUpOnceTheWalletReachedTheVersion() {
        TopUpView topUp = new TopUpView(TOP_UP.value(), Mode.SANDBOX, 50_000, "march float", "bank_transfer", AT);
        when(wallets.findWalletVersionById(SANDBOX_WALLET)).thenReturn(Optional.of(2L));
        when(topUps.findByIdAndMode(TOP_UP.value(), Mode.SANDBOX)).thenReturn(Optional.of(topUp));

        assertThat(handler.handle(new FindTopUpQuery(Mode.SANDBOX, TOP_UP, 2)))
                .isEqualTo(new TopUp(TOP_UP, 50_000, TopUp.PENDING, "march float", "bank_transfer", AT, null));
    }

    @Test
    void aTopUpOfAnotherModeIsNotFound() {
        when(topUps.findByIdAndMode(TOP_UP.value(), Mode.PRODUCTION)).thenReturn(Optional.empty());

        assertThatThrownBy(() -> handler.handle(new FindTopUpQuery(Mode.PRODUCTION, TOP_UP, -1)))
                .isInstanceOf(TopUpNotFoundException.class)
                .hasMessageContaining(TOP_UP.value());
    }

    @Test
    void aLaggingTopUpNamesTheTopUp() {
        when(wallets.findWalletVersionById(SANDBOX_WALLET)).thenReturn(Optional.of(0L));

        assertThatThrownBy(() -> handler.handle(new FindTopUpQuery(Mode.SANDBOX, TOP_UP, 1)))
                .isInstanceOf(ReadModelLaggingException.class)
                .hasMessageContaining(TOP_UP.value());
    }

    // funding transactions

    @Test
    void listsTheModesTransactionsNewestFirst() {
        FundingTransactionView debit = FundingTransactionView.debit(PAYOUT, Mode.SANDBOX, 2_000, 48_000, AT, 2);
        FundingTransactionView credit = FundingTransactionView.credit(TOP_UP.value(), Mode.SANDBOX, 50_000, 50_000,
                "march float", AT, 1);
        when(transactions.findByMode(Mode.SANDBOX, SECOND_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(debit, credit), SECOND_PAGE_NEWEST_FIRST, 27));

        FundingTransactionPage result = handler.handle(new FindFundingTransactionsQuery(Mode.SANDBOX, null, SECOND_PAGE));

        assertThat(result.page()).isEqualTo(new ResultPage<>(List.of(debit.toTransaction(), credit.toTransaction()),
                27, 2, 25));
        assertThat(result.page().items().get(0).id().value()).isEqualTo("txn_" + "0".repeat(31) + "1");
        assertThat(result.page().items().get(0).payoutId()).isEqualTo(PAYOUT);
    }

    @Test
    void typeFilterAsksForThatTypeOnly() {
        when(transactions.findByModeAndType(Mode.SANDBOX, TransactionType.DEBIT, SECOND_PAGE_NEWEST_FIRST))
                .thenReturn(new PageImpl<>(List.of(), SECOND_PAGE_NEWEST_FIRST, 25));

        FundingTransactionPage result = handler.handle(new FindFundingTransactionsQuery(Mode.SANDBOX,
                TransactionType.DEBIT, SECOND_PAGE));

        assertThat(result.page()).isEqualTo(new ResultPage<>(List.of(), 25, 2, 25));
    }

    // funding projection

    @Test
    void theProjectionPutsInFlightPayoutsOnTodayAndSubtractsThemFromTheFundsHeld() {
        when(wallets.findById(SANDBOX_WALLET)).thenReturn(Optional.of(sandboxWallet));
        when(inFlightPayouts.amount(Mode.SANDBOX)).thenReturn(15_000L);
        LocalDate today = LocalDate.of(2025, 1, 30);

        FundingProjection projection = handler.handle(new FindFundingProjectionQuery(Mode.SANDBOX, 3, today));

        assertThat(projection).isEqualTo(new FundingProjection(50_000, 35_000, 15_000, List.of(
                new FundingProjection.DailyOutflow(today, 15_000),
                new FundingProjection.DailyOutflow(LocalDate.of(2025, 1, 31), 0),
                new FundingProjection.DailyOutflow(LocalDate.of(2025, 2, 1), 0))));
    }

    @Test
    void theProjectionPutsQueuedBatchesOnTheirScheduledDay() {
        LocalDate today = LocalDate.of(2025, 1, 30);
        when(wallets.findById(SANDBOX_WALLET)).thenReturn(Optional.of(sandboxWallet));
        when(inFlightPayouts.amount(Mode.SANDBOX)).thenReturn(2_000L);
        when(scheduledBatches.dueBetween(Mode.SANDBOX, today, LocalDate.of(2025, 2, 1)))
                .thenReturn(java.util.Map.of(LocalDate.of(2025, 2, 1), 30_000L, today, 1_000L));

        FundingProjection projection = handler.handle(new FindFundingProjectionQuery(Mode.SANDBOX, 3, today));

        assertThat(projection).isEqualTo(new FundingProjection(50_000, 17_000, 33_000, List.of(
                new FundingProjection.DailyOutflow(today, 3_000),
                new FundingProjection.DailyOutflow(LocalDate.of(2025, 1, 31), 0),
                new FundingProjection.DailyOutflow(LocalDate.of(2025, 2, 1), 30_000))));
    }

    @Test
    void theProjectionHasOneEntryPerDayOfTheWindow() {
        when(wallets.findById(SANDBOX_WALLET)).thenReturn(Optional.of(sandboxWallet));
        when(inFlightPayouts.amount(Mode.SANDBOX)).thenReturn(0L);

        FundingProjection projection = handler.handle(new FindFundingProjectionQuery(Mode.SANDBOX, 90,
                LocalDate.of(2025, 1, 1)));

        assertThat(projection.dailyProjection()).hasSize(90);
        assertThat(projection.dailyProjection().get(89).date()).isEqualTo(LocalDate.of(2025, 3, 31));
        assertThat(projection.projectedBalance()).isEqualTo(projection.currentBalance()).isEqualTo(50_000);
    }

    @Test
    void aModeWithoutAWalletProjectsFromZero() {
        when(wallets.findById("wallet_production")).thenReturn(Optional.empty());
        lenient().when(inFlightPayouts.amount(Mode.PRODUCTION)).thenReturn(0L);

        FundingProjection projection = handler.handle(new FindFundingProjectionQuery(Mode.PRODUCTION, 1,
                LocalDate.of(2025, 1, 1)));

        assertThat(projection).isEqualTo(new FundingProjection(0, 0, 0,
                List.of(new FundingProjection.DailyOutflow(LocalDate.of(2025, 1, 1), 0))));
    }
}
