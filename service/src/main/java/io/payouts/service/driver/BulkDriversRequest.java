package io.payouts.service.driver;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.util.List;

/** Body of POST /drivers/bulk; each item is validated on its own so one bad item fails only itself. */
record BulkDriversRequest(
        @NotNull(message = "is required")
        @Size(min = 1, max = DriverController.MAX_BULK_ITEMS, message = "must hold 1 to 100 drivers")
        List<DriverRequest> drivers) {
}
