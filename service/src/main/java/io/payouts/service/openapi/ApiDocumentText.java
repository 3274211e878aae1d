package io.payouts.service.openapi;

/** The prose of the document: what every operation shares, said once. */
final class ApiDocumentText {

    static final String OVERVIEW = """
            Pays drivers: registers them with their KYC status, funds a wallet, pays singly, in bulk or in \
            scheduled batches on a standard or an instant rail, and sends signed webhooks when money moves.

            **Envelope.** Responses are `{success, data, meta: {requestId, timestamp}}`; errors are \
            `{success: false, error: {code, message, details}, meta}`, `details` naming the offending fields. \
            The developer and admin key endpoints (except the admin list and details) put their fields at the top \
            level next to `success`, as the interface specification shows them.

            **Credentials.** Resource endpoints take `Authorization: Bearer <API key>` (`svc_sbox_…` or \
            `svc_prod_…`); the key's mode decides which world a request sees and its scopes what it may do. \
            Developer and admin endpoints take a session token from `POST /api/v1/auth/sessions`.

            **Limits.** Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and \
            `X-RateLimit-Reset`; a 429 adds `Retry-After`. Lists take `page` (from 1) and `pageSize`. Every POST \
            accepts an `Idempotency-Key`. Amounts are integers in cents (USD).""";

    private ApiDocumentText() {
    }
}
