// Overview: the balance, settling production top-ups, the funding projection for the next 14 days, today's payouts
// by status and the next scheduled batches. It refreshes itself every few seconds.
import { api, retrySafeWrite, withQuery } from '../api.js';
import { field, h, replaceChildren, table } from '../dom.js';
import { amountInCents, dateTime, money, statusBadge, time } from '../format.js';
import { act, onSubmit } from '../forms.js';
import { fundingChart } from '../funding-chart.js';
import { confirmDialog } from '../dialogs.js';
import { showError, showSuccess } from '../notices.js';
import { fundingAlertForm } from './funding-alert-form.js';
import { topUpSettlement } from './top-up-settlement.js';

const REFRESH_MILLISECONDS = 5000;
const PAYOUT_STATUSES = ['pending', 'validated', 'queued', 'processing', 'completed', 'failed', 'canceled'];
/** Only where approvals are on (ADR-0046), so they are counted only when some payout has them. */
const APPROVAL_STATUSES = ['pending_approval', 'rejected'];
/** Today's payouts are counted from the newest pages; a busy day stops counting here and says so. */
const MAX_PAYOUT_PAGES = 10;

export function renderOverview(main, context) {
    const balance = h('div', { class: 'cards', id: 'balance' }, h('p', { class: 'loading' }, 'Loading the balance…'));
    const chart = h('div', { id: 'projection-chart' });
    const projectionSummary = h('p', { id: 'projection-summary', class: 'hint' });
    const today = h('div', { id: 'payouts-today' }, h('p', { class: 'loading' }, 'Counting today’s payouts…'));
    const batches = h('div', { id: 'next-batches' }, h('p', { class: 'loading' }, 'Loading scheduled batches…'));
    const updated = h('p', { class: 'updated hint', 'aria-live': 'off' });
    const settlement = context.administers() && context.mode === 'production' ? topUpSettlement(() => refresh())
        : null;
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Overview'), updated),
        h('section', { 'aria-labelledby': 'balance-heading' }, h('h2', { id: 'balance-heading' }, 'Balance'), balance),
        context.can('payouts:write') ? fundingActions(context, () => refresh()) : null,
        settlement ? settlement.section : null,
        context.administers() && context.can('balance:read') ? fundingAlertForm(context) : null,
        h('section', { 'aria-labelledby': 'projection-heading' },
            h('h2', { id: 'projection-heading' }, 'Funding projection, next 14 days'), projectionSummary, chart),
        h('div', { class: 'columns' },
            h('section', { 'aria-labelledby': 'today-heading' }, h('h2', { id: 'today-heading' }, 'Payouts today'), today),
            h('section', { 'aria-labelledby': 'batches-heading' },
                h('h2', { id: 'batches-heading' }, 'Next scheduled batches'), batches)));
    const projection = fundingChart(chart);

    async function refresh() {
        const scheduled = scheduledBatches();
        const results = await Promise.allSettled([
            api.get('/api/v1/balance').then((answer) => showBalance(balance, answer.data)),
            api.get('/api/v1/funding/projection?days=14').then((answer) => {
                projection.show(answer.data);
                replaceChildren(projectionSummary, 'Held now ', h('strong', {}, money(answer.data.currentBalance)),
                    ', due to leave ', h('strong', {}, money(answer.data.projectedOutflow)),
                    ', left after 14 days ', h('strong', {}, money(answer.data.projectedBalance)), '.');
            }),
            scheduled.then((items) => countToday(laterBatchIds(items))).then((counts) => showToday(today, counts)),
            scheduled.then((items) => showBatches(batches, items.slice(0, 5))),
            settlement ? settlement.reload() : null,
        ]);
        const failed = results.find((result) => result.status === 'rejected');
        if (failed) {
            replaceChildren(updated, h('span', { class: 'stale' }, 'Could not refresh: ' + failed.reason.message));
        } else {
            updated.textContent = 'Updated ' + time(new Date().toISOString());
        }
    }

    refresh();
    context.every(REFRESH_MILLISECONDS, refresh);
}

function showBalance(container, balance) {
    const card = (label, cents, id) => h('div', { class: 'card stat' }, h('span', { class: 'stat-label' }, label),
        h('span', { class: 'stat-value', id }, money(cents)));
    replaceChildren(container, card('Available', balance.available, 'balance-available'),
        card('Pending', balance.pending, 'balance-pending'), card('In transit', balance.inTransit, 'balance-in-transit'));
}

/** Midnight at the start of the user's day, or of a day later. */
function midnight(daysFromToday = 0) {
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    start.setDate(start.getDate() + daysFromToday);
    return start;
}

/** The batches released on a later day than today: their payouts are requested today but paid then. */
function laterBatchIds(batches) {
    const tomorrow = midnight(1);
    return new Set(batches.filter((batch) => new Date(batch.scheduledFor) >= tomorrow).map((batch) => batch.id));
}

/**
 * Payouts requested since midnight (the user's), by status, from the newest-first list; those waiting in a batch
 * scheduled for a later day are counted apart, since they are not today's.
 */
async function countToday(later) {
    const start = midnight();
    const counts = Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, 0]));
    let scheduledLater = 0;
    for (let page = 1; page <= MAX_PAYOUT_PAGES; page++) {
        const answer = await api.get(withQuery('/api/v1/payouts', { page, pageSize: 100 }));
        for (const payout of answer.data.items) {
            if (new Date(payout.requestedAt) < start) {
                return { counts, scheduledLater, complete: true };
            }
            if (later.has(payout.batchId)) {
                scheduledLater++;
            } else {
                counts[payout.status] = (counts[payout.status] || 0) + 1;
            }
        }
        if (!answer.data.hasNextPage) {
            return { counts, scheduledLater, complete: true };
        }
    }
    return { counts, scheduledLater, complete: false };
}

function showToday(container, { counts, scheduledLater, complete }) {
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    replaceChildren(container,
        h('ul', { class: 'status-counts' }, PAYOUT_STATUSES.concat(APPROVAL_STATUSES.filter((status) => counts[status]))
            .map((status) => h('li', { dataset: { status } }, statusBadge(status),
                h('span', { class: 'count' }, String(counts[status]))))),
        h('p', { class: 'hint', dataset: { total: String(total) } }, complete
            ? total + ' payouts requested today (since midnight, your time).'
            : 'At least ' + total + ' payouts today; only the newest ' + MAX_PAYOUT_PAGES * 100 + ' are counted.'),
        scheduledLater === 0 ? null : h('p', { class: 'hint' }, scheduledLater + ' more requested today wait '
            + 'in batches scheduled for a later day; see the next scheduled batches.'));
}

/** The queued batches with a release time, soonest first. */
async function scheduledBatches() {
    const answer = await api.get(withQuery('/api/v1/scheduled-payouts', { status: 'queued', pageSize: 100 }));
    return answer.data.items
        .filter((batch) => batch.scheduledFor)
        .sort((a, b) => new Date(a.scheduledFor) - new Date(b.scheduledFor));
}

function showBatches(container, items) {
    replaceChildren(container, table('Next scheduled batches', ['Batch', 'Scheduled for', 'Payouts', 'Total'],
        items.map((batch) => h('tr', {}, h('td', {}, batch.name), h('td', {}, dateTime(batch.scheduledFor)),
            h('td', {}, String(batch.payoutCount)), h('td', {}, money(batch.totalAmount)))),
        'No batch is scheduled.'));
}

/** Adding funds, and in the sandbox filling or clearing the test world. */
function fundingActions(context, refresh) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Add funds');
    const write = retrySafeWrite();
    const form = h('form', { class: 'inline-form', id: 'top-up-form' },
        field('Amount (USD)', h('input', { name: 'amount', inputmode: 'decimal', required: true, placeholder: '5000.00' })),
        field('Description', h('input', { name: 'description', maxlength: 500, placeholder: 'Bank transfer' })),
        button, errors);
    onSubmit(form, button, errors, async (values) => {
        const body = { amount: amountInCents(values.amount), description: values.description || undefined };
        const answer = await write((idempotencyKey) => api.post('/api/v1/funding/topup', body, { idempotencyKey }));
        form.reset();
        showSuccess('Top-up ' + answer.data.transactionId + ' of ' + money(answer.data.amount) + ' is '
            + answer.data.status + '.');
        refresh();
    });
    const sandboxTools = context.mode !== 'sandbox' ? null : h('div', { class: 'sandbox-tools' },
        h('button', { type: 'button', class: 'button-quiet', id: 'seed-sandbox', onclick: (event) =>
            act(event.currentTarget, async () => {
                const answer = await api.post('/api/v1/sandbox/seed');
                showSuccess(answer.message);
                refresh();
            }) }, 'Fill the sandbox with sample data'),
        h('button', { type: 'button', class: 'button-quiet button-danger', onclick: async () => {
            if (await confirmDialog('Delete every sandbox driver, payout, batch, top-up and webhook?',
                'Clear the sandbox', { danger: true })) {
                try {
                    const answer = await api.post('/api/v1/sandbox/reset');
                    showSuccess(answer.message);
                    refresh();
                } catch (error) {
                    showError(error);
                }
            }
        } }, 'Clear the sandbox'));
    return h('section', { 'aria-labelledby': 'funds-heading', class: 'card' },
        h('h2', { id: 'funds-heading' }, 'Funds'), form, sandboxTools);
}
