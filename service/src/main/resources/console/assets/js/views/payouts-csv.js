// The payouts a filter shows, every page of them, as a CSV file built in the browser: the list endpoint has no CSV
// of its own, and the file must hold exactly what the page lists.
import { api, withQuery } from '../api.js';
import { csvText } from '../downloads.js';
import { plainDollars } from '../format.js';

const PAGE_SIZE = 100;
const HEADER = ['id', 'driverId', 'driverName', 'amountUsd', 'feeUsd', 'netAmountUsd', 'status', 'rail', 'batchId',
    'requestedAt', 'completedAt', 'failureReason'];

/** Pages are read one after another, newest first, as the list shows them. */
export async function payoutsCsv(filters) {
    const rows = [];
    for (let page = 1; ; page++) {
        const answer = await api.get(withQuery('/api/v1/payouts', { ...filters, page, pageSize: PAGE_SIZE }));
        rows.push(...answer.data.items.map(row));
        if (!answer.data.hasNextPage) {
            return new Blob([csvText(HEADER, rows)], { type: 'text/csv' });
        }
    }
}

function row(payout) {
    return [payout.id, payout.driverId, payout.driverName, plainDollars(payout.amount), plainDollars(payout.fee),
        plainDollars(payout.netAmount), payout.status, payout.rail, payout.batchId, payout.requestedAt,
        payout.completedAt, payout.failureReason];
}
