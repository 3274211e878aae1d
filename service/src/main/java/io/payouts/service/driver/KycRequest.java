package io.payouts.service.driver;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Body of POST /drivers/:id/kyc: the outcome (verified or rejected) and, for a rejection, why. */
record KycRequest(@NotNull(message = "is required") String outcome,
                  @Size(max = 500, message = "must be at most 500 characters") String reason) {
}
