// The overview's low-balance alert form, for owners and admins (ADR-0043): a threshold in dollars and, optionally,
// how many days ahead a projected shortfall is announced.
import { api } from '../api.js';
import { field, h } from '../dom.js';
import { amountInCents, money } from '../format.js';
import { onSubmit } from '../forms.js';
import { showSuccess } from '../notices.js';
import { showFundingAlert } from '../funding-alert-banner.js';

export function fundingAlertForm(context) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Save alert');
    const threshold = h('input', { name: 'lowBalanceThreshold', inputmode: 'decimal', required: true,
        placeholder: '500.00' });
    const days = h('input', { name: 'shortfallWithinDays', type: 'number', min: 1, max: 30, placeholder: 'off' });
    const form = h('form', { class: 'inline-form', id: 'funding-alert-form' },
        field('Alert below (USD)', threshold, '0 switches the low-balance alert off'),
        field('Shortfall within (days)', days, '1 to 30; empty switches it off'),
        button, errors);
    api.get('/api/v1/funding/alerts').then((answer) => {
        threshold.value = (answer.data.lowBalanceThreshold / 100).toFixed(2);
        days.value = answer.data.shortfallWithinDays ?? '';
    }).catch(() => {});
    onSubmit(form, button, errors, async (values) => {
        const body = {
            lowBalanceThreshold: amountInCents(values.lowBalanceThreshold),
            shortfallWithinDays: values.shortfallWithinDays === '' ? null : Number(values.shortfallWithinDays),
        };
        const answer = await api.put('/api/v1/funding/alerts', body);
        showFundingAlert(answer.data);
        showSuccess('The ' + context.mode + ' alert is set at ' + money(answer.data.lowBalanceThreshold) + '.');
    });
    return h('section', { 'aria-labelledby': 'alert-heading', class: 'card' },
        h('h2', { id: 'alert-heading' }, 'Low-balance alert'),
        h('p', { class: 'hint' }, 'Webhooks balance.low and balance.recovered when available funds cross it; '
            + 'balance.shortfall_projected when the projection runs short within the days given.'), form);
}
