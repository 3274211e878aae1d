// A new batch from pasted or uploaded CSV, checked line by line before it is sent, released by hand or at a time.
import { api, retrySafeWrite } from '../api.js';
import { parseBatchCsv } from '../batch-csv.js';
import { field, h, replaceChildren, select } from '../dom.js';
import { money } from '../format.js';
import { onSubmit } from '../forms.js';
import { showSuccess } from '../notices.js';

export function newBatchForm(context) {
    const errors = h('div', { class: 'form-errors', id: 'batch-csv-problems' });
    const button = h('button', { type: 'submit' }, 'Create batch');
    const lines = h('textarea', { name: 'lines', rows: 6, required: true, spellcheck: 'false',
        placeholder: 'drv_…,125.50' });
    const file = h('input', { type: 'file', accept: '.csv,text/csv,text/plain', id: 'batch-csv-file' });
    const summary = h('p', { class: 'hint', id: 'batch-csv-summary', 'aria-live': 'polite' });
    const write = retrySafeWrite();
    file.addEventListener('change', async () => {
        if (file.files.length > 0) {
            lines.value = await file.files[0].text();
            summarize(lines.value, summary);
        }
    });
    lines.addEventListener('input', () => summarize(lines.value, summary));
    const form = h('form', { class: 'card', id: 'new-batch-form', 'aria-labelledby': 'new-batch-heading' },
        h('h2', { id: 'new-batch-heading' }, 'New batch'),
        h('div', { class: 'form-grid' },
            field('Name', h('input', { name: 'name', required: true, maxlength: 200, autocomplete: 'off' })),
            field('Speed', select('urgency', [['standard', 'standard (no fee)'], ['instant', 'instant (1.5 % fee)']],
                'standard')),
            field('Release at (your time, optional)', h('input', { name: 'scheduledFor', type: 'datetime-local' }),
                'Empty: it waits for Release')),
        field('Payouts: one driverId,amount line each, amount in dollars', lines,
            'Up to 1,000 lines; no thousands separators; a first driverId,amount header line is fine'),
        field('Or upload a CSV file', file),
        summary, errors, button);
    onSubmit(form, button, errors, async (values) => {
        const { payouts, problems } = parseBatchCsv(values.lines);
        if (problems.length > 0) {
            throw Object.assign(new Error('Nothing was sent: fix these lines first.'),
                { code: 'VALIDATION_ERROR', details: Object.fromEntries(problems) });
        }
        const body = { name: values.name.trim(), urgency: values.urgency, payouts,
            scheduledFor: values.scheduledFor ? new Date(values.scheduledFor).toISOString() : undefined };
        const answer = await write((idempotencyKey) => api.post('/api/v1/batches', body, { idempotencyKey }));
        showSuccess('Batch “' + answer.data.name + '” of ' + answer.data.payoutCount + ' payouts ('
            + money(answer.data.totalAmount) + ') is queued.');
        location.hash = context.link('/batches/' + answer.data.id);
    });
    return form;
}

function summarize(text, summary) {
    const { payouts, problems } = parseBatchCsv(text);
    const total = payouts.reduce((sum, payout) => sum + payout.amount, 0);
    replaceChildren(summary, payouts.length + ' payouts, ' + money(total) + ' in all'
        + (problems.length ? '; ' + problems.length + ' lines to fix' : '') + '.');
}
