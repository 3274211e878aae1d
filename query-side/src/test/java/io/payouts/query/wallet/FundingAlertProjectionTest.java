package io.payouts.query.wallet;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.approval.ApprovalPolicyRows;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.ApprovalThresholdSetEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingAlert;
import io.payouts.shared.wallet.FundingShortfallClearedEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.shared.wallet.LowBalanceAlertSetEvent;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.WalletId;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/** funding_alert_view on PostgreSQL: the setting, the low state and the shortfall episode, per mode. */
@DatabaseTest
class FundingAlertProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final WalletId PRODUCTION = WalletId.of(Mode.PRODUCTION);
    private static final Instant SET_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant LOW_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final LocalDate SHORT_ON = LocalDate.parse("2025-01-17");

    private final FundingAlertRows alerts = new FundingAlertRows(DATABASE.jdbc());
    private final ApprovalPolicyRows approvalPolicies = new ApprovalPolicyRows(DATABASE.jdbc());
    private final FundingAlertProjection projection = new FundingAlertProjection(alerts, approvalPolicies);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void showsTheSettingAndSinceWhenTheFundsAreLow() {
        projection.on(new LowBalanceAlertSetEvent(SANDBOX, Mode.SANDBOX, 5_000, 3, "usr_1", SET_AT));
        projection.on(new BalanceFellBelowThresholdEvent(SANDBOX, Mode.SANDBOX, 4_000, 5_000, LOW_AT));

        assertThat(alerts.of(Mode.SANDBOX)).contains(
                new FundingAlert(5_000, 3, true, LOW_AT, null, null, "usr_1", SET_AT));
        assertThat(alerts.of(Mode.PRODUCTION)).isEmpty();
    }

    @Test
    void aRecoveryEndsTheLowStateAndANewSettingKeepsIt() {
        projection.on(new LowBalanceAlertSetEvent(SANDBOX, Mode.SANDBOX, 5_000, null, "usr_1", SET_AT));
        projection.on(new BalanceFellBelowThresholdEvent(SANDBOX, Mode.SANDBOX, 4_000, 5_000, LOW_AT));
        projection.on(new LowBalanceAlertSetEvent(SANDBOX, Mode.SANDBOX, 4_500, null, "usr_2", LOW_AT));
        assertThat(alerts.of(Mode.SANDBOX).orElseThrow().low()).isTrue();

        projection.on(new BalanceRecoveredEvent(SANDBOX, Mode.SANDBOX, 5_000, 4_500, LOW_AT));
        assertThat(alerts.of(Mode.SANDBOX).orElseThrow()).extracting(FundingAlert::low, FundingAlert::lowSince,
                FundingAlert::lowBalanceThreshold, FundingAlert::setBy).containsExactly(false, null, 4_500L, "usr_2");
    }

    @Test
    void aShortfallEpisodeShowsItsDayUntilItEnds() {
        projection.on(new LowBalanceAlertSetEvent(PRODUCTION, Mode.PRODUCTION, 0, 3, "usr_1", SET_AT));
        projection.on(new FundingShortfallProjectedEvent(PRODUCTION, Mode.PRODUCTION, SHORT_ON, -500, 3, LOW_AT));
        assertThat(alerts.of(Mode.PRODUCTION).orElseThrow()).extracting(FundingAlert::shortfallOn,
                FundingAlert::shortfallSince).containsExactly(SHORT_ON, LOW_AT);

        projection.on(new FundingShortfallClearedEvent(PRODUCTION, Mode.PRODUCTION, LOW_AT));
        assertThat(alerts.of(Mode.PRODUCTION).orElseThrow().shortfallOn()).isNull();
    }

    @Test
    void aSandboxResetForgetsOnlyTheSandboxsAlert() {
        projection.on(new LowBalanceAlertSetEvent(SANDBOX, Mode.SANDBOX, 5_000, null, "usr_1", SET_AT));
        projection.on(new LowBalanceAlertSetEvent(PRODUCTION, Mode.PRODUCTION, 7_000, null, "usr_1", SET_AT));

        projection.on(new SandboxResetEvent(SANDBOX, Mode.SANDBOX, LOW_AT));

        assertThat(alerts.of(Mode.SANDBOX)).isEmpty();
        assertThat(alerts.of(Mode.PRODUCTION)).isPresent();
    }

    @Test
    void keepsEachModesApprovalThresholdAndASandboxResetForgetsTheSandboxsOnly() {
        projection.on(new ApprovalThresholdSetEvent(SANDBOX, Mode.SANDBOX, 1_000, "usr_1", SET_AT));
        projection.on(new ApprovalThresholdSetEvent(PRODUCTION, Mode.PRODUCTION, 100_000, "usr_2", SET_AT));
        projection.on(new ApprovalThresholdSetEvent(PRODUCTION, Mode.PRODUCTION, 150_000, "usr_2", LOW_AT));

        projection.on(new SandboxResetEvent(SANDBOX, Mode.SANDBOX, LOW_AT));

        assertThat(DATABASE.jdbc().queryForList("select mode, threshold, set_by from approval_policy_view"))
                .singleElement().satisfies(row -> assertThat(row).containsEntry("mode", "PRODUCTION")
                        .containsEntry("threshold", 150_000L).containsEntry("set_by", "usr_2"));
    }
}
