package io.payouts.service.erasure;

import io.payouts.query.driver.DriverDirectory;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;

/**
 * Erasure of a driver's personal data on request (ADR-0026): {@code drivers:write}, the driver's own mode only. Doing
 * it again changes nothing and answers the first erasure's time.
 */
@RestController
class PersonalDataController {

    private final PersonalDataErasure erasure;
    private final DriverDirectory drivers;

    PersonalDataController(PersonalDataErasure erasure, DriverDirectory drivers) {
        this.erasure = erasure;
        this.drivers = drivers;
    }

    @DeleteMapping("/api/v1/drivers/{id}/personal-data")
    ApiResponse<ErasedPersonalData> erase(@PathVariable String id, RequestContext context) {
        DriverId driverId = DriverId.parse(id).filter(parsed -> drivers.exists(context.mode(), parsed))
                .orElseThrow(() -> new DriverNotFoundException(id));
        Instant erasedAt = erasure.erase(driverId.value(), context.callerId());
        return ApiResponse.ok(context, new ErasedPersonalData(driverId.value(),
                List.of("name", "email", "phone", "bankAccount"), erasedAt));
    }

    /** Which fields of which driver are erased, since when. */
    record ErasedPersonalData(String driverId, List<String> erasedFields, Instant erasedAt) {
    }
}
