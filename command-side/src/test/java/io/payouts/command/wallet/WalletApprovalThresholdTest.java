package io.payouts.command.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.wallet.ApprovalThresholdSetEvent;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The wallet keeps the mode's approval threshold (ADR-0046) and says what waits for a second person. */
class WalletApprovalThresholdTest {

    private static final WalletId WALLET = WalletId.of(Mode.SANDBOX);
    private static final Instant OPENED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SET_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final String OWNER = "usr_owner";

    private FixtureConfiguration<Wallet> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Wallet.class);
    }

    @Test
    void recordsWhoSetTheThresholdAndOpensAWalletNeverOpened() {
        fixture.givenNoPriorActivity()
                .when(new SetApprovalThresholdCommand(WALLET, Mode.SANDBOX, 100_000, OWNER, SET_AT))
                .expectEvents(new WalletOpenedEvent(WALLET, Mode.SANDBOX, SET_AT),
                        new ApprovalThresholdSetEvent(WALLET, Mode.SANDBOX, 100_000, OWNER, SET_AT))
                .expectState(wallet -> {
                    assertThat(ApprovalDecisions.waits(wallet.approvalThreshold(), 100_000)).isFalse();
                    assertThat(ApprovalDecisions.waits(wallet.approvalThreshold(), 100_001)).isTrue();
                });
    }

    @Test
    void aThresholdOfZeroSwitchesApprovalsOff() {
        fixture.given(new WalletOpenedEvent(WALLET, Mode.SANDBOX, OPENED_AT),
                        new ApprovalThresholdSetEvent(WALLET, Mode.SANDBOX, 100_000, OWNER, OPENED_AT))
                .when(new SetApprovalThresholdCommand(WALLET, Mode.SANDBOX, 0, OWNER, SET_AT))
                .expectEvents(new ApprovalThresholdSetEvent(WALLET, Mode.SANDBOX, 0, OWNER, SET_AT))
                .expectState(wallet -> assertThat(ApprovalDecisions.waits(wallet.approvalThreshold(), Long.MAX_VALUE))
                        .isFalse());
    }

    @Test
    void aSandboxResetForgetsTheThreshold() {
        fixture.given(new WalletOpenedEvent(WALLET, Mode.SANDBOX, OPENED_AT),
                        new ApprovalThresholdSetEvent(WALLET, Mode.SANDBOX, 100, OWNER, OPENED_AT),
                        new SandboxResetEvent(WALLET, Mode.SANDBOX, SET_AT))
                .when(new SetApprovalThresholdCommand(WALLET, Mode.SANDBOX, 0, OWNER, SET_AT))
                .expectState(wallet -> assertThat(wallet.approvalThreshold()).isZero());
    }
}
