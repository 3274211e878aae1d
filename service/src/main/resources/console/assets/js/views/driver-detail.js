// One driver: their contact details and status, what may change about them, the bank account they are paid to,
// their payouts and their history.
import { api } from '../api.js';
import { h, replaceChildren, showIfChanged } from '../dom.js';
import { dateTime, money, statusBadge } from '../format.js';
import { showError } from '../notices.js';
import { renderBankAccount } from './bank-account.js';
import { driverActions } from './driver-actions.js';
import { driverHistory } from './driver-history.js';
import { driverPayouts } from './driver-payouts.js';

export function renderDriver(main, context, driverId) {
    const details = h('div', { id: 'driver-detail' }, h('p', { class: 'loading' }, 'Loading the driver…'));
    const account = h('section', { class: 'card', id: 'bank-account', 'aria-labelledby': 'bank-account-heading' },
        h('h2', { id: 'bank-account-heading' }, 'Bank account'), h('p', { class: 'loading' }, 'Loading…'));
    const actions = h('div', { id: 'driver-actions-slot' });
    const payouts = driverPayouts(context, driverId);
    const history = driverHistory(driverId);
    replaceChildren(main,
        h('p', {}, h('a', { href: context.link('/drivers') }, '← All drivers')),
        // the id on a line of its own, in body type: at heading size it would not fit a phone's width
        h('div', { class: 'page-head' }, h('h1', {}, 'Driver')), h('p', {}, h('code', {}, driverId)),
        h('div', { class: 'detail-grid' }, details, account), actions, payouts.section, history.section);

    async function load() {
        try {
            const answer = await api.get('/api/v1/drivers/' + encodeURIComponent(driverId));
            showIfChanged(details, answer.data, show);
            if (context.can('drivers:write')) {
                showIfChanged(actions, answer.data, (container, driver) =>
                    replaceChildren(container, driverActions(driver, load)));
            }
            renderBankAccount(account, context, answer.data);
            payouts.load();
            history.load();
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
