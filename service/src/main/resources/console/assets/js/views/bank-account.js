// A driver's bank account: shown masked (the service never returns the full number), set or replaced with a form
// for a US account or one by IBAN, and removed. The number typed into the form is sent once and cleared.
import { api } from '../api.js';
import { field, h, replaceChildren, select } from '../dom.js';
import { dateTime } from '../format.js';
import { confirmDialog } from '../dialogs.js';
import { act, onSubmit } from '../forms.js';
import { showError, showSuccess } from '../notices.js';

export async function renderBankAccount(section, context, driver) {
    const heading = section.querySelector('h2');
    let account = null;
    let missing = null;
    try {
        account = (await api.get('/api/v1/drivers/' + encodeURIComponent(driver.id) + '/bank-account')).data;
    } catch (error) {
        if (error.status !== 404) {
            replaceChildren(section, heading);
            showError(error, section);
            return;
        }
        missing = error.message;
    }
    const reload = () => renderBankAccount(section, context, driver);
    const writable = context.can('drivers:write');
    replaceChildren(section, heading,
        account ? onFile(account) : h('p', { class: 'empty', id: 'no-bank-account' }, noAccountText(missing)),
        writable && account ? removeButton(driver, reload) : null,
        writable && driver.status !== 'inactive' ? accountForm(driver, account, reload) : null);
}

function noAccountText(message) {
    return message && message.includes('erased')
        ? 'Erased with the driver’s personal data. No account can be added.'
        : 'No bank account on file. Production payouts through a bank need one.';
}

function onFile(account) {
    const facts = account.country === 'US'
        ? [['Holder', account.holderName], ['Account', '•••• ' + account.last4 + ' (' + account.accountType + ')'],
            ['Routing number', account.routingNumber], ['Country', account.country]]
        : [['Holder', account.holderName], ['IBAN', account.country + '•• •••• ' + account.last4],
            ['BIC', account.bic], ['Country', account.country]];
    facts.push(['Updated', dateTime(account.updatedAt)]);
    return h('dl', { class: 'facts', id: 'bank-account-on-file', dataset: { last4: account.last4 } },
        facts.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
}

function removeButton(driver, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'button', class: 'button-quiet button-danger', id: 'remove-bank-account',
        onclick: async () => {
            if (await confirmDialog('Remove the bank account of ' + driver.name + '?', 'Remove it', { danger: true })) {
                await act(button, async () => {
                    await api.delete('/api/v1/drivers/' + encodeURIComponent(driver.id) + '/bank-account');
                    showSuccess('The bank account of ' + driver.name + ' was removed.');
                    reload();
                }, errors);
            }
        } }, 'Remove bank account');
    return h('div', { class: 'actions' }, button, errors);
}

function accountForm(driver, account, reload) {
    const kind = select('kind', [['us', 'US account (routing and account number)'], ['iban', 'IBAN and BIC']], 'us');
    const usFields = h('div', { id: 'us-account-fields' }, h('div', { class: 'form-grid' },
        field('Routing number', h('input', { name: 'routingNumber', inputmode: 'numeric', autocomplete: 'off',
            maxlength: 9 }), '9 digits (ABA)'),
        field('Account number', h('input', { name: 'accountNumber', inputmode: 'numeric', autocomplete: 'off',
            maxlength: 17 }), '4 to 17 digits; shown only as its last four after'),
        field('Account type', select('accountType', [['checking', 'checking'], ['savings', 'savings']], 'checking'))));
    const ibanFields = h('div', { id: 'iban-account-fields', hidden: true }, h('div', { class: 'form-grid' },
        field('IBAN', h('input', { name: 'iban', autocomplete: 'off', maxlength: 42 }),
            'Spaces between groups are fine'),
        field('BIC', h('input', { name: 'bic', autocomplete: 'off', maxlength: 11 }), '8 or 11 characters')));
    kind.addEventListener('change', () => {
        usFields.hidden = kind.value !== 'us';
        ibanFields.hidden = kind.value !== 'iban';
    });
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, account ? 'Replace bank account' : 'Save bank account');
    const form = h('form', { id: 'bank-account-form', 'aria-labelledby': 'bank-account-form-heading' },
        h('h3', { id: 'bank-account-form-heading' }, account ? 'Replace the account' : 'Add an account'),
        h('div', { class: 'form-grid' },
            field('Holder name', h('input', { name: 'holderName', required: true, autocomplete: 'off', maxlength: 140,
                value: account ? account.holderName : driver.name })),
            field('Kind', kind)),
        usFields, ibanFields, errors, button);
    onSubmit(form, button, errors, async (values) => {
        const body = values.kind === 'iban'
            ? { holderName: values.holderName, iban: values.iban, bic: values.bic }
            : { holderName: values.holderName, country: 'US', routingNumber: values.routingNumber,
                accountNumber: values.accountNumber, accountType: values.accountType };
        const answer = await api.put('/api/v1/drivers/' + encodeURIComponent(driver.id) + '/bank-account', body);
        form.reset();
        showSuccess('Bank account ending ' + answer.data.last4 + ' saved for ' + driver.name + '.');
        reload();
    });
    return form;
}
