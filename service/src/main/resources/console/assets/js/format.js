// How amounts, times and states read on screen. Amounts are cents in the API.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function money(cents) {
    return cents === undefined || cents === null ? '—' : dollars.format(cents / 100);
}

/** Dollars as plain digits with two decimals ("1234.50"), for a file another program reads. */
export function plainDollars(cents) {
    if (cents === undefined || cents === null) {
        return '';
    }
    const sign = cents < 0 ? '-' : '';
    const whole = Math.abs(cents);
    return sign + Math.floor(whole / 100) + '.' + String(whole % 100).padStart(2, '0');
}

/** Cents from what a person types as dollars ("12", "12.5", "1,200.00"); NaN when it is not an amount. */
export function centsFrom(text) {
    const cleaned = String(text).replace(/[$,\s]/g, '');
    if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) {
        return NaN;
    }
    const [whole, fraction = ''] = cleaned.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function dateTime(iso) {
    return iso ? new Date(iso).toLocaleString() : '—';
}

export function time(iso) {
    return iso ? new Date(iso).toLocaleTimeString() : '—';
}

export function day(isoDate) {
    return new Date(isoDate + 'T00:00:00').toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** A state as a coloured badge; 'pending_approval' reads "pending approval". */
export function statusBadge(status) {
    const badge = document.createElement('span');
    badge.className = 'badge badge-' + String(status || 'unknown').replace(/[^a-z_]/g, '');
    badge.textContent = status ? String(status).replace(/_/g, ' ') : 'unknown';
    return badge;
}

/** Cents from a form's amount field; what is no amount is an error the form shows, as the API's would be. */
export function amountInCents(text) {
    const cents = centsFrom(text);
    if (Number.isNaN(cents)) {
        throw Object.assign(new Error('Enter the amount in dollars, for example 125.50'),
            { code: 'VALIDATION_ERROR', details: { amount: 'is not an amount in dollars and cents' } });
    }
    return cents;
}

/**
 * A payout's or a batch's approval (ADR-0046) in words: "pending (above $1,000.00)", "approved by usr_… at …" or
 * "rejected by usr_…: why".
 */
export function approvalText(approval) {
    switch (approval.status) {
        case 'pending':
            return 'pending (above ' + money(approval.threshold) + ')';
        case 'approved':
            return 'approved by ' + approval.decidedBy + ' at ' + dateTime(approval.decidedAt);
        case 'rejected':
            return 'rejected by ' + approval.decidedBy + ': ' + approval.reason;
        default:
            return approval.status;
    }
}
