package io.payouts.service.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Map;
import java.util.Optional;

/** A request body example for the calls of the quick start, as a console user would send it. */
final class RequestExamples {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Map<String, String> BY_OPERATION = Map.ofEntries(
            Map.entry("POST /api/v1/auth/sessions", """
                    {"email": "owner@payouts.local", "password": "correct horse battery staple"}"""),
            Map.entry("POST /api/v1/developer/keys", """
                    {"name": "dispatch", "mode": "sandbox", "scopes": ["drivers:read", "drivers:write",
                     "payouts:read", "payouts:write", "balance:read", "webhooks:manage"], "expires_in": 90}"""),
            Map.entry("POST /api/v1/drivers", """
                    {"svcDriverId": "ext-1", "name": "Ana Diaz", "email": "ana@example.com",
                     "phone": "+14155550123"}"""),
            Map.entry("PUT /api/v1/drivers/{id}/bank-account", """
                    {"holderName": "Ana Diaz", "country": "US", "routingNumber": "021000021",
                     "accountNumber": "000123456789", "accountType": "checking"}"""),
            Map.entry("POST /api/v1/funding/topup", """
                    {"amount": 100000, "description": "first funds", "method": "bank_transfer"}"""),
            Map.entry("POST /api/v1/payouts", """
                    {"driverId": "drv_0123456789abcdef0123456789abcdef", "amount": 12500, "urgency": "standard",
                     "description": "week 12", "loadId": "load-881"}"""),
            Map.entry("POST /api/v1/payouts/instant", """
                    {"driverId": "drv_0123456789abcdef0123456789abcdef", "amount": 5000,
                     "requestedBy": "driver-app"}"""),
            Map.entry("POST /api/v1/webhooks", """
                    {"url": "https://hooks.example.com/payouts", "events": ["payout.created", "payout.succeeded"]}"""),
            Map.entry("POST /api/v1/batches", """
                    {"name": "Weekly settlement", "urgency": "standard", "scheduledFor": "2026-12-04T17:00:00Z",
                     "payouts": [{"driverId": "drv_0123456789abcdef0123456789abcdef", "amount": 12500,
                     "loadId": "load-881", "description": "week 49"}]}"""),
            Map.entry("PUT /api/v1/drivers/{id}", """
                    {"name": "Ana Diaz", "email": "ana@example.com", "phone": "+14155550123"}"""),
            Map.entry("POST /api/v1/drivers/{id}/kyc", """
                    {"outcome": "verified"}"""));

    private RequestExamples() {
    }

    static Optional<Object> of(String method, String path) {
        String example = BY_OPERATION.get(method + " " + path);
        if (example == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(example, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the example of " + method + " " + path + " is not JSON", e);
        }
    }
}
