// A batch's payouts as pasted or uploaded CSV: one `driverId,amount` line per payout, the amount in dollars. Every
// line is checked here first, so the user learns which line is wrong before anything is sent.
import { centsFrom, money } from './format.js';

const DRIVER_ID = /^drv_[0-9a-f]{32}$/;
const HEADER = /^\s*"?driverId"?\s*,\s*"?amount"?\s*$/i;
const MIN_CENTS = 1;
const MAX_CENTS = 100_000_000;
const MAX_LINES = 1000;

/**
 * The payouts of the text, and its problems as [where, what] pairs: "line n" numbered as the user sees the lines
 * (blank lines and a first `driverId,amount` header are skipped), or "payouts" for the whole.
 */
export function parseBatchCsv(text) {
    const payouts = [];
    const problems = [];
    text.split(/\r?\n/).forEach((line, index) => {
        if (line.trim() === '' || (index === 0 && HEADER.test(line))) {
            return;
        }
        const problem = lineProblem(line, (payout) => payouts.push(payout));
        if (problem) {
            problems.push(['line ' + (index + 1), problem]);
        }
    });
    if (payouts.length === 0 && problems.length === 0) {
        problems.push(['payouts', 'none: paste one driverId,amount line per payout']);
    }
    if (payouts.length > MAX_LINES) {
        problems.push(['payouts', payouts.length + ' of them; a batch holds at most ' + MAX_LINES]);
    }
    return { payouts, problems };
}

function lineProblem(line, add) {
    const cells = line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length !== 2) {
        return 'has ' + cells.length + ' values; write driverId,amount';
    }
    const [driverId, amount] = cells;
    if (!DRIVER_ID.test(driverId)) {
        return '“' + driverId + '” is not a driver id (drv_ and 32 hex digits)';
    }
    const cents = centsFrom(amount);
    if (Number.isNaN(cents)) {
        return '“' + amount + '” is not an amount in dollars, such as 125.50';
    }
    if (cents < MIN_CENTS || cents > MAX_CENTS) {
        return money(cents) + ' is not between ' + money(MIN_CENTS) + ' and ' + money(MAX_CENTS);
    }
    add({ driverId, amount: cents });
    return null;
}
