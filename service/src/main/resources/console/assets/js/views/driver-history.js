// A driver's history: every event of theirs, oldest first, with who caused it and through which request.
import { h, replaceChildren, table } from '../dom.js';
import { dateTime } from '../format.js';
import { pagedList } from '../paged-list.js';

export function driverHistory(driverId) {
    const list = h('div', { id: 'driver-history' }, h('p', { class: 'loading' }, 'Loading the history…'));
    const pager = h('div', { class: 'pager' });
    const load = pagedList({ path: '/api/v1/drivers/' + encodeURIComponent(driverId) + '/history',
        filters: { page: 1, pageSize: 20 }, list, pager, render: showEvents });
    const section = h('section', { 'aria-labelledby': 'driver-history-heading' },
        h('h2', { id: 'driver-history-heading' }, 'History'), list, pager);
    return { section, load };
}

function showEvents(container, events) {
    replaceChildren(container, table('Driver history', ['When', 'Event', 'By', 'Request'],
        events.map((event) => h('tr', { dataset: { eventType: event.type } },
            h('td', {}, dateTime(event.timestamp)),
            h('td', {}, h('code', {}, event.type)),
            h('td', {}, event.actor ? event.actor.type + (event.actor.id ? ' ' + event.actor.id : '') : '—'),
            h('td', {}, event.requestId ? h('code', { class: 'small' }, event.requestId) : '—'))),
        'No events yet.'));
}
