// Batches: the scheduled batches' figures, a new batch from CSV, and every batch of the mode with its status and
// totals, newest first. It refreshes itself, so a batch moving on shows without a reload.
import { api } from '../api.js';
import { h, replaceChildren, table } from '../dom.js';
import { dateTime, money, statusBadge } from '../format.js';
import { showError } from '../notices.js';
import { pagedList, statusFilter } from '../paged-list.js';
import { newBatchForm } from './new-batch-form.js';

const REFRESH_MILLISECONDS = 5000;
const STATUSES = ['pending_approval', 'queued', 'processing', 'completed', 'failed', 'rejected'];

export function renderBatches(main, context) {
    const stats = h('div', { class: 'cards', id: 'scheduled-stats' }, h('p', { class: 'loading' }, 'Loading…'));
    const list = h('div', { id: 'batch-list' }, h('p', { class: 'loading' }, 'Loading batches…'));
    const pager = h('div', { class: 'pager' });
    const filters = { status: '', page: 1, pageSize: 20 };
    const load = pagedList({ path: '/api/v1/batches', filters, list, pager,
        render: (container, batches) => showList(container, batches, context) });
    const filterForm = statusFilter({ label: 'Filter batches', id: 'batch-filters', filters, load,
        options: STATUSES.map((status) => [status, status]) });
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Batches')),
        h('section', { 'aria-labelledby': 'scheduled-heading' },
            h('h2', { id: 'scheduled-heading' }, 'Scheduled batches'), stats),
        context.can('batches:write') ? newBatchForm(context) : null,
        h('section', { 'aria-labelledby': 'batch-list-heading' },
            h('h2', { id: 'batch-list-heading' }, 'All batches'), filterForm, list, pager));

    async function loadStats() {
        try {
            showStats(stats, (await api.get('/api/v1/scheduled-payouts/stats')).data);
        } catch (error) {
            showError(error, stats);
        }
    }

    function refresh() {
        loadStats();
        load();
    }

    refresh();
    context.every(REFRESH_MILLISECONDS, refresh);
}

function showStats(container, stats) {
    const card = (label, value, id) => h('div', { class: 'card stat' }, h('span', { class: 'stat-label' }, label),
        h('span', { class: 'stat-value', id }, value));
    replaceChildren(container,
        card('Waiting for their time', String(stats.byStatus.queued), 'scheduled-queued'),
        card('Amount waiting', money(stats.upcomingTotal), 'scheduled-upcoming-total'),
        card('Next release', stats.nextScheduled ? dateTime(stats.nextScheduled) : 'none', 'scheduled-next'),
        card('Scheduled in all', stats.total + ' (' + stats.byStatus.completed + ' completed, '
            + stats.byStatus.failed + ' failed)', 'scheduled-total'));
}

function showList(container, batches, context) {
    const headings = ['Batch', 'Status', 'Payouts', 'Total', 'Fees', 'Release at', 'Created'];
    replaceChildren(container, table('Batches', headings,
        batches.map((batch) => h('tr', { dataset: { batchId: batch.id } },
            h('td', {}, h('a', { href: context.link('/batches/' + batch.id) }, batch.name), h('br'),
                h('code', { class: 'small' }, batch.id)),
            h('td', {}, statusBadge(batch.status)),
            h('td', { class: 'number' }, String(batch.payoutCount)),
            h('td', { class: 'number' }, money(batch.totalAmount)),
            h('td', { class: 'number' }, money(batch.totalFees)),
            h('td', {}, batch.scheduledFor ? dateTime(batch.scheduledFor) : 'when released'),
            h('td', {}, dateTime(batch.createdAt)))),
        'No batches in this mode.'));
}
