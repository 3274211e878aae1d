package io.payouts.service.payout;

import io.payouts.service.http.BulkResult;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Requester;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.util.List;

/** The request bodies of the payout endpoints. */
final class PayoutBodies {

    private PayoutBodies() {
    }

    /**
     * POST /payouts, and one item of POST /payouts/bulk. {@code urgency} is standard (default) or instant;
     * {@code requestedBy} names who asked, as on an instant payout.
     */
    @PayableAmount
    record NewPayout(@NotBlank(message = "is required") String driverId,
                     @NotNull(message = "is required") Long amount,
                     String urgency,
                     @Size(max = PayoutRequest.MAX_DESCRIPTION_LENGTH, message = "must be at most {max} characters") String description,
                     @Size(max = PayoutRequest.MAX_LOAD_ID_LENGTH, message = "must be at most {max} characters") String loadId,
                     @Size(max = Requester.MAX_LENGTH, message = "must be at most {max} characters") @PlainRequester
                     String requestedBy) implements PayoutController.RefusedPayout {
    }

    /**
     * POST /payouts/instant; {@code requestedBy} names who asked (for example the driver, in an app), is kept with the
     * payout and shown wherever it is.
     */
    @PayableAmount
    record InstantPayout(@NotBlank(message = "is required") String driverId,
                         @NotNull(message = "is required") Long amount,
                         @Size(max = Requester.MAX_LENGTH, message = "must be at most {max} characters") @PlainRequester
                         String requestedBy,
                         @Size(max = PayoutRequest.MAX_DESCRIPTION_LENGTH, message = "must be at most {max} characters") String description,
                         @Size(max = PayoutRequest.MAX_LOAD_ID_LENGTH, message = "must be at most {max} characters") String loadId) {
    }

    record BulkPayouts(String urgency,
                       @NotNull(message = "is required")
                       @Size(min = 1, max = BulkResult.MAX_ITEMS, message = "must hold {min} to {max} payouts")
                       List<NewPayout> payouts) {
    }

    record PayoutIds(@NotNull(message = "is required")
                     @Size(min = 1, max = BulkResult.MAX_ITEMS, message = "must hold {min} to {max} payout ids")
                     List<String> payoutIds) {
    }
}
