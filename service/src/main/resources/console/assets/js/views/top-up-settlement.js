// Production top-ups are settled by hand once the bank transfer has arrived (ADR-0011): an owner or admin sees the
// top-ups still pending and settles one after confirming. A transfer quoting its reference settles by itself.
import { api } from '../api.js';
import { h, replaceChildren, table } from '../dom.js';
import { confirmDialog } from '../dialogs.js';
import { dateTime, money } from '../format.js';
import { act } from '../forms.js';
import { showSuccess } from '../notices.js';

const PENDING_PATH = '/api/v1/funding/topups?status=pending&pageSize=100';

/** The section, and a reload that redraws it only when the pending top-ups changed (a click is not lost). */
export function topUpSettlement(refresh) {
    const list = h('div', { id: 'pending-top-ups' }, h('p', { class: 'loading' }, 'Loading pending top-ups…'));
    const section = h('section', { class: 'card', id: 'settle-top-ups', 'aria-labelledby': 'settle-top-ups-heading' },
        h('h2', { id: 'settle-top-ups-heading' }, 'Top-ups waiting for their transfer'),
        h('p', { class: 'hint' }, 'When a top-up’s bank transfer has arrived, settle it: its amount becomes available '
            + 'for payouts. A transfer quoting the top-up’s reference settles by itself.'),
        list);
    let shown = null;

    async function reload() {
        const answer = await api.get(PENDING_PATH);
        const ids = answer.data.items.map((topUp) => topUp.transactionId).join(',');
        if (ids === shown) {
            return;
        }
        shown = ids;
        replaceChildren(list, table('Pending top-ups', ['Requested', 'Amount', 'Reference', 'Description', ''],
            answer.data.items.map((topUp) => h('tr', { dataset: { topUpId: topUp.transactionId } },
                h('td', {}, dateTime(topUp.createdAt)),
                h('td', { class: 'number' }, money(topUp.amount)),
                h('td', {}, h('code', {}, topUp.reference)),
                h('td', {}, topUp.description || '—'),
                h('td', { class: 'row-actions' }, h('button', { type: 'button',
                    'aria-label': 'Settle the top-up of ' + money(topUp.amount) + ' with reference ' + topUp.reference,
                    onclick: (event) => settle(event.currentTarget, topUp) }, 'Settle')))),
            'No production top-up is waiting for its transfer.'));
    }

    async function settle(button, topUp) {
        if (!await confirmDialog('Has the bank transfer of ' + money(topUp.amount) + ' quoting ' + topUp.reference
            + ' arrived? Its amount becomes available for production payouts at once.', 'It arrived: settle')) {
            return;
        }
        await act(button, async () => {
            const answer = await api.post('/api/v1/admin/funding/topups/' + encodeURIComponent(topUp.transactionId)
                + '/settle');
            showSuccess('Top-up ' + answer.data.transactionId + ' of ' + money(answer.data.amount) + ' is settled; '
                + money(answer.data.balance) + ' available now.');
            refresh();
        });
    }

    return { section, reload };
}
