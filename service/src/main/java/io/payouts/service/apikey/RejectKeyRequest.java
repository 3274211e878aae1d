package io.payouts.service.apikey;

import io.swagger.v3.oas.annotations.media.Schema;

/** Body of POST /admin/api-keys/:id/reject; the reason is checked by the command. */
record RejectKeyRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String reason) {
}
