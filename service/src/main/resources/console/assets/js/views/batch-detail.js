// One batch: its facts and totals, its payouts counted by status and listed, and, while it is queued, its release
// (or, when scheduled, running it at once). The page stops asking once the batch is done.
import { api } from '../api.js';
import { h, replaceChildren, showIfChanged, table } from '../dom.js';
import { approvalText, dateTime, money, statusBadge } from '../format.js';
import { confirmDialog } from '../dialogs.js';
import { act } from '../forms.js';
import { showError, showSuccess } from '../notices.js';

const REFRESH_MILLISECONDS = 3000;
const DONE = ['completed', 'failed', 'rejected'];
const PAYOUT_STATUSES = ['validated', 'queued', 'processing', 'completed', 'failed', 'canceled'];

export function renderBatch(main, context, batchId) {
    const details = h('div', { id: 'batch-detail' }, h('p', { class: 'loading' }, 'Loading the batch…'));
    const actions = h('div', { class: 'actions', id: 'batch-actions' });
    const counts = h('div', { id: 'batch-payout-counts' });
    const payouts = h('div', { id: 'batch-payouts' });
    replaceChildren(main,
        h('p', {}, h('a', { href: context.link('/batches') }, '← All batches')),
        h('div', { class: 'page-head' }, h('h1', {}, 'Batch')), h('p', {}, h('code', {}, batchId)),
        details, actions,
        h('section', { 'aria-labelledby': 'batch-payouts-heading' },
            h('h2', { id: 'batch-payouts-heading' }, 'Payouts'), counts, payouts));
    const path = '/api/v1/batches/' + encodeURIComponent(batchId);

    async function load() {
        try {
            const batch = (await api.get(path)).data;
            showIfChanged(details, batch, showFacts);
            showIfChanged(counts, batch.payouts, showCounts);
            showIfChanged(payouts, batch.payouts, (container, items) => showPayouts(container, items, context));
            showIfChanged(actions, [batch.status, batch.scheduledFor], () => replaceChildren(actions,
                batch.status === 'queued' && context.can('batches:write') ? releaseButton(batch, path, load) : null));
            if (DONE.includes(batch.status)) {
                stop();
            }
        } catch (error) {
            showError(error, details);
        }
    }

    const stop = context.every(REFRESH_MILLISECONDS, load);
    load();
}

function showFacts(container, batch) {
    const facts = [
        ['Name', batch.name],
        ['Status', h('span', { id: 'batch-status', dataset: { status: batch.status } }, statusBadge(batch.status))],
        ['Payouts', String(batch.payoutCount)],
        ['Total', money(batch.totalAmount)],
        ['Fees', money(batch.totalFees)],
        ['Net to drivers', money(batch.netAmount)],
        ['Created', dateTime(batch.createdAt)],
        ['Release at', batch.scheduledFor ? dateTime(batch.scheduledFor) : 'when released'],
        ['Released', dateTime(batch.releasedAt || batch.processedAt)],
        ['Completed', dateTime(batch.completedAt)],
        batch.approval ? ['Approval', h('span', { id: 'batch-approval', dataset: { approval: batch.approval.status } },
            approvalText(batch.approval))] : null,
    ].filter(Boolean);
    replaceChildren(container,
        h('dl', { class: 'facts card' }, facts.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)])));
}

/** Release for a batch that waits for one; run now for a scheduled one, whatever its time says. */
function releaseButton(batch, path, reload) {
    const scheduled = Boolean(batch.scheduledFor);
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'button', id: scheduled ? 'run-batch' : 'release-batch', onclick: async () => {
        const question = (scheduled ? 'Run “' + batch.name + '” now, before ' + dateTime(batch.scheduledFor) + '? '
            : 'Release “' + batch.name + '”? ') + 'Its ' + batch.payoutCount + ' payouts reserve '
            + money(batch.totalAmount) + ' and go to the rail.';
        if (!await confirmDialog(question, scheduled ? 'Run now' : 'Release')) {
            return;
        }
        await act(button, async () => {
            const answer = await api.post(path + (scheduled ? '/run' : '/release'));
            showSuccess('Batch “' + batch.name + '” is ' + answer.data.status + '.');
            errors.replaceChildren();
            reload();
        }, errors);
    } }, scheduled ? 'Run now' : 'Release');
    return [button, errors];
}

function showCounts(container, payouts) {
    const counts = Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, 0]));
    (payouts || []).forEach((payout) => {
        counts[payout.status] = (counts[payout.status] || 0) + 1;
    });
    replaceChildren(container, h('ul', { class: 'status-counts' }, Object.entries(counts).map(([status, count]) =>
        h('li', { dataset: { status } }, statusBadge(status), h('span', { class: 'count' }, String(count))))));
}

function showPayouts(container, payouts, context) {
    replaceChildren(container, table('Payouts of the batch', ['Payout', 'Driver', 'Amount', 'Status'],
        (payouts || []).map((payout) => h('tr', { dataset: { payoutId: payout.id } },
            h('td', {}, h('a', { href: context.link('/payouts/' + payout.id) }, payout.id)),
            h('td', {}, payout.driverName || payout.driverId),
            h('td', { class: 'number' }, money(payout.amount)),
            h('td', {}, statusBadge(payout.status)))),
        'The batch’s payouts are not listed yet.'));
}
