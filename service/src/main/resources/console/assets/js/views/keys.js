// API keys: the signed-in user's keys (create, revoke, regenerate, each new value shown once) and, for owners and
// admins, the production keys waiting for approval. Both lists refresh themselves, so a key requested elsewhere
// reaches the approver without a reload.
import { api } from '../api.js';
import { field, formValues, h, replaceChildren, showIfChanged, table } from '../dom.js';
import { dateTime, statusBadge } from '../format.js';
import { confirmDialog, formDialog } from '../dialogs.js';
import { showError, showSuccess } from '../notices.js';
import { secretReveal } from '../secret-reveal.js';
import { act, onSubmit } from '../forms.js';

const REFRESH_MILLISECONDS = 5000;
const KEY_WARNING = 'Copy it into your secret store now. The service keeps only a hash and cannot show it again.';

export function renderKeys(main, context) {
    const reveal = h('div', { id: 'key-reveal', 'aria-live': 'polite' });
    const mine = h('div', { id: 'my-keys' }, h('p', { class: 'loading' }, 'Loading your keys…'));
    const pending = h('div', { id: 'pending-keys' });
    const showValue = (title, value, warning = KEY_WARNING) =>
        replaceChildren(reveal, secretReveal({ title, value, warning }));
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'API keys')),
        reveal,
        createForm(context, showValue, () => loadMine()),
        h('section', { 'aria-labelledby': 'my-keys-heading' }, h('h2', { id: 'my-keys-heading' }, 'Your keys'), mine),
        context.administers()
            ? h('section', { 'aria-labelledby': 'pending-heading' },
                h('h2', { id: 'pending-heading' }, 'Production keys waiting for approval'), pending)
            : null);

    async function loadMine() {
        try {
            const answer = await api.get('/api/v1/developer/keys');
            showIfChanged(mine, answer.keys, (container, keys) => showMine(container, keys, showValue, loadMine));
        } catch (error) {
            showError(error, mine);
        }
    }

    async function loadPending() {
        try {
            const answer = await api.get('/api/v1/admin/api-keys/pending');
            showIfChanged(pending, answer.keys, (container, keys) => showPending(container, keys, showValue, () => {
                loadPending();
                loadMine();
            }));
        } catch (error) {
            showError(error, pending);
        }
    }

    function loadAll() {
        loadMine();
        if (context.administers()) {
            loadPending();
        }
    }

    loadAll();
    context.every(REFRESH_MILLISECONDS, loadAll);
}

/** What tells a key apart without giving it away: its prefix and, once it has a value, its last four characters. */
function keyHint(key) {
    return h('code', { class: 'small' }, key.prefix + '…' + (key.last_four || ''));
}

function createForm(context, showValue, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Create key');
    const scopes = h('fieldset', { class: 'checkboxes' }, h('legend', {}, 'Scopes'),
        h('p', { class: 'loading' }, 'Loading scopes…'));
    const reason = field('Why production access (required for a production key)',
        h('textarea', { name: 'approval_reason', rows: 2, maxlength: 500 }));
    const modeChoice = h('fieldset', { class: 'radios' }, h('legend', {}, 'Mode'),
        ['sandbox', 'production'].map((mode) => h('label', {},
            h('input', { type: 'radio', name: 'mode', value: mode, checked: mode === context.mode }), ' ' + mode)));
    const form = h('form', { class: 'card', id: 'create-key-form', 'aria-labelledby': 'create-key-heading' },
        h('h2', { id: 'create-key-heading' }, 'Create a key'),
        h('div', { class: 'form-grid' },
            field('Name', h('input', { name: 'name', required: true, maxlength: 100, autocomplete: 'off' })),
            field('Expires in (days, optional)', h('input', { name: 'expires_in', type: 'number', min: 1, max: 365 }))),
        modeChoice, scopes, reason, errors, button);
    const showReason = () => {
        reason.hidden = formValues(form).mode !== 'production';
    };
    modeChoice.addEventListener('change', showReason);
    showReason();
    api.get('/api/v1/developer/scopes').then((answer) => replaceChildren(scopes, h('legend', {}, 'Scopes'),
        answer.scopes.map((scope) => h('label', {},
            h('input', { type: 'checkbox', name: 'scope', value: scope.name, checked: scope.name.endsWith(':read') }),
            ' ', h('code', {}, scope.name), ' ', h('span', { class: 'hint' }, scope.description)))))
        .catch((error) => showError(error, errors));
    onSubmit(form, button, errors, async (values) => {
        const created = await api.post('/api/v1/developer/keys', {
            name: values.name,
            mode: values.mode,
            scopes: new FormData(form).getAll('scope'),
            expires_in: values.expires_in ? Number(values.expires_in) : undefined,
            approval_reason: values.mode === 'production' ? values.approval_reason : undefined,
        });
        form.reset();
        showReason();
        if (created.key) {
            showValue('Your new key “' + created.name + '”', created.key);
        } else {
            showSuccess('Key “' + created.name + '” is waiting for an owner or admin to approve it. '
                + 'Its value is shown once, to the approver.');
        }
        reload();
    });
    return form;
}

function showMine(container, keys, showValue, reload) {
    replaceChildren(container, table('Your API keys',
        ['Name', 'Mode', 'Scopes', 'Approval', 'Usable', 'Created', 'Expires', 'Last used', ''],
        keys.map((key) => h('tr', { dataset: { keyId: key.id } },
            h('td', {}, key.name, h('br'), keyHint(key)),
            h('td', {}, statusBadge(key.mode)),
            h('td', { class: 'scopes' }, key.scopes.join(', ')),
            h('td', {}, statusBadge(key.approval_status)),
            h('td', {}, key.is_usable ? 'yes' : 'no'),
            h('td', {}, dateTime(key.created_at)),
            h('td', {}, key.expires_at ? dateTime(key.expires_at) : 'never'),
            h('td', {}, key.last_used_at ? dateTime(key.last_used_at) : 'never'),
            h('td', { class: 'row-actions' },
                h('button', { type: 'button', class: 'button-quiet', 'aria-label': 'Regenerate ' + key.name,
                    onclick: (event) => regenerate(event.currentTarget, key, showValue, reload) }, 'Regenerate'),
                h('button', { type: 'button', class: 'button-quiet button-danger', 'aria-label': 'Revoke ' + key.name,
                    onclick: (event) => revoke(event.currentTarget, key, reload) }, 'Revoke')))),
        'You have no keys yet.'));
}

async function regenerate(button, key, showValue, reload) {
    if (!await confirmDialog('Regenerate “' + key.name + '”? The current value stops working at once.',
        'Regenerate', { danger: true })) {
        return;
    }
    await act(button, async () => {
        const issued = await api.post('/api/v1/developer/keys/' + key.id + '/regenerate');
        if (issued.key) {
            showValue('The new value of “' + issued.name + '”', issued.key);
        } else {
            showSuccess('The new production key “' + issued.name + '” needs approval again.');
        }
        reload();
    });
}

async function revoke(button, key, reload) {
    if (!await confirmDialog('Revoke “' + key.name + '”? Requests with it fail from now on.', 'Revoke',
        { danger: true })) {
        return;
    }
    await act(button, async () => {
        await api.delete('/api/v1/developer/keys/' + key.id);
        showSuccess('Key “' + key.name + '” is revoked.');
        reload();
    });
}

function showPending(container, keys, showValue, reload) {
    replaceChildren(container, table('Production keys waiting for approval',
        ['Name', 'Requested by', 'Scopes', 'Reason', 'Requested', ''],
        keys.map((key) => h('tr', { dataset: { keyId: key.id } },
            h('td', {}, key.name, h('br'), keyHint(key)),
            h('td', {}, h('code', {}, key.created_by)),
            h('td', { class: 'scopes' }, key.scopes.join(', ')),
            h('td', { class: 'reason' }, key.approval_reason),
            h('td', {}, dateTime(key.created_at)),
            h('td', { class: 'row-actions' },
                h('button', { type: 'button', 'aria-label': 'Approve ' + key.name,
                    onclick: (event) => approve(event.currentTarget, key, showValue, reload) }, 'Approve'),
                h('button', { type: 'button', class: 'button-quiet button-danger', 'aria-label': 'Reject ' + key.name,
                    onclick: () => reject(key, reload) }, 'Reject')))),
        'No production key is waiting.'));
}

async function approve(button, key, showValue, reload) {
    await act(button, async () => {
        const approved = await api.post('/api/v1/admin/api-keys/' + key.id + '/approve');
        showValue('Approved production key “' + approved.name + '”', approved.key,
            'Hand it to its owner through your secret store. The service keeps only a hash.');
        reload();
    });
}

async function reject(key, reload) {
    const values = await formDialog('Reject “' + key.name + '”', [
        ['reason', 'Why (the requester sees this)', h('input', { required: true, maxlength: 500 })],
    ], 'Reject');
    if (!values) {
        return;
    }
    try {
        await api.post('/api/v1/admin/api-keys/' + key.id + '/reject', { reason: values.reason });
        showSuccess('Key “' + key.name + '” was rejected.');
        reload();
    } catch (error) {
        showError(error);
    }
}
