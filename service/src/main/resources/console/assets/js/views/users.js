// Users: the team that signs in to the console, for owners and admins. Add one with a role, disable one; only an
// owner adds or disables an owner, and nobody disables themselves, so those buttons are not offered.
import { api } from '../api.js';
import { field, h, replaceChildren, select, table } from '../dom.js';
import { dateTime, statusBadge } from '../format.js';
import { confirmDialog } from '../dialogs.js';
import { act, onSubmit } from '../forms.js';
import { showSuccess } from '../notices.js';
import { pagedList } from '../paged-list.js';

const ROLES = [['developer', 'developer: everything in the sandbox, only looks in production'],
    ['admin', 'admin: everything, but only an owner adds or disables owners'], ['owner', 'owner: everything']];

export function renderUsers(main, context) {
    if (!context.administers()) {
        replaceChildren(main, h('div', { class: 'page-head' }, h('h1', {}, 'Users')),
            h('p', { class: 'empty' }, 'Only owners and admins manage users.'));
        return;
    }
    const list = h('div', { id: 'user-list' }, h('p', { class: 'loading' }, 'Loading users…'));
    const pager = h('div', { class: 'pager' });
    const filters = { page: 1, pageSize: 20 };
    const load = pagedList({ path: '/api/v1/admin/users', filters, list, pager,
        render: (container, users) => showUsers(container, users, context, () => load()) });
    replaceChildren(main,
        h('div', { class: 'page-head' }, h('h1', {}, 'Users')),
        addUserForm(context, () => load()),
        h('section', { 'aria-labelledby': 'user-list-heading' },
            h('h2', { id: 'user-list-heading' }, 'Everyone who can sign in'), list, pager));
    load();
}

function addUserForm(context, reload) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Add user');
    const roles = context.session.user.role === 'owner' ? ROLES : ROLES.filter(([role]) => role !== 'owner');
    const form = h('form', { class: 'card', id: 'add-user-form', 'aria-labelledby': 'add-user-heading' },
        h('h2', { id: 'add-user-heading' }, 'Add a user'),
        h('div', { class: 'form-grid' },
            field('E-mail', h('input', { name: 'email', type: 'email', required: true, maxlength: 254,
                autocomplete: 'off' })),
            field('Password', h('input', { name: 'password', type: 'password', required: true, minlength: 12,
                maxlength: 64, autocomplete: 'new-password' }), '12 to 64 characters; hand it over in person'),
            field('Role', select('role', roles, 'developer'))),
        errors, button);
    onSubmit(form, button, errors, async (values) => {
        const answer = await api.post('/api/v1/admin/users', { email: values.email.trim(), password: values.password,
            role: values.role });
        form.reset();
        showSuccess(answer.data.email + ' can sign in now, as ' + answer.data.role + '.');
        reload();
    });
    return form;
}

function showUsers(container, users, context, reload) {
    replaceChildren(container, table('Users', ['E-mail', 'Role', 'Status', 'Added', 'Disabled', ''],
        users.map((user) => h('tr', { dataset: { userId: user.id } },
            h('td', {}, user.email),
            h('td', {}, user.role),
            h('td', {}, statusBadge(user.status)),
            h('td', {}, dateTime(user.createdAt)),
            h('td', {}, user.disabledAt ? dateTime(user.disabledAt) : '—'),
            h('td', { class: 'row-actions' }, mayDisable(user, context.session.user)
                ? h('button', { type: 'button', class: 'button-quiet button-danger',
                    'aria-label': 'Disable ' + user.email,
                    onclick: (event) => disable(event.currentTarget, user, reload) }, 'Disable')
                : null))),
        'No users.'));
}

function mayDisable(user, me) {
    return user.status !== 'disabled' && user.id !== me.id && (user.role !== 'owner' || me.role === 'owner');
}

async function disable(button, user, reload) {
    if (!await confirmDialog('Disable ' + user.email + '? They are signed out and cannot sign in again.', 'Disable',
        { danger: true })) {
        return;
    }
    await act(button, async () => {
        await api.delete('/api/v1/admin/users/' + encodeURIComponent(user.id));
        showSuccess(user.email + ' is disabled.');
        reload();
    });
}
