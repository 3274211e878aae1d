// What an operator changes on a driver: the profile, the KYC outcome, deactivation, and erasing their personal data
// for good. Each is offered only while it can still apply, and the two that cannot be undone ask first.
import { api } from '../api.js';
import { field, h, select } from '../dom.js';
import { confirmDialog } from '../dialogs.js';
import { act, onSubmit } from '../forms.js';
import { showSuccess } from '../notices.js';
import { NAME_MAX_LENGTH } from './drivers.js';

const ERASED = '[erased]';

export function driverActions(driver, reload) {
    const erased = driver.name === ERASED;
    return h('section', { class: 'card', id: 'driver-actions', 'aria-labelledby': 'driver-actions-heading' },
        h('h2', { id: 'driver-actions-heading' }, 'Change'),
        erased ? h('p', { class: 'empty' }, 'Personal data erased: the profile cannot change.')
            : profileForm(driver, reload),
        driver.kycStatus !== 'verified' && driver.status !== 'inactive' ? kycForm(driver, reload) : null,
        h('div', { class: 'actions' },
            driver.status !== 'inactive' ? deactivateButton(driver, reload) : null,
            erased ? null : eraseButton(driver, reload)));
}

function pathOf(driver) {
    return '/api/v1/drivers/' + encodeURIComponent(driver.id);
}

function profileForm(driver, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Save profile');
    const form = h('form', { id: 'driver-profile-form', 'aria-labelledby': 'driver-profile-heading' },
        h('h3', { id: 'driver-profile-heading' }, 'Profile'),
        h('div', { class: 'form-grid' },
            field('Name', h('input', { name: 'name', required: true, maxlength: NAME_MAX_LENGTH, value: driver.name })),
            field('E-mail', h('input', { name: 'email', type: 'email', required: true, value: driver.email })),
            field('Phone', h('input', { name: 'phone', type: 'tel', required: true, value: driver.phone }),
                'International, such as +14155550123')),
        errors, button);
    onSubmit(form, button, errors, async (values) => {
        await api.put(pathOf(driver), { name: values.name.trim(), email: values.email.trim(),
            phone: values.phone.trim() });
        showSuccess('The profile of ' + values.name.trim() + ' is saved.');
        reload();
    });
    return form;
}

function kycForm(driver, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Record outcome');
    const reason = field('Why (required for a rejection)', h('input', { name: 'reason', maxlength: 500 }));
    const outcome = select('outcome', [['verified', 'verified: the driver can be paid'],
        ['rejected', 'rejected: the driver cannot be paid']], 'verified');
    const form = h('form', { id: 'driver-kyc-form', 'aria-labelledby': 'driver-kyc-heading' },
        h('h3', { id: 'driver-kyc-heading' }, 'KYC outcome'),
        h('div', { class: 'form-grid' }, field('Outcome', outcome), reason), errors, button);
    onSubmit(form, button, errors, async (values) => {
        await api.post(pathOf(driver) + '/kyc', { outcome: values.outcome,
            reason: values.reason.trim() || undefined });
        showSuccess('KYC of ' + driver.name + ' recorded as ' + values.outcome + '.');
        reload();
    });
    return form;
}

function deactivateButton(driver, reload) {
    const button = h('button', { type: 'button', class: 'button-quiet button-danger', id: 'deactivate-driver',
        onclick: async () => {
            if (await confirmDialog('Deactivate ' + driver.name + '? They cannot be paid any more; they stay listed.',
                'Deactivate', { danger: true })) {
                await act(button, async () => {
                    await api.delete(pathOf(driver));
                    showSuccess(driver.name + ' is inactive.');
                    reload();
                });
            }
        } }, 'Deactivate');
    return button;
}

function eraseButton(driver, reload) {
    const button = h('button', { type: 'button', class: 'button-quiet button-danger', id: 'erase-driver',
        onclick: async () => {
            if (await confirmDialog('Erase the name, e-mail, phone and bank account of ' + driver.name + ' for good? '
                + 'Payouts and amounts stay. This cannot be undone.', 'Erase for good', { danger: true })) {
                await act(button, async () => {
                    await api.delete(pathOf(driver) + '/personal-data');
                    showSuccess('The personal data of driver ' + driver.id + ' is erased.');
                    reload();
                });
            }
        } }, 'Erase personal data');
    return button;
}
