// A driver's payouts, newest first, each linking to its own page.
import { h, replaceChildren, table } from '../dom.js';
import { dateTime, money, statusBadge } from '../format.js';
import { pagedList } from '../paged-list.js';

export function driverPayouts(context, driverId) {
    const list = h('div', { id: 'driver-payouts' }, h('p', { class: 'loading' }, 'Loading payouts…'));
    const pager = h('div', { class: 'pager' });
    const load = pagedList({ path: '/api/v1/payouts', filters: { driverId, page: 1, pageSize: 20 }, list, pager,
        render: (container, payouts) => showPayouts(container, payouts, context) });
    const section = h('section', { 'aria-labelledby': 'driver-payouts-heading' },
        h('h2', { id: 'driver-payouts-heading' }, 'Payouts'), list, pager);
    return { section, load };
}

function showPayouts(container, payouts, context) {
    replaceChildren(container, table('Payouts of the driver', ['Payout', 'Amount', 'Net', 'Status', 'Requested'],
        payouts.map((payout) => h('tr', { dataset: { payoutId: payout.id } },
            h('td', {}, h('a', { href: context.link('/payouts/' + payout.id) }, payout.id)),
            h('td', { class: 'number' }, money(payout.amount)),
            h('td', { class: 'number' }, money(payout.netAmount)),
            h('td', {}, statusBadge(payout.status)),
            h('td', {}, dateTime(payout.requestedAt)))),
        'No payouts to this driver yet.'));
}
