// What the sign-in form says when the service refuses a try for too many failed sign-ins (ADR-0041): until when the
// account is locked, or how long to wait, in the user's own time.

export function explained(error) {
    if (error.code !== 'RATE_LIMITED') {
        return error;
    }
    const details = error.details || {};
    if (details.lockedUntil) {
        const until = new Date(details.lockedUntil).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
        error.message = 'Too many failed sign-ins; this account is locked until ' + until + '.';
    } else if (details.retryAfter) {
        error.message = 'Too many failed sign-ins; wait ' + details.retryAfter + ' s before trying again.';
    }
    return error;
}
