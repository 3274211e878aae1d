// Approvals (ADR-0046), for owners and admins: the mode's threshold above which a payout or a batch waits for a
// second person, and what waits, oldest first, to approve or reject after confirming. Nobody decides on their own
// request, so those buttons are not offered; the service would refuse them anyway.
import { api } from '../api.js';
import { field, h, replaceChildren, table } from '../dom.js';
import { confirmDialog, formDialog } from '../dialogs.js';
import { amountInCents, dateTime, money } from '../format.js';
import { act, onSubmit } from '../forms.js';
import { showError, showSuccess } from '../notices.js';
import { pagedList } from '../paged-list.js';

const REFRESH_MILLISECONDS = 10000;
const MAX_REASON_LENGTH = 500;
const POLICY_PATH = '/api/v1/approvals/policy';

export function renderApprovals(main, context) {
    if (!context.administers()) {
        replaceChildren(main, h('div', { class: 'page-head' }, h('h1', {}, 'Approvals')),
            h('p', { class: 'empty' }, 'Only owners and admins set the approval threshold and decide what waits.'));
        return;
    }
    const list = h('div', { id: 'approval-list' }, h('p', { class: 'loading' }, 'Loading what waits…'));
    const pager = h('div', { class: 'pager' });
    const filters = { page: 1, pageSize: 50 };
    const load = pagedList({ path: '/api/v1/approvals', filters, list, pager,
        render: (container, items) => showWaiting(container, items, context, () => load()) });
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Approvals')),
        policySection(context),
        h('section', { 'aria-labelledby': 'approval-list-heading' },
            h('h2', { id: 'approval-list-heading' }, 'Waiting for a decision'),
            h('p', { class: 'hint' }, 'Oldest first. Nothing is reserved or sent until someone other than the '
                + 'requester approves it.'), list, pager));
    load();
    context.every(REFRESH_MILLISECONDS, load);
}

/** The threshold on show and a form to change it, in dollars; 0 switches approvals off. */
function policySection(context) {
    const current = h('p', { id: 'approval-policy' }, h('span', { class: 'loading' }, 'Loading the threshold…'));
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Save threshold');
    const threshold = h('input', { name: 'threshold', inputmode: 'decimal', required: true, placeholder: '10000.00',
        autocomplete: 'off' });
    const form = h('form', { class: 'inline-form', id: 'approval-policy-form' },
        field('Approve above (USD)', threshold, '0 switches approvals off'), button, errors);
    api.get(POLICY_PATH).then((answer) => {
        showPolicy(current, answer.data, context);
        threshold.value = (answer.data.threshold / 100).toFixed(2);
    }).catch((error) => showError(error, current));
    onSubmit(form, button, errors, async (values) => {
        const answer = await api.put(POLICY_PATH, { threshold: amountInCents(values.threshold) });
        showPolicy(current, answer.data, context);
        showSuccess(answer.data.threshold === 0 ? 'Approvals are off in ' + context.mode + '.'
            : 'In ' + context.mode + ', payouts and batches above ' + money(answer.data.threshold)
                + ' now wait for approval.');
    });
    return h('section', { class: 'card', 'aria-labelledby': 'approval-policy-heading' },
        h('h2', { id: 'approval-policy-heading' }, 'Approval threshold'),
        current,
        h('p', { class: 'hint' }, 'A payout, or a batch whose total is above it, waits for an owner or admin other '
            + 'than the one who asked. A change applies to what is requested next, not to what already waits.'),
        form);
}

function showPolicy(container, policy, context) {
    container.dataset.threshold = String(policy.threshold);
    const setBy = policy.setBy ? [' Set by ', who(policy.setBy, context), ' on ', dateTime(policy.setAt), '.'] : [];
    replaceChildren(container, policy.threshold === 0
        ? [h('strong', {}, 'Approvals are off'), ' in ' + context.mode + ': everything goes on at once.', setBy]
        : ['In ' + context.mode + ', payouts and batches above ', h('strong', {}, money(policy.threshold)),
            ' wait for a second person.', setBy]);
}

function who(userId, context) {
    return userId === context.session.user.id ? 'you' : h('code', {}, userId);
}

function showWaiting(container, items, context, reload) {
    replaceChildren(container, table('Payouts and batches waiting for approval',
        ['What', 'Amount', 'Why', 'Requested by', 'Requested', ''],
        items.map((item) => h('tr', { dataset: { approvalKind: item.kind, approvalId: item.id } },
            h('td', {}, describe(item, context)),
            h('td', { class: 'number' }, money(item.amount)),
            h('td', { class: 'approval-why' }, item.why),
            h('td', {}, who(item.requestedByUser, context)),
            h('td', {}, dateTime(item.requestedAt)),
            h('td', { class: 'row-actions' }, decisions(item, context, reload)))),
        'Nothing waits for approval in ' + context.mode + '.'));
}

function describe(item, context) {
    if (item.kind === 'batch') {
        return [h('a', { href: context.link('/batches/' + item.id) }, 'Batch “' + item.name + '”'), h('br'),
            h('small', {}, item.payoutCount + (item.payoutCount === 1 ? ' payout' : ' payouts') + ' · '),
            h('code', { class: 'small' }, item.id)];
    }
    return [h('a', { href: context.link('/payouts/' + item.id) }, 'Payout ', h('code', {}, item.id)), h('br'),
        h('small', {}, 'to '), h('code', { class: 'small' }, item.driverId)];
}

function label(item) {
    return item.kind === 'batch' ? 'batch “' + item.name + '”' : 'payout ' + item.id;
}

function pathOf(item) {
    return (item.kind === 'batch' ? '/api/v1/batches/' : '/api/v1/payouts/') + encodeURIComponent(item.id);
}

function decisions(item, context, reload) {
    if (item.requestedByUser === context.session.user.id) {
        return h('span', { class: 'hint own-request' }, 'You requested this; another owner or admin must decide.');
    }
    if (!context.can('payouts:write')) {
        return null;
    }
    return [
        h('button', { type: 'button', class: 'approve', 'aria-label': 'Approve ' + label(item),
            onclick: (event) => approve(event.currentTarget, item, reload) }, 'Approve'),
        h('button', { type: 'button', class: 'button-quiet button-danger reject', 'aria-label': 'Reject ' + label(item),
            onclick: (event) => reject(event.currentTarget, item, reload) }, 'Reject'),
    ];
}

async function approve(button, item, reload) {
    const consequence = item.kind === 'batch'
        ? ' Its ' + item.payoutCount + ' payouts are queued, to be released by its schedule or by a release.'
        : ' Its amount is reserved now and it goes to the rail.';
    if (!await confirmDialog('Approve ' + label(item) + ' of ' + money(item.amount) + '?' + consequence, 'Approve')) {
        return;
    }
    await act(button, async () => {
        const answer = await api.post(pathOf(item) + '/approve');
        showSuccess(capitalized(label(item)) + ' is approved; it is ' + answer.data.status + ' now.');
    });
    reload();
}

async function reject(button, item, reload) {
    const reason = h('textarea', { required: true, maxlength: MAX_REASON_LENGTH, rows: 3 });
    const values = await formDialog('Reject ' + label(item) + ' of ' + money(item.amount) + '? Nothing is paid.',
        [['reason', 'Why (the requester reads it)', reason]], 'Reject');
    if (!values) {
        return;
    }
    await act(button, async () => {
        await api.post(pathOf(item) + '/reject', { reason: values.reason.trim() });
        showSuccess(capitalized(label(item)) + ' is rejected.');
    });
    reload();
}

function capitalized(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
