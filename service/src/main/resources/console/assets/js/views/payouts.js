// Payouts: the list with the API's filters (status, driver, UTC days, paging), a search by payout id, the filtered
// list as a CSV file, and a form for a new payout.
import { api, retrySafeWrite, withQuery } from '../api.js';
import { field, formValues, h, replaceChildren, select, table } from '../dom.js';
import { save } from '../downloads.js';
import { amountInCents, dateTime, money, statusBadge } from '../format.js';
import { act, onSubmit } from '../forms.js';
import { showError } from '../notices.js';
import { pagedList } from '../paged-list.js';
import { payoutsCsv } from './payouts-csv.js';

const REFRESH_MILLISECONDS = 4000;
const STATUSES = ['pending_approval', 'pending', 'validated', 'queued', 'processing', 'completed', 'failed', 'canceled',
    'rejected'];
const SCENARIOS = [['', 'none: the payout goes through'], ['payout_failed', 'payout_failed: the rail fails it'],
    ['insufficient_funds', 'insufficient_funds: refused for low balance'], ['slow_response', 'slow_response: 2 s late']];

export function renderPayouts(main, context) {
    const filters = { status: '', driverId: '', from: '', to: '', page: 1, pageSize: 20 };
    const list = h('div', { id: 'payout-list' }, h('p', { class: 'loading' }, 'Loading payouts…'));
    const pager = h('div', { class: 'pager' });
    const load = pagedList({ path: '/api/v1/payouts', filters, list, pager,
        render: (container, payouts) => showList(container, payouts, context) });
    const filterForm = h('form', { class: 'filters', id: 'payout-filters', 'aria-label': 'Filter payouts' },
        field('Status', select('status', [['', 'any'], ...STATUSES.map((status) => [status, status])], '')),
        field('Driver id', h('input', { name: 'driverId', placeholder: 'drv_…', autocomplete: 'off' })),
        field('Requested from (UTC day)', h('input', { name: 'from', type: 'date' })),
        field('to (UTC day)', h('input', { name: 'to', type: 'date' })),
        field('Per page', select('pageSize', [['20', '20'], ['50', '50'], ['100', '100']], '20')),
        h('button', { type: 'submit' }, 'Show'));
    filterForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const values = formValues(filterForm);
        Object.assign(filters, { status: values.status, driverId: values.driverId.trim(), from: values.from,
            to: values.to, page: 1, pageSize: Number(values.pageSize) });
        load();
    });
    const csvErrors = h('div', { class: 'form-errors' });
    const download = h('button', { type: 'button', class: 'button-quiet', id: 'payouts-csv' }, 'Download CSV');
    download.addEventListener('click', () => act(download, async () => {
        const { status, driverId, from, to } = filters;
        const file = await payoutsCsv({ status, driverId, from, to });
        save(file, csvName(context.mode, filters));
        csvErrors.replaceChildren();
    }, csvErrors));
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Payouts')),
        findPayoutForm(context),
        context.can('payouts:write') ? newPayoutForm(context) : null,
        h('section', { 'aria-labelledby': 'payout-list-heading' },
            h('h2', { id: 'payout-list-heading' }, 'All payouts'), filterForm,
            h('div', { class: 'actions' }, download, h('small', { class: 'hint' },
                'Every page of what the filter shows; amounts in dollars.')), csvErrors, list, pager));
    load();
    context.every(REFRESH_MILLISECONDS, load);
}

/** Opens one payout by its id; a wrong id is the payout page's own not-found. */
function findPayoutForm(context) {
    const form = h('form', { class: 'inline-form', id: 'find-payout', role: 'search', 'aria-label': 'Find a payout' },
        field('Payout id', h('input', { name: 'payoutId', required: true, placeholder: 'pay_…', autocomplete: 'off',
            pattern: '\\s*[A-Za-z0-9_]+\\s*' }), 'Opens the payout'),
        h('button', { type: 'submit' }, 'Open'));
    form.addEventListener('submit', (event) => {
        event.preventDefault();
        location.hash = context.link('/payouts/' + formValues(form).payoutId.trim());
    });
    return form;
}

function csvName(mode, { status, driverId, from, to }) {
    return ['payouts', mode, status, driverId, from && 'from-' + from, to && 'to-' + to].filter(Boolean).join('-')
        + '.csv';
}

function showList(container, payouts, context) {
    replaceChildren(container, table('Payouts', ['Payout', 'Driver', 'Amount', 'Fee', 'Net', 'Status', 'Rail', 'Requested'],
        payouts.map((payout) => h('tr', { dataset: { payoutId: payout.id } },
            h('td', {}, h('a', { href: context.link('/payouts/' + payout.id) }, payout.id)),
            h('td', {}, payout.driverName || payout.driverId),
            h('td', { class: 'number' }, money(payout.amount)),
            h('td', { class: 'number' }, money(payout.fee)),
            h('td', { class: 'number' }, money(payout.netAmount)),
            h('td', {}, statusBadge(payout.status)),
            h('td', {}, payout.rail),
            h('td', {}, dateTime(payout.requestedAt)))),
        'No payouts match.'));
}

function newPayoutForm(context) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Pay');
    const drivers = h('select', { name: 'driverId', required: true }, h('option', { value: '' }, 'Loading drivers…'));
    const write = retrySafeWrite();
    const form = h('form', { class: 'card', id: 'new-payout-form', 'aria-labelledby': 'new-payout-heading' },
        h('h2', { id: 'new-payout-heading' }, 'New payout'),
        h('div', { class: 'form-grid' },
            field('Driver (active, KYC verified)', drivers),
            field('Amount (USD)', h('input', { name: 'amount', inputmode: 'decimal', required: true, placeholder: '125.00' })),
            field('Speed', select('urgency', [['standard', 'standard (no fee)'], ['instant', 'instant (1.5 % fee)']],
                'standard')),
            field('Description', h('input', { name: 'description', maxlength: 500 })),
            field('Requested by', h('input', { name: 'requestedBy', maxlength: 200,
                value: context.session.user.email }), 'Who asked for it; shown on the payout'),
            context.mode === 'sandbox' ? field('Sandbox scenario', select('scenario', SCENARIOS, '')) : null),
        errors, button);
    loadPayableDrivers(drivers, errors);
    onSubmit(form, button, errors, async (values) => {
        const body = { driverId: values.driverId, amount: amountInCents(values.amount), urgency: values.urgency,
            description: values.description || undefined, requestedBy: values.requestedBy.trim() || undefined };
        const answer = await write((idempotencyKey) => api.post('/api/v1/payouts', body,
            { idempotencyKey, scenario: values.scenario }));
        location.hash = context.link('/payouts/' + answer.data.id);
    });
    return form;
}

async function loadPayableDrivers(selectElement, errors) {
    try {
        const answer = await api.get(withQuery('/api/v1/drivers', { status: 'active', pageSize: 100 }));
        const payable = answer.data.items.filter((driver) => driver.kycStatus === 'verified');
        replaceChildren(selectElement,
            h('option', { value: '' }, payable.length ? 'Choose a driver' : 'No active driver yet: register one'),
            payable.map((driver) => h('option', { value: driver.id }, driver.name + ' (' + driver.svcDriverId + ')')));
    } catch (error) {
        showError(error, errors);
    }
}
