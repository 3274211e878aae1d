// Production top-ups are settled by hand once the bank transfer has arrived (ADR-0011): an owner or admin names the
// top-up and confirms. The API lists no pending top-ups, so the id comes from the top-up's answer or its transfer.
import { api } from '../api.js';
import { field, h } from '../dom.js';
import { confirmDialog } from '../dialogs.js';
import { money } from '../format.js';
import { onSubmit } from '../forms.js';
import { showSuccess } from '../notices.js';

export function topUpSettlementForm(refresh) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Settle');
    const form = h('form', { class: 'card', id: 'settle-top-up-form', 'aria-labelledby': 'settle-top-up-heading' },
        h('h2', { id: 'settle-top-up-heading' }, 'Settle a top-up'),
        h('p', { class: 'hint' }, 'When a production top-up’s bank transfer has arrived, settle it: its amount '
            + 'becomes available for payouts. A transfer quoting the top-up’s reference settles by itself.'),
        h('div', { class: 'inline-form' },
            field('Top-up id', h('input', { name: 'topUpId', required: true, placeholder: 'txn_…',
                autocomplete: 'off' }), 'As the top-up’s answer named it'),
            button),
        errors);
    onSubmit(form, button, errors, async (values) => {
        const id = values.topUpId.trim();
        if (!await confirmDialog('Has the bank transfer for top-up ' + id + ' arrived? Its amount becomes available '
            + 'for production payouts at once.', 'It arrived: settle')) {
            return;
        }
        const answer = await api.post('/api/v1/admin/funding/topups/' + encodeURIComponent(id) + '/settle');
        form.reset();
        showSuccess('Top-up ' + answer.data.transactionId + ' of ' + money(answer.data.amount) + ' is settled; '
            + money(answer.data.balance) + ' available now.');
        refresh();
    });
    return form;
}
