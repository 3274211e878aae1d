package io.payouts.service.driver;

import io.payouts.service.http.BulkResult;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.util.List;

/** Body of POST /drivers/bulk; each item is validated on its own so one bad item fails only itself. */
record BulkDriversRequest(
        @NotNull(message = "is required")
        @Size(min = 1, max = BulkResult.MAX_ITEMS, message = "must hold {min} to {max} drivers")
        List<DriverRequest> drivers) {
}
