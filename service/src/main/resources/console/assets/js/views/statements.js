// Statements: finance's daily funding statement for a range of UTC days (ADR-0042), its totals, and the same lines
// as a CSV file to download.
import { api, withQuery } from '../api.js';
import { field, h, replaceChildren, table } from '../dom.js';
import { save } from '../downloads.js';
import { money } from '../format.js';
import { act, onSubmit } from '../forms.js';
import { showError } from '../notices.js';

const STATEMENTS = '/api/v1/funding/statements';
/** The range a page opens with: the last 30 UTC days, today included. */
const DEFAULT_DAYS = 30;

export function renderStatements(main, context) {
    const today = new Date().toISOString().slice(0, 10);
    const from = h('input', { type: 'date', name: 'from', required: true, value: daysBefore(today, DEFAULT_DAYS - 1) });
    const to = h('input', { type: 'date', name: 'to', required: true, value: today });
    const errors = h('div', { class: 'form-errors' });
    const show = h('button', { type: 'submit' }, 'Show');
    const download = h('button', { type: 'button', class: 'button-quiet', id: 'statement-csv' }, 'Download CSV');
    const totals = h('div', { class: 'cards', id: 'statement-totals' });
    const lines = h('div', { id: 'statement-lines' }, h('p', { class: 'loading' }, 'Loading the statement…'));
    const form = h('form', { class: 'inline-form', id: 'statement-range' },
        field('From (UTC day)', from), field('To (UTC day)', to), show, download, errors);
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Statements')),
        h('p', { class: 'hint' }, 'One line per UTC day. The balance is the funds held: available plus in transit. '
            + 'Closing = opening + top-ups − payouts paid + returned; fees are part of payouts paid.'),
        form, totals, lines);
    if (!context.can('balance:read')) {
        replaceChildren(lines, h('p', { class: 'empty' }, 'Your role cannot read the balance in this mode.'));
        return;
    }

    async function load(range) {
        const answer = await api.get(withQuery(STATEMENTS, range));
        showTotals(totals, answer.data);
        showLines(lines, answer.data.lines);
    }

    onSubmit(form, show, errors, (values) => load({ from: values.from, to: values.to }));
    download.addEventListener('click', () => act(download, async () => {
        const range = { from: from.value, to: to.value, format: 'csv' };
        const file = await api.download(withQuery(STATEMENTS, range), 'text/csv');
        save(file, 'funding-statement-' + context.mode + '-' + range.from + '-' + range.to + '.csv');
        errors.replaceChildren();
    }, errors));
    load({ from: from.value, to: to.value }).catch((error) => showError(error, lines));
}

function daysBefore(isoDate, days) {
    const date = new Date(isoDate + 'T00:00:00Z');
    date.setUTCDate(date.getUTCDate() - days);
    return date.toISOString().slice(0, 10);
}

function showTotals(container, statement) {
    const card = (label, cents, id) => h('div', { class: 'card stat' }, h('span', { class: 'stat-label' }, label),
        h('span', { class: 'stat-value', id }, money(cents)));
    replaceChildren(container, card('Opening', statement.openingBalance, 'total-opening'),
        card('Top-ups', statement.topUps, 'total-top-ups'), card('Payouts paid', statement.payoutsPaid, 'total-payouts'),
        card('Fees', statement.fees, 'total-fees'), card('Returned', statement.returned, 'total-returned'),
        card('Closing', statement.closingBalance, 'total-closing'));
}

function showLines(container, lines) {
    replaceChildren(container, table('Daily lines',
        ['Day (UTC)', 'Opening', 'Top-ups', 'Payouts paid', 'Fees', 'Returned', 'Closing', 'Transactions'],
        lines.map((line) => h('tr', { dataset: { date: line.date } },
            h('td', {}, line.date), h('td', {}, money(line.openingBalance)),
            h('td', {}, money(line.topUps), count(line.topUpCount)),
            h('td', {}, money(line.payoutsPaid), count(line.payoutCount)), h('td', {}, money(line.fees)),
            h('td', {}, money(line.returned), count(line.returnedCount)), h('td', {}, money(line.closingBalance)),
            h('td', { title: line.firstTransactionId ? line.firstTransactionId + ' … ' + line.lastTransactionId : '' },
                String(line.transactionCount)))),
        'No day in this range.'));
}

function count(n) {
    return n > 0 ? h('small', { class: 'hint' }, ' (' + n + ')') : null;
}
