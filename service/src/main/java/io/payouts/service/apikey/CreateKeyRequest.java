package io.payouts.service.apikey;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.payouts.shared.apikey.CreateApiKeyCommand;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.util.List;

/** Body of POST /developer/keys. */
record CreateKeyRequest(
        @NotBlank(message = "is required") @Size(max = CreateApiKeyCommand.MAX_NAME_LENGTH, message = "must be at most {max} characters") String name,
        @NotNull(message = "is required") String mode,
        @NotNull(message = "is required") List<String> scopes,
        @JsonProperty("expires_in") Integer expiresIn,
        @JsonProperty("approval_reason") String approvalReason) {
}
