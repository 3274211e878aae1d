package io.payouts.query.approval;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.batch.BatchFixtures;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.approval.ApprovalPolicy;
import io.payouts.shared.approval.FindApprovalPolicyQuery;
import io.payouts.shared.approval.FindPendingApprovalsQuery;
import io.payouts.shared.approval.PendingApproval;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** What waits for a second person, payouts and batches together, oldest first, per mode; and the mode's threshold. */
@DatabaseTest
class ApprovalQueryHandlerTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final ApprovalPolicyRows policies = new ApprovalPolicyRows(DATABASE.jdbc());
    private final ApprovalQueryHandler handler = new ApprovalQueryHandler(DATABASE.jdbc(), policies,
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void listsWhatWaitsInTheModeOldestFirstWithWhoAskedAndWhy() {
        waitingPayout(1, Mode.SANDBOX, AT.plusSeconds(60));
        waitingBatch(2, Mode.SANDBOX, AT);
        waitingPayout(3, Mode.PRODUCTION, AT);
        waitingPayout(4, Mode.SANDBOX, AT.plusSeconds(120));
        PayoutFixtures.projected(DATABASE.jdbc(), payoutId(4).value(), 1, new PayoutApprovedEvent(payoutId(4),
                Mode.SANDBOX, DRIVER, 150_000, 150_000, Rail.STANDARD, "usr_approver", AT.plusSeconds(180)));

        ResultPage<PendingApproval> page = list(Mode.SANDBOX, new PageRequest(1, 20));

        assertThat(page.total()).isEqualTo(2);
        assertThat(page.items()).extracting(PendingApproval::kind, PendingApproval::id, PendingApproval::amount,
                        PendingApproval::threshold, PendingApproval::requesterId, PendingApproval::driverId,
                        PendingApproval::name, PendingApproval::payoutCount)
                .containsExactly(
                        tuple(PendingApproval.Kind.BATCH, batchId(2).value(), 300_000L, 100_000L, "usr_creator", null,
                                "Weekly", 2),
                        tuple(PendingApproval.Kind.PAYOUT, payoutId(1).value(), 150_000L, 100_000L,
                                "usr_requester", DRIVER.value(), null, null));
        assertThat(page.items().get(1).requestedBy()).isEqualTo("dispatch");
        assertThat(page.items().get(1).requestedAt()).isEqualTo(AT.plusSeconds(60));
    }

    @Test
    void aPageIsItsSliceAndAnotherModeSeesOnlyItsOwn() {
        waitingPayout(1, Mode.SANDBOX, AT.plusSeconds(60));
        waitingBatch(2, Mode.SANDBOX, AT);
        waitingPayout(3, Mode.PRODUCTION, AT);

        assertThat(list(Mode.SANDBOX, new PageRequest(2, 1)).items()).extracting(PendingApproval::id)
                .containsExactly(payoutId(1).value());
        assertThat(list(Mode.PRODUCTION, new PageRequest(1, 20)).items()).extracting(PendingApproval::id)
                .containsExactly(payoutId(3).value());
    }

    @Test
    void aModeNeverSetHasApprovalsOffAndASetOneSaysWhoSetIt() {
        assertThat(handler.handle(new FindApprovalPolicyQuery(Mode.PRODUCTION))).isEqualTo(ApprovalPolicy.OFF);

        policies.set(Mode.PRODUCTION, 100_000, "usr_owner", AT);

        assertThat(handler.handle(new FindApprovalPolicyQuery(Mode.PRODUCTION)))
                .isEqualTo(new ApprovalPolicy(100_000, "usr_owner", AT));
        assertThat(handler.handle(new FindApprovalPolicyQuery(Mode.SANDBOX))).isEqualTo(ApprovalPolicy.OFF);
    }

    private ResultPage<PendingApproval> list(Mode mode, PageRequest request) {
        return handler.handle(new FindPendingApprovalsQuery(mode, request)).page();
    }

    private static void waitingPayout(int n, Mode mode, Instant requestedAt) {
        PayoutFixtures.projected(DATABASE.jdbc(), payoutId(n).value(), 0, new PayoutAwaitingApprovalEvent(payoutId(n),
                mode, WalletId.of(mode), DRIVER, 150_000, 0, 150_000, Rail.STANDARD, "bonus", null, requestedAt,
                "dispatch", "usr_requester", 100_000));
    }

    private static void waitingBatch(int n, Mode mode, Instant createdAt) {
        BatchId batchId = batchId(n);
        BatchFixtures.projected(DATABASE.jdbc(), batchId.value(), 0, new BatchCreatedEvent(batchId, mode, "Weekly",
                Rail.STANDARD, null, List.of(new BatchPayoutLine(payoutId(100 + n), DRIVER, 150_000, 0),
                new BatchPayoutLine(payoutId(200 + n), DRIVER, 150_000, 0)), 2, 300_000, 0, 300_000, createdAt));
        BatchFixtures.projected(DATABASE.jdbc(), batchId.value(), 1, new BatchAwaitingApprovalEvent(batchId, mode,
                300_000, 100_000, "usr_creator", createdAt));
    }

    private static PayoutId payoutId(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private static BatchId batchId(int n) {
        return new BatchId(String.format("batch_%032x", n));
    }
}
