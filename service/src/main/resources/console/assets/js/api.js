// Every call the console makes to the service. The session itself lives in an HttpOnly cookie the browser sends;
// this module only adds the mode, the CSRF token (kept in memory, never in storage) and, where asked, an
// Idempotency-Key (ADR-0020).

export const SESSION_PATH = '/api/v1/auth/console-session';

const connection = { mode: 'sandbox', csrfToken: null, onUnauthorized: () => {}, onSessionReplaced: async () => {} };

class ApiError extends Error {
    constructor(status, code, message, details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details || {};
    }
}

export function useMode(mode) {
    connection.mode = mode;
}

export function currentMode() {
    return connection.mode;
}

export function useCsrfToken(token) {
    connection.csrfToken = token;
}

export function whenUnauthorized(handler) {
    connection.onUnauthorized = handler;
}

/** Called when a write was refused for its CSRF token: another tab signed in since, and the cookie is its. */
export function whenSessionReplaced(handler) {
    connection.onSessionReplaced = handler;
}

function newIdempotencyKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return 'console-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A form's write that is safe to send again (ADR-0010): it keeps one Idempotency-Key until the service answers.
 * Only a lost answer leaves the outcome open, and then the same key makes the retry harmless; after any answer the
 * next submission is a new request with a new key.
 */
export function retrySafeWrite() {
    let idempotencyKey = newIdempotencyKey();
    return async (send) => {
        try {
            const answer = await send(idempotencyKey);
            idempotencyKey = newIdempotencyKey();
            return answer;
        } catch (error) {
            if (error.status !== 0) {
                idempotencyKey = newIdempotencyKey();
            }
            throw error;
        }
    };
}

function headersFor(method, { body, idempotencyKey, scenario, accept = 'application/json' } = {}) {
    const headers = { Accept: accept, 'X-Console-Mode': connection.mode };
    if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
    }
    if (method !== 'GET' && connection.csrfToken) {
        headers['X-CSRF-Token'] = connection.csrfToken;
    }
    if (idempotencyKey) {
        headers['Idempotency-Key'] = idempotencyKey;
    }
    if (scenario && connection.mode === 'sandbox') {
        headers['X-Sandbox-Scenario'] = scenario;
    }
    return headers;
}

async function send(method, path, options = {}) {
    try {
        return await fetch(path, {
            method,
            headers: headersFor(method, options),
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
            credentials: 'same-origin',
            cache: 'no-store',
        });
    } catch (failure) {
        throw new ApiError(0, 'NETWORK', 'The service could not be reached. Check the connection and try again.', {});
    }
}

/** The error an answer's envelope (or, without one, its status) tells; a 401 or a stale CSRF token is acted on. */
async function failureOf(method, path, response, payload) {
    const error = (payload && payload.error) || {};
    const failure = new ApiError(response.status, error.code || 'HTTP_' + response.status,
        error.message || 'The service answered ' + response.status + ' ' + response.statusText, error.details);
    if (response.status === 401 && !(method === 'POST' && path === SESSION_PATH)) {
        connection.onUnauthorized(failure);
    }
    if (response.status === 403 && 'X-CSRF-Token' in failure.details) {
        await connection.onSessionReplaced();
        failure.message = 'Nothing was changed: you signed in again in another tab since this page loaded. '
            + 'Check who is signed in above, then try again.';
    }
    return failure;
}

async function request(method, path, options = {}) {
    const response = await send(method, path, options);
    const payload = await response.json().catch(() => null);
    if (!response.ok || !payload || payload.success === false) {
        throw await failureOf(method, path, response, payload);
    }
    return payload;
}

/** A file the service answers (a CSV), as a Blob; a refusal still comes as the JSON envelope. */
async function download(path, accept) {
    const response = await send('GET', path, { accept });
    if (!response.ok) {
        throw await failureOf('GET', path, response, await response.json().catch(() => null));
    }
    return response.blob();
}

export const api = {
    get: (path) => request('GET', path),
    post: (path, body, options = {}) => request('POST', path, { ...options, body }),
    put: (path, body) => request('PUT', path, { body }),
    delete: (path) => request('DELETE', path),
    download,
};

/** A path with query parameters, leaving out the empty ones. */
export function withQuery(path, parameters) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(parameters)) {
        if (value !== undefined && value !== null && value !== '') {
            query.set(name, String(value));
        }
    }
    const text = query.toString();
    return text ? path + '?' + text : path;
}
