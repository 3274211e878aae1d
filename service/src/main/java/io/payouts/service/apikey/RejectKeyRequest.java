package io.payouts.service.apikey;

/** Body of POST /admin/api-keys/:id/reject; the reason is checked by the command. */
record RejectKeyRequest(String reason) {
}
