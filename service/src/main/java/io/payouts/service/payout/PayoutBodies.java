package io.payouts.service.payout;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.util.List;

/** The request bodies of the payout endpoints. */
final class PayoutBodies {

    static final int MAX_BULK_ITEMS = 100;

    private PayoutBodies() {
    }

    /** POST /payouts, and one item of POST /payouts/bulk. {@code urgency} is standard (default) or instant. */
    record NewPayout(@NotBlank(message = "is required") String driverId,
                     @NotNull(message = "is required") Long amount,
                     String urgency,
                     @Size(max = 500, message = "must be at most 500 characters") String description,
                     @Size(max = 100, message = "must be at most 100 characters") String loadId) {
    }

    /** POST /payouts/instant; {@code requestedBy} names who asked (for example the driver, in an app). */
    record InstantPayout(@NotBlank(message = "is required") String driverId,
                         @NotNull(message = "is required") Long amount,
                         @Size(max = 200, message = "must be at most 200 characters") String requestedBy,
                         @Size(max = 500, message = "must be at most 500 characters") String description,
                         @Size(max = 100, message = "must be at most 100 characters") String loadId) {
    }

    record BulkPayouts(String urgency,
                       @NotNull(message = "is required")
                       @Size(min = 1, max = MAX_BULK_ITEMS, message = "must hold 1 to 100 payouts")
                       List<NewPayout> payouts) {
    }

    record PayoutIds(@NotNull(message = "is required")
                     @Size(min = 1, max = MAX_BULK_ITEMS, message = "must hold 1 to 100 payout ids")
                     List<String> payoutIds) {
    }
}
