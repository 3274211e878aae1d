package io.payouts.shared.batch;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No batch with this id exists in the caller's mode. */
public class BatchNotFoundException extends DomainException {

    public BatchNotFoundException(String batchId) {
        super(ErrorCode.NOT_FOUND, "batch " + batchId + " not found");
    }
}
