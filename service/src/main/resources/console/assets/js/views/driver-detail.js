// One driver: their contact details and status, and the bank account they are paid to.
import { api } from '../api.js';
import { h, replaceChildren, showIfChanged } from '../dom.js';
import { dateTime, money, statusBadge } from '../format.js';
import { showError } from '../notices.js';
import { renderBankAccount } from './bank-account.js';

export function renderDriver(main, context, driverId) {
    const details = h('div', { id: 'driver-detail' }, h('p', { class: 'loading' }, 'Loading the driver…'));
    const account = h('section', { class: 'card', id: 'bank-account', 'aria-labelledby': 'bank-account-heading' },
        h('h2', { id: 'bank-account-heading' }, 'Bank account'), h('p', { class: 'loading' }, 'Loading…'));
    replaceChildren(main,
        h('p', {}, h('a', { href: context.link('/drivers') }, '← All drivers')),
        // the id on a line of its own, in body type: at heading size it would not fit a phone's width
        h('div', { class: 'page-head' }, h('h1', {}, 'Driver')), h('p', {}, h('code', {}, driverId)),
        h('div', { class: 'detail-grid' }, details, account));

    async function load() {
        try {
            const answer = await api.get('/api/v1/drivers/' + encodeURIComponent(driverId));
            showIfChanged(details, answer.data, show);
            renderBankAccount(account, context, answer.data);
        } catch (error) {
            showError(error, details);
        }
    }

    load();
}

function show(container, driver) {
    const facts = [
        ['Name', driver.name],
        ['External id', driver.svcDriverId],
        ['E-mail', driver.email],
        ['Phone', driver.phone],
        ['Status', statusBadge(driver.status)],
        ['KYC', statusBadge(driver.kycStatus)],
        ['Paid', money(driver.totalPaid)],
        ['Registered', dateTime(driver.createdAt)],
    ];
    replaceChildren(container,
        h('dl', { class: 'facts card' }, facts.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)])));
}
