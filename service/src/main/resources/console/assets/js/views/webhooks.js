// Webhooks: the mode's subscriptions (create and rotate, each signing secret shown once; delete) with each one's
// backlog and delivery latency, and the recent deliveries with where each went, every attempt's status, duration and
// what went wrong in words, and a resend.
import { api, withQuery } from '../api.js';
import { field, formValues, h, replaceChildren, select, table } from '../dom.js';
import { dateTime, statusBadge } from '../format.js';
import { confirmDialog } from '../dialogs.js';
import { showError, showSuccess } from '../notices.js';
import { secretReveal } from '../secret-reveal.js';
import { act, onSubmit } from '../forms.js';
import { pagedList } from '../paged-list.js';

const REFRESH_MILLISECONDS = 4000;
const EVENTS = ['payout.created', 'payout.succeeded', 'payout.failed', 'payout.cancelled', 'batch.released',
    'batch.completed', 'balance.low', 'balance.recovered', 'balance.shortfall_projected'];

export function renderWebhooks(main, context) {
    if (!context.can('webhooks:manage')) {
        replaceChildren(main, h('div', { class: 'page-head' }, h('h1', {}, 'Webhooks')),
            h('p', { class: 'empty' }, 'Your role cannot manage ' + context.mode + ' webhooks. Ask an owner or admin.'));
        return;
    }
    const reveal = h('div', { id: 'secret-reveal', 'aria-live': 'polite' });
    const subscriptions = h('div', { id: 'subscriptions' }, h('p', { class: 'loading' }, 'Loading subscriptions…'));
    const deliveries = h('div', { id: 'deliveries' }, h('p', { class: 'loading' }, 'Loading deliveries…'));
    const pager = h('div', { class: 'pager' });
    const filters = { event: '', page: 1, pageSize: 20 };
    const loadDeliveries = pagedList({ path: '/api/v1/webhooks/logs', filters, list: deliveries, pager,
        render: (container, entries) => showDeliveries(container, entries, loadDeliveries) });
    const filterForm = h('form', { class: 'filters', id: 'delivery-filters', 'aria-label': 'Filter deliveries' },
        field('Event', select('event', [['', 'any'], ...EVENTS.map((event) => [event, event])], '')),
        field('Per page', select('pageSize', [['20', '20'], ['50', '50'], ['100', '100']], '20')),
        h('button', { type: 'submit' }, 'Show'));
    filterForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const values = formValues(filterForm);
        Object.assign(filters, { event: values.event, pageSize: Number(values.pageSize), page: 1 });
        loadDeliveries();
    });
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Webhooks')),
        reveal,
        subscribeForm(reveal, () => loadSubscriptions()),
        h('section', { 'aria-labelledby': 'subscriptions-heading' },
            h('h2', { id: 'subscriptions-heading' }, 'Subscriptions'), subscriptions),
        h('section', { 'aria-labelledby': 'deliveries-heading' },
            h('h2', { id: 'deliveries-heading' }, 'Recent deliveries'), filterForm, deliveries, pager));

    async function loadSubscriptions() {
        try {
            const answer = await api.get(withQuery('/api/v1/webhooks', { pageSize: 100 }));
            showSubscriptions(subscriptions, answer.data.items, reveal, loadSubscriptions);
        } catch (error) {
            showError(error, subscriptions);
        }
    }

    loadSubscriptions();
    loadDeliveries();
    context.every(REFRESH_MILLISECONDS, () => {
        loadSubscriptions();
        loadDeliveries();
    });
}

function subscribeForm(reveal, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Subscribe');
    const form = h('form', { class: 'card', id: 'subscribe-form', 'aria-labelledby': 'subscribe-heading' },
        h('h2', { id: 'subscribe-heading' }, 'Add a subscription'),
        field('Receiver URL (https)', h('input', { name: 'url', type: 'url', required: true,
            placeholder: 'https://example.com/webhooks/payouts' })),
        h('fieldset', { class: 'checkboxes' }, h('legend', {}, 'Events'),
            EVENTS.map((event) => h('label', {}, h('input', { type: 'checkbox', name: 'events', value: event,
                checked: true }), ' ', h('code', {}, event)))),
        errors, button);
    onSubmit(form, button, errors, async (values) => {
        const answer = await api.post('/api/v1/webhooks', { url: values.url, events: new FormData(form).getAll('events') });
        form.reset();
        replaceChildren(reveal, secretReveal({ title: 'Signing secret of ' + answer.data.url, value: answer.data.secret,
            warning: 'Your receiver verifies every delivery with it. The service cannot show it again.' }));
        reload();
    });
    return form;
}

function showSubscriptions(container, items, reveal, reload) {
    replaceChildren(container, table('Webhook subscriptions', ['URL', 'Events', 'Status', 'Delivery', 'Created', ''],
        items.map((subscription) => h('tr', { dataset: { subscriptionId: subscription.id } },
            h('td', { class: 'url' }, subscription.url, h('br'), h('code', { class: 'small' }, subscription.id)),
            h('td', {}, subscription.events.join(', ')),
            h('td', {}, statusBadge(subscription.status),
                subscription.statusReason ? h('div', { class: 'hint' }, subscription.statusReason) : null),
            h('td', { class: 'delivery-figures' }, deliveryFigures(subscription.delivery)),
            h('td', {}, dateTime(subscription.createdAt)),
            h('td', { class: 'row-actions' },
                h('button', { type: 'button', class: 'button-quiet',
                    'aria-label': 'Rotate secret of ' + subscription.url,
                    onclick: (event) => rotate(event.currentTarget, subscription, reveal) }, 'Rotate secret'),
                h('button', { type: 'button', class: 'button-quiet button-danger',
                    'aria-label': 'Delete subscription ' + subscription.url,
                    onclick: (event) => remove(event.currentTarget, subscription, reload) }, 'Delete')))),
        'No subscriptions in this mode.'));
}

/** What waits to be delivered and since when, and how long the last hour's deliveries took to be answered. */
function deliveryFigures(delivery) {
    if (!delivery) {
        return '—';
    }
    const backlog = delivery.pending === 0 ? 'nothing waiting'
        : delivery.pending + ' waiting, oldest for ' + ageOf(delivery.oldestPendingSince);
    const latency = delivery.deliveredLastHour === 0 ? 'none delivered in the last hour'
        : delivery.deliveredLastHour + ' delivered in the last hour; median ' + duration(delivery.latencyP50Ms)
            + ', 95th percentile ' + duration(delivery.latencyP95Ms);
    return [h('div', { class: 'backlog' }, backlog), h('div', { class: 'hint latency' }, latency)];
}

function ageOf(iso) {
    return duration(Math.max(0, Date.now() - new Date(iso).getTime()));
}

function duration(millis) {
    if (millis < 1000) {
        return Math.round(millis) + ' ms';
    }
    const seconds = millis / 1000;
    return seconds < 120 ? seconds.toFixed(1) + ' s' : Math.round(seconds / 60) + ' min';
}

/** The old secret keeps signing beside the new one for a while, so the receiver can switch without losing a delivery. */
async function rotate(button, subscription, reveal) {
    if (!await confirmDialog('Give ' + subscription.url + ' a new signing secret? Deliveries carry a signature with '
        + 'the old one for another 24 hours only.', 'Rotate secret', { danger: true })) {
        return;
    }
    await act(button, async () => {
        const answer = await api.post('/api/v1/webhooks/' + subscription.id + '/rotate-secret');
        replaceChildren(reveal, secretReveal({ title: 'New signing secret of ' + subscription.url,
            value: answer.data.secret, warning: 'Give it to your receiver now. Deliveries are also signed with the '
                + 'old secret until ' + dateTime(answer.data.previousSecretExpiresAt) + '.' }));
    });
}

async function remove(button, subscription, reload) {
    if (!await confirmDialog('Stop sending webhooks to ' + subscription.url + '?', 'Delete', { danger: true })) {
        return;
    }
    await act(button, async () => {
        await api.delete('/api/v1/webhooks/' + subscription.id);
        showSuccess('Subscription deleted.');
        reload();
    });
}

function showDeliveries(container, entries, reload) {
    replaceChildren(container, table('Webhook deliveries', ['When', 'Event', 'Direction', 'To', 'Status', 'Attempts', ''],
        entries.map((entry) => h('tr', { dataset: { deliveryId: entry.id } },
            h('td', {}, dateTime(entry.processedAt || entry.createdAt)),
            h('td', {}, h('code', {}, entry.event), h('br'), h('code', { class: 'small' }, entry.id)),
            h('td', {}, entry.direction),
            h('td', { class: 'url' }, entry.targetUrl || '—'),
            h('td', {}, statusBadge(entry.status),
                entry.nextAttemptAt && entry.status === 'pending'
                    ? h('div', { class: 'hint' }, 'next try ' + dateTime(entry.nextAttemptAt)) : null),
            h('td', {}, attempts(entry)),
            h('td', {}, entry.direction === 'outbound'
                ? h('button', { type: 'button', class: 'button-quiet', 'aria-label': 'Resend ' + entry.id,
                    onclick: (event) => resend(event.currentTarget, entry, reload) }, 'Resend')
                : null))),
        'No deliveries yet in this mode.'));
}

function attempts(entry) {
    if (!entry.attempts || entry.attempts.length === 0) {
        return entry.direction === 'outbound' ? 'not tried yet' : '—';
    }
    return h('ol', { class: 'attempts' }, entry.attempts.map((attempt) => h('li', {},
        h('span', { class: 'badge ' + (attempt.statusCode >= 200 && attempt.statusCode < 300 ? 'badge-completed'
            : 'badge-failed') }, attempt.statusCode ? 'answered ' + attempt.statusCode : 'no answer'),
        ' ', attempt.durationMs + ' ms', ' · ', dateTime(attempt.attemptedAt),
        attempt.error ? h('div', { class: 'hint' }, attempt.error) : null)));
}

async function resend(button, entry, reload) {
    await act(button, async () => {
        await api.post('/api/v1/webhooks/deliveries/' + entry.id + '/resend');
        showSuccess('Delivery ' + entry.id + ' will be sent again, with the same event id.');
        reload();
    });
}
