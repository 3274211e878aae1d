// Drivers: the list with their KYC status, registering one, and recording a KYC outcome; each driver's page (their
// bank account) is a click on their name.
import { api, retrySafeWrite } from '../api.js';
import { field, h, replaceChildren, select, table } from '../dom.js';
import { money, statusBadge } from '../format.js';
import { formDialog } from '../dialogs.js';
import { showError, showSuccess } from '../notices.js';
import { onSubmit } from '../forms.js';
import { pagedList, statusFilter } from '../paged-list.js';

const REFRESH_MILLISECONDS = 5000;
/** The service's limits (DriverProfile, RegisterDriverCommand, EmailAddress), told before a registration is sent. */
export const NAME_MAX_LENGTH = 200;
const SVC_DRIVER_ID_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

export function renderDrivers(main, context) {
    const filters = { status: '', page: 1, pageSize: 20 };
    const list = h('div', { id: 'driver-list' }, h('p', { class: 'loading' }, 'Loading drivers…'));
    const pager = h('div', { class: 'pager' });
    const load = pagedList({ path: '/api/v1/drivers', filters, list, pager,
        render: (container, drivers) => showList(container, drivers, context, load) });
    const filterForm = statusFilter({ label: 'Filter drivers', filters, load,
        options: [['active', 'active'], ['pending', 'pending (KYC not verified)'], ['inactive', 'inactive']] });
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Drivers')),
        context.can('drivers:write') ? registerForm(context, () => load()) : null,
        h('section', { 'aria-labelledby': 'driver-list-heading' },
            h('h2', { id: 'driver-list-heading' }, 'All drivers'), filterForm, list, pager));

    load();
    context.every(REFRESH_MILLISECONDS, load);
}

function showList(container, drivers, context, reload) {
    replaceChildren(container, table('Drivers',
        ['Driver', 'Contact', 'Status', 'KYC', 'Paid', 'Pending payouts', ''],
        drivers.map((driver) => h('tr', { dataset: { driverId: driver.id } },
            h('td', {}, h('a', { href: context.link('/drivers/' + driver.id) }, driver.name), h('br'),
                h('code', { class: 'small' }, driver.id), h('br'),
                h('span', { class: 'hint' }, 'external id ' + driver.svcDriverId)),
            h('td', {}, driver.email, h('br'), driver.phone),
            h('td', {}, statusBadge(driver.status)),
            h('td', {}, statusBadge(driver.kycStatus)),
            h('td', { class: 'number' }, money(driver.totalPaid)),
            h('td', { class: 'number' }, String(driver.pendingPayouts)),
            h('td', {}, context.can('drivers:write') && driver.status !== 'inactive'
                ? h('button', { type: 'button', class: 'button-quiet', 'aria-label': 'Record KYC outcome for ' + driver.name,
                    onclick: () => recordKyc(driver, reload) }, 'Record KYC')
                : null))),
        'No drivers yet.'));
}

async function recordKyc(driver, reload) {
    const values = await formDialog('KYC outcome for ' + driver.name, [
        ['outcome', 'Outcome', select('outcome', [['verified', 'verified'], ['rejected', 'rejected']], 'verified')],
        ['reason', 'Reason (needed for a rejection)', h('input', { maxlength: 500 })],
    ], 'Record');
    if (!values) {
        return;
    }
    try {
        await api.post('/api/v1/drivers/' + driver.id + '/kyc',
            { outcome: values.outcome, reason: values.reason || undefined });
        showSuccess('KYC ' + values.outcome + ' recorded for ' + driver.name + '.');
        reload();
    } catch (error) {
        showError(error);
    }
}

function registerForm(context, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Register driver');
    const write = retrySafeWrite();
    const form = h('form', { class: 'card', id: 'register-driver-form', 'aria-labelledby': 'register-heading' },
        h('h2', { id: 'register-heading' }, 'Register a driver'),
        h('div', { class: 'form-grid' },
            field('External id', h('input', { name: 'svcDriverId', required: true, autocomplete: 'off',
                maxlength: SVC_DRIVER_ID_MAX_LENGTH }),
                'Your own id for the driver, unique in this mode; at most 100 letters, digits, . _ : or -'),
            field('Name', h('input', { name: 'name', required: true, autocomplete: 'off', maxlength: NAME_MAX_LENGTH })),
            field('E-mail', h('input', { name: 'email', type: 'email', required: true, autocomplete: 'off',
                maxlength: EMAIL_MAX_LENGTH })),
            field('Phone', h('input', { name: 'phone', type: 'tel', required: true, placeholder: '+14155550123' }),
                'International format (E.164)')),
        context.mode === 'sandbox'
            ? h('p', { class: 'hint' }, 'The sandbox verifies a new driver’s KYC by itself about a second later.') : null,
        errors, button);
    onSubmit(form, button, errors, async (values) => {
        const answer = await write((idempotencyKey) => api.post('/api/v1/drivers', values, { idempotencyKey }));
        form.reset();
        showSuccess('Driver ' + answer.data.name + ' registered as ' + answer.data.id + '.');
        reload();
    });
    return form;
}
