package io.payouts.platform.ids;

import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.TransactionId;
import org.springframework.stereotype.Component;

import java.util.UUID;

/** New resource ids are made at the edge, so aggregates stay deterministic under replay and in fixtures. */
@Component
public class IdGenerator {

    public DriverId newDriverId() {
        return new DriverId(DriverId.PREFIX + randomHex());
    }

    public PayoutId newPayoutId() {
        return new PayoutId(PayoutId.PREFIX + randomHex());
    }

    public BatchId newBatchId() {
        return new BatchId(BatchId.PREFIX + randomHex());
    }

    public TransactionId newTransactionId() {
        return new TransactionId(TransactionId.PREFIX + randomHex());
    }

    public ApiKeyId newApiKeyId() {
        return new ApiKeyId(ApiKeyId.PREFIX + randomHex());
    }

    private static String randomHex() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
