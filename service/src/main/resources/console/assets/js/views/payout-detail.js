// One payout: its fields, its timeline from its history and, where its state allows, cancel or retry. It refreshes
// until the payout is in a final state, so the user can watch it move, and again after a retry from here.
import { api } from '../api.js';
import { h, replaceChildren, showIfChanged } from '../dom.js';
import { act } from '../forms.js';
import { approvalText, money, statusBadge } from '../format.js';
import { confirmDialog } from '../dialogs.js';
import { showError, showSuccess } from '../notices.js';
import { payoutHistory, timelineList, timelineSteps } from '../payout-timeline.js';

const REFRESH_MILLISECONDS = 1000;
const CANCELABLE = ['pending', 'validated', 'queued', 'pending_approval'];
const TERMINAL = ['completed', 'failed', 'canceled', 'rejected'];

export function renderPayout(main, context, payoutId) {
    const details = h('div', { id: 'payout-detail' }, h('p', { class: 'loading' }, 'Loading the payout…'));
    const actionErrors = h('div', { class: 'form-errors' });
    replaceChildren(main,
        h('p', {}, h('a', { href: context.link('/payouts') }, '← All payouts')),
        h('div', { class: 'page-head' }, h('h1', {}, 'Payout ', h('code', {}, payoutId))),
        actionErrors, details);

    let stopPolling = null;
    let loading = false;

    async function load() {
        if (loading) {
            return;
        }
        loading = true;
        try {
            // the payout first, then its history: the history then holds every step the payout's status has reached
            const payout = (await api.get('/api/v1/payouts/' + encodeURIComponent(payoutId))).data;
            const history = await payoutHistory(payoutId);
            showIfChanged(details, { payout, history },
                (container, shown) => show(container, shown, context, actionErrors, load));
            pollWhileMoving(payout.status);
        } catch (error) {
            if (error.status === 404) {
                stop();
                replaceChildren(details, missing(context, payoutId));
            } else {
                showError(error, details);
            }
        } finally {
            loading = false;
        }
    }

    function stop() {
        if (stopPolling) {
            stopPolling();
            stopPolling = null;
        }
    }

    function pollWhileMoving(status) {
        if (TERMINAL.includes(status)) {
            stop();
        } else if (!stopPolling) {
            stopPolling = context.every(REFRESH_MILLISECONDS, load);
        }
    }

    load();
}

/** A payout this mode does not have: mistyped, or one of the other mode's; nothing to wait for. */
function missing(context, payoutId) {
    const other = context.mode === 'sandbox' ? 'production' : 'sandbox';
    return h('div', { class: 'card', id: 'payout-missing', role: 'alert' },
        h('p', { class: 'error-message' }, 'No such payout in ' + context.mode + '.'),
        h('p', {}, 'Check the id, or look for it in ', h('a', { href: context.link('/payouts/' + payoutId, other) }, other), '.'));
}

function show(container, { payout, history }, context, actionErrors, reload) {
    const facts = [
        ['Status', h('span', { dataset: { status: payout.status }, id: 'payout-status', 'aria-live': 'polite' },
            statusBadge(payout.status))],
        ['Driver', (payout.driverName ? payout.driverName + ' ' : ''), h('code', {}, payout.driverId)],
        ['Amount', money(payout.amount)],
        ['Fee', money(payout.fee)],
        ['Net to the driver', money(payout.netAmount)],
        ['Rail', payout.rail],
        ['Description', payout.description || '—'],
        payout.loadId ? ['Load', payout.loadId] : null,
        payout.requestedBy ? ['Requested by', h('span', { id: 'payout-requested-by' }, payout.requestedBy)] : null,
        payout.batchId ? ['Batch', h('code', {}, payout.batchId)] : null,
        payout.approval ? ['Approval', h('span', { id: 'payout-approval', dataset: { approval: payout.approval.status } },
            approvalText(payout.approval))] : null,
        payout.failureReason ? ['Why it failed', h('span', { id: 'payout-failure-reason' }, payout.failureReason)] : null,
    ].filter(Boolean);
    replaceChildren(container,
        h('div', { class: 'detail-grid' },
            h('dl', { class: 'facts card' }, facts.map(([term, ...value]) => [h('dt', {}, term), h('dd', {}, value)])),
            h('section', { class: 'card', 'aria-labelledby': 'timeline-heading' },
                h('h2', { id: 'timeline-heading' }, 'Timeline'),
                timelineList(timelineSteps(history), TERMINAL.includes(payout.status) ? null : payout.status))),
        actions(payout, context, actionErrors, reload));
}

function actions(payout, context, errors, reload) {
    if (!context.can('payouts:write')) {
        return null;
    }
    const buttons = [];
    if (CANCELABLE.includes(payout.status)) {
        buttons.push(h('button', { type: 'button', class: 'button-danger', id: 'cancel-payout', onclick: async (event) => {
            const button = event.currentTarget;
            if (await confirmDialog('Cancel payout ' + payout.id + ' of ' + money(payout.amount) + '?', 'Cancel the payout',
                { danger: true })) {
                await postAndReload(button, '/api/v1/payouts/' + payout.id + '/cancel', 'The payout was canceled.', errors, reload);
            }
        } }, 'Cancel payout'));
    }
    if (payout.status === 'failed') {
        buttons.push(h('button', { type: 'button', id: 'retry-payout', onclick: (event) => postAndReload(event.currentTarget,
            '/api/v1/payouts/' + payout.id + '/retry', 'The payout is queued again.', errors, reload) }, 'Retry payout'));
    }
    return buttons.length ? h('div', { class: 'actions' }, buttons) : null;
}

function postAndReload(button, path, success, errors, reload) {
    return act(button, async () => {
        await api.post(path);
        errors.replaceChildren();
        showSuccess(success);
        reload();
    }, errors);
}
