package io.payouts.service.driver;

import io.payouts.shared.driver.RecordKycOutcomeCommand;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Body of POST /drivers/:id/kyc: the outcome (verified or rejected) and, for a rejection, why. */
record KycRequest(@NotNull(message = "is required") String outcome,
                  @Size(max = RecordKycOutcomeCommand.MAX_REASON_LENGTH, message = "must be at most {max} characters") String reason) {
}
