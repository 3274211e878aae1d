package io.payouts.service.platform.axon;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.Scope;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.ApprovalThresholdSetEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallClearedEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.LowBalanceAlertSetEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/** One event of every kind the service stores, with its revision and the JSON the event store holds for it. */
final class StoredEventForms {

    record Form(Object event, String revision, String json) {

        Form(Object event, String json) {
            this(event, "1", json);
        }

        @Override
        public String toString() {
            return event.getClass().getSimpleName();
        }
    }

    private static final Instant AT = Instant.parse("2026-01-15T09:30:00.123456Z");
    private static final String AT_JSON = "\"2026-01-15T09:30:00.123456Z\"";
    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final String PAYOUT_JSON = "{\"value\":\"pay_" + "0".repeat(31) + "1\"}";
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final String DRIVER_JSON = "{\"value\":\"drv_" + "0".repeat(31) + "2\"}";
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "3");
    private static final String BATCH_JSON = "{\"value\":\"batch_" + "0".repeat(31) + "3\"}";
    private static final ApiKeyId KEY = new ApiKeyId("key_" + "0".repeat(31) + "4");
    private static final String KEY_JSON = "{\"value\":\"key_" + "0".repeat(31) + "4\"}";
    private static final ApiKeyId OLD_KEY = new ApiKeyId("key_" + "0".repeat(31) + "5");
    private static final String OLD_KEY_JSON = "{\"value\":\"key_" + "0".repeat(31) + "5\"}";
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "6");
    private static final String TOP_UP_JSON = "{\"value\":\"txn_" + "0".repeat(31) + "6\"}";
    private static final WalletId WALLET = WalletId.of(Mode.SANDBOX);
    private static final String WALLET_JSON = "{\"value\":\"" + WALLET.value() + "\"}";
    private static final WalletId PRODUCTION_WALLET = WalletId.of(Mode.PRODUCTION);
    private static final String PRODUCTION_WALLET_JSON = "{\"value\":\"" + PRODUCTION_WALLET.value() + "\"}";
    private static final TransactionId CREDIT = new TransactionId("txn_" + "0".repeat(31) + "7");
    private static final String CREDIT_JSON = "{\"value\":\"txn_" + "0".repeat(31) + "7\"}";

    static final List<Form> ALL = List.of(
            new Form(new DriverRegisteredEvent(DRIVER, Mode.SANDBOX, "fleet-42", "Ana Silva", "ana@example.com",
                    "+14155550123", AT), "{\"driverId\":" + DRIVER_JSON + ",\"mode\":\"SANDBOX\",\"svcDriverId\":"
                    + "\"fleet-42\",\"name\":\"Ana Silva\",\"email\":\"ana@example.com\",\"phone\":\"+14155550123\","
                    + "\"registeredAt\":" + AT_JSON + "}"),
            new Form(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Costa", "ana.costa@example.com",
                    "+14155550199", AT), "{\"driverId\":" + DRIVER_JSON + ",\"mode\":\"SANDBOX\",\"name\":"
                    + "\"Ana Costa\",\"email\":\"ana.costa@example.com\",\"phone\":\"+14155550199\",\"updatedAt\":"
                    + AT_JSON + "}"),
            new Form(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, AT),
                    "{\"driverId\":" + DRIVER_JSON + ",\"mode\":\"SANDBOX\",\"verifiedAt\":" + AT_JSON + "}"),
            new Form(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "unreadable", AT),
                    "{\"driverId\":" + DRIVER_JSON + ",\"mode\":\"SANDBOX\",\"reason\":\"unreadable\","
                            + "\"rejectedAt\":" + AT_JSON + "}"),
            new Form(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, AT),
                    "{\"driverId\":" + DRIVER_JSON + ",\"mode\":\"SANDBOX\",\"deactivatedAt\":" + AT_JSON + "}"),
            new Form(new DriverBankAccountSetEvent(DRIVER, Mode.PRODUCTION, "Ana Costa", "US", BankAccountType.CHECKING,
                    "011000015", null, "000123456789", null, "6789", AT), "{\"driverId\":" + DRIVER_JSON
                    + ",\"mode\":\"PRODUCTION\",\"holderName\":\"Ana Costa\",\"country\":\"US\",\"accountType\":"
                    + "\"CHECKING\",\"routingNumber\":\"011000015\",\"bic\":null,\"accountNumber\":\"000123456789\","
                    + "\"iban\":null,\"last4\":\"6789\",\"setAt\":" + AT_JSON + "}"),
            new Form(new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, AT),
                    "{\"driverId\":" + DRIVER_JSON + ",\"mode\":\"PRODUCTION\",\"removedAt\":" + AT_JSON + "}"),
            new Form(new PayoutRequestedEvent(PAYOUT, Mode.SANDBOX, WALLET, DRIVER, 2_500, 25, 2_475, Rail.STANDARD,
                    "week 2", "load-7", AT, "driver-app"), "2", "{\"payoutId\":" + PAYOUT_JSON
                    + ",\"mode\":\"SANDBOX\",\"walletId\":" + WALLET_JSON + ",\"driverId\":" + DRIVER_JSON
                    + ",\"amount\":2500,\"fee\":25,\"netAmount\":2475,\"rail\":\"STANDARD\",\"description\":\"week 2\","
                    + "\"loadId\":\"load-7\",\"requestedAt\":" + AT_JSON + ",\"requestedBy\":\"driver-app\"}"),
            new Form(new PayoutRequestedInBatchEvent(PAYOUT, Mode.SANDBOX, WALLET, BATCH, DRIVER, 2_500, 25, 2_475,
                    Rail.INSTANT, null, null, AT), "2", "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\","
                    + "\"walletId\":" + WALLET_JSON + ",\"batchId\":" + BATCH_JSON + ",\"driverId\":" + DRIVER_JSON
                    + ",\"amount\":2500,\"fee\":25,\"netAmount\":2475,\"rail\":\"INSTANT\",\"description\":null,"
                    + "\"loadId\":null,\"requestedAt\":" + AT_JSON + "}"),
            new Form(new PayoutReleasedEvent(PAYOUT, Mode.SANDBOX, BATCH, DRIVER, 2_475, Rail.INSTANT, AT), "2",
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"batchId\":" + BATCH_JSON
                            + ",\"driverId\":" + DRIVER_JSON + ",\"netAmount\":2475,\"rail\":\"INSTANT\","
                            + "\"releasedAt\":" + AT_JSON + "}"),
            new Form(new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, AT, "iso20022", "PO20260115-1"),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"PRODUCTION\",\"queuedAt\":" + AT_JSON
                            + ",\"railAdapter\":\"iso20022\",\"railReference\":\"PO20260115-1\"}"),
            new Form(new PayoutProcessingStartedEvent(PAYOUT, Mode.SANDBOX, AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"startedAt\":" + AT_JSON + "}"),
            new Form(new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, 2_475, AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"driverId\":" + DRIVER_JSON
                            + ",\"amount\":2500,\"netAmount\":2475,\"completedAt\":" + AT_JSON + "}"),
            new Form(new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, "account closed", AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"driverId\":" + DRIVER_JSON
                            + ",\"amount\":2500,\"reason\":\"account closed\",\"failedAt\":" + AT_JSON + "}"),
            new Form(new PayoutRetriedEvent(PAYOUT, Mode.SANDBOX, 2_500, AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"amount\":2500,\"retriedAt\":"
                            + AT_JSON + "}"),
            new Form(new PayoutReturnedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, 2_500, 2_475, Rail.STANDARD,
                    "AC04 closed account number", AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"PRODUCTION\",\"driverId\":" + DRIVER_JSON
                            + ",\"amount\":2500,\"netAmount\":2475,\"rail\":\"STANDARD\",\"reason\":"
                            + "\"AC04 closed account number\",\"returnedAt\":" + AT_JSON + "}"),
            new Form(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"driverId\":" + DRIVER_JSON
                            + ",\"amount\":2500,\"canceledAt\":" + AT_JSON + "}"),
            new Form(new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly", Rail.STANDARD, AT,
                    List.of(new BatchPayoutLine(PAYOUT, DRIVER, 2_500, 25)), 1, 2_500, 25, 2_475, AT),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"SANDBOX\",\"name\":\"Weekly\",\"rail\":\"STANDARD\","
                            + "\"scheduledFor\":" + AT_JSON + ",\"payouts\":[{\"payoutId\":" + PAYOUT_JSON
                            + ",\"driverId\":" + DRIVER_JSON + ",\"amount\":2500,\"fee\":25}],\"payoutCount\":1,"
                            + "\"totalAmount\":2500,\"totalFees\":25,\"netAmount\":2475,\"createdAt\":" + AT_JSON
                            + "}"),
            new Form(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, PAYOUT, 0, 0, 0, 0, AT),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"SANDBOX\",\"payoutId\":" + PAYOUT_JSON
                            + ",\"payoutCount\":0,\"totalAmount\":0,\"totalFees\":0,\"netAmount\":0,\"canceledAt\":"
                            + AT_JSON + "}"),
            new Form(new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly", ReleaseTrigger.RUN, List.of(PAYOUT), 1,
                    2_500, 25, 2_475, AT, List.of()),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"SANDBOX\",\"name\":\"Weekly\",\"trigger\":\"RUN\","
                            + "\"payoutIds\":[" + PAYOUT_JSON + "],\"payoutCount\":1,\"totalAmount\":2500,"
                            + "\"totalFees\":25,\"netAmount\":2475,\"releasedAt\":" + AT_JSON
                            + ",\"failedPayoutIds\":[]}"),
            new Form(new BatchPayoutOutcomeRecordedEvent(BATCH, Mode.SANDBOX, PAYOUT, PayoutStatus.COMPLETED, AT),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"SANDBOX\",\"payoutId\":" + PAYOUT_JSON
                            + ",\"outcome\":\"COMPLETED\",\"at\":" + AT_JSON + "}"),
            new Form(new BatchPayoutOutcomesRecordedEvent(BATCH, Mode.SANDBOX, List.of(
                    new BatchPayoutOutcomesRecordedEvent.Outcome(PAYOUT, PayoutStatus.COMPLETED, AT))),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"SANDBOX\",\"outcomes\":[{\"payoutId\":"
                            + PAYOUT_JSON + ",\"outcome\":\"COMPLETED\",\"at\":" + AT_JSON + "}]}"),
            new Form(new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 1, 2_500, 1, 0,
                    AT), "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"SANDBOX\",\"name\":\"Weekly\",\"status\":"
                    + "\"COMPLETED\",\"payoutCount\":1,\"totalAmount\":2500,\"completedCount\":1,\"failedCount\":0,"
                    + "\"completedAt\":" + AT_JSON + "}"),
            new Form(new WalletOpenedEvent(WALLET, Mode.SANDBOX, AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"openedAt\":" + AT_JSON + "}"),
            new Form(new TopUpRequestedEvent(WALLET, Mode.SANDBOX, TOP_UP, 100_000, "float", "BANK_TRANSFER", AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"transactionId\":" + TOP_UP_JSON
                            + ",\"amount\":100000,\"description\":\"float\",\"method\":\"BANK_TRANSFER\","
                            + "\"requestedAt\":" + AT_JSON + "}"),
            new Form(new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, 100_000, "float", "sandbox", AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"transactionId\":" + TOP_UP_JSON
                            + ",\"amount\":100000,\"description\":\"float\",\"settledBy\":\"sandbox\",\"settledAt\":"
                            + AT_JSON + "}"),
            new Form(new FundsReservedEvent(WALLET, Mode.SANDBOX, List.of(new Reservation(PAYOUT, 2_500)), AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"reservations\":[{\"payoutId\":"
                            + PAYOUT_JSON + ",\"amount\":2500}],\"reservedAt\":" + AT_JSON + "}"),
            new Form(new FundsReleasedEvent(WALLET, Mode.SANDBOX, PAYOUT, 2_500, AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"payoutId\":" + PAYOUT_JSON
                            + ",\"amount\":2500,\"releasedAt\":" + AT_JSON + "}"),
            new Form(new ReturnedFundsCreditedEvent(PRODUCTION_WALLET, Mode.PRODUCTION, CREDIT, PAYOUT, 2_500,
                    "AC04 closed account number", AT),
                    "{\"walletId\":" + PRODUCTION_WALLET_JSON + ",\"mode\":\"PRODUCTION\",\"transactionId\":"
                            + CREDIT_JSON + ",\"payoutId\":" + PAYOUT_JSON + ",\"amount\":2500,\"reason\":"
                            + "\"AC04 closed account number\",\"creditedAt\":" + AT_JSON + "}"),
            new Form(new SandboxResetEvent(WALLET, Mode.SANDBOX, AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"resetAt\":" + AT_JSON + "}"),
            new Form(new LowBalanceAlertSetEvent(WALLET, Mode.SANDBOX, 50_000, 3, "usr_1", AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"lowBalanceThreshold\":50000,"
                            + "\"shortfallWithinDays\":3,\"setBy\":\"usr_1\",\"setAt\":" + AT_JSON + "}"),
            new Form(new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 40_000, 50_000, AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"available\":40000,"
                            + "\"threshold\":50000,\"at\":" + AT_JSON + "}"),
            new Form(new BalanceRecoveredEvent(WALLET, Mode.SANDBOX, 60_000, 50_000, AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"available\":60000,"
                            + "\"threshold\":50000,\"at\":" + AT_JSON + "}"),
            new Form(new FundingShortfallProjectedEvent(WALLET, Mode.SANDBOX, LocalDate.parse("2026-01-17"), -2_500, 3,
                    AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"shortfallOn\":\"2026-01-17\","
                            + "\"projectedBalance\":-2500,\"withinDays\":3,\"at\":" + AT_JSON + "}"),
            new Form(new FundingShortfallClearedEvent(WALLET, Mode.SANDBOX, AT),
                    "{\"walletId\":" + WALLET_JSON + ",\"mode\":\"SANDBOX\",\"at\":" + AT_JSON + "}"),
            new Form(new ApprovalThresholdSetEvent(PRODUCTION_WALLET, Mode.PRODUCTION, 100_000, "usr_1", AT),
                    "{\"walletId\":" + PRODUCTION_WALLET_JSON + ",\"mode\":\"PRODUCTION\",\"threshold\":100000,"
                            + "\"setBy\":\"usr_1\",\"setAt\":" + AT_JSON + "}"),
            new Form(new PayoutAwaitingApprovalEvent(PAYOUT, Mode.PRODUCTION, PRODUCTION_WALLET, DRIVER, 150_000, 0,
                    150_000, Rail.STANDARD, "bonus", "load-1", AT, "dispatch", "usr_1", 100_000),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"PRODUCTION\",\"walletId\":"
                            + PRODUCTION_WALLET_JSON + ",\"driverId\":" + DRIVER_JSON + ",\"amount\":150000,"
                            + "\"fee\":0,\"netAmount\":150000,\"rail\":\"STANDARD\",\"description\":\"bonus\","
                            + "\"loadId\":\"load-1\",\"requestedAt\":" + AT_JSON + ",\"requestedBy\":\"dispatch\","
                            + "\"requesterId\":\"usr_1\",\"threshold\":100000}"),
            new Form(new PayoutApprovedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, 150_000, 150_000, Rail.STANDARD,
                    "usr_2", AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"PRODUCTION\",\"driverId\":" + DRIVER_JSON
                            + ",\"amount\":150000,\"netAmount\":150000,\"rail\":\"STANDARD\","
                            + "\"approvedBy\":\"usr_2\",\"approvedAt\":" + AT_JSON + "}"),
            new Form(new PayoutRejectedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, 150_000, "usr_2", "not this week", AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"PRODUCTION\",\"driverId\":" + DRIVER_JSON
                            + ",\"amount\":150000,\"rejectedBy\":\"usr_2\",\"reason\":\"not this week\","
                            + "\"rejectedAt\":" + AT_JSON + "}"),
            new Form(new BatchAwaitingApprovalEvent(BATCH, Mode.PRODUCTION, 300_000, 100_000, "usr_1", AT),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"PRODUCTION\",\"totalAmount\":300000,"
                            + "\"threshold\":100000,\"requesterId\":\"usr_1\",\"at\":" + AT_JSON + "}"),
            new Form(new BatchApprovedEvent(BATCH, Mode.PRODUCTION, "usr_2", AT),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"PRODUCTION\",\"approvedBy\":\"usr_2\","
                            + "\"approvedAt\":" + AT_JSON + "}"),
            new Form(new BatchRejectedEvent(BATCH, Mode.PRODUCTION, "usr_2", "wrong week", AT),
                    "{\"batchId\":" + BATCH_JSON + ",\"mode\":\"PRODUCTION\",\"rejectedBy\":\"usr_2\","
                            + "\"reason\":\"wrong week\",\"rejectedAt\":" + AT_JSON + "}"),
            new Form(new ApiKeyCreatedEvent(KEY, "dispatch", Mode.SANDBOX, Set.of(Scope.PAYOUTS_READ), AT,
                    "integration", "usr_1", OLD_KEY, AT),
                    "{\"keyId\":" + KEY_JSON + ",\"name\":\"dispatch\",\"mode\":\"SANDBOX\",\"scopes\":"
                            + "[\"PAYOUTS_READ\"],\"expiresAt\":" + AT_JSON + ",\"approvalReason\":\"integration\","
                            + "\"createdBy\":\"usr_1\",\"regeneratedFrom\":" + OLD_KEY_JSON + ",\"createdAt\":"
                            + AT_JSON + "}"),
            new Form(new ApiKeyApprovedEvent(KEY, "usr_2", "a".repeat(64), "abcd", AT),
                    "{\"keyId\":" + KEY_JSON + ",\"approvedBy\":\"usr_2\",\"keyHash\":\"" + "a".repeat(64)
                            + "\",\"lastFour\":\"abcd\",\"approvedAt\":" + AT_JSON + "}"),
            new Form(new ApiKeyRejectedEvent(KEY, "usr_2", "not needed", AT),
                    "{\"keyId\":" + KEY_JSON + ",\"rejectedBy\":\"usr_2\",\"reason\":\"not needed\","
                            + "\"rejectedAt\":" + AT_JSON + "}"),
            new Form(new ApiKeyRevokedEvent(KEY, "usr_2", OLD_KEY, AT),
                    "{\"keyId\":" + KEY_JSON + ",\"revokedBy\":\"usr_2\",\"replacedBy\":" + OLD_KEY_JSON
                            + ",\"revokedAt\":" + AT_JSON + "}"));

    /**
     * Forms stored before an event gained a field, which still read back (the field absent reads as null) but are no
     * longer written: a queued event from before rails named themselves and their submission.
     */
    static final List<Form> EARLIER = List.of(
            new Form(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, AT),
                    "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\",\"queuedAt\":" + AT_JSON + "}"),
            // stored before requests could name who asked for a payout
            new Form(new PayoutRequestedEvent(PAYOUT, Mode.SANDBOX, WALLET, DRIVER, 2_500, 25, 2_475, Rail.STANDARD,
                    "week 2", "load-7", AT, null), "2", "{\"payoutId\":" + PAYOUT_JSON + ",\"mode\":\"SANDBOX\","
                    + "\"walletId\":" + WALLET_JSON + ",\"driverId\":" + DRIVER_JSON + ",\"amount\":2500,\"fee\":25,"
                    + "\"netAmount\":2475,\"rail\":\"STANDARD\",\"description\":\"week 2\",\"loadId\":\"load-7\","
                    + "\"requestedAt\":" + AT_JSON + "}"));

    private StoredEventForms() {
    }
}
