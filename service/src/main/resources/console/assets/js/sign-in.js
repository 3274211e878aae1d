// The sign-in form: e-mail and password for a console session (the cookie is set by the service).
import { api, SESSION_PATH } from './api.js';
import { field, h, replaceChildren } from './dom.js';
import { onSubmit } from './forms.js';
import { explained } from './sign-in-refusals.js';

export function renderSignIn(main, message, onSignedIn) {
    const errors = h('div', { class: 'form-errors' });
    const button = h('button', { type: 'submit' }, 'Sign in');
    const form = h('form', { class: 'sign-in card', id: 'sign-in-form' },
        h('h1', {}, 'Sign in to the payouts console'),
        message ? h('p', { class: 'hint' }, message) : null,
        field('E-mail', h('input', { type: 'email', name: 'email', required: true, autocomplete: 'username' })),
        field('Password', h('input', { type: 'password', name: 'password', required: true,
            autocomplete: 'current-password' })),
        errors,
        button);
    onSubmit(form, button, errors, async ({ email, password }) => {
        const answer = await api.post(SESSION_PATH, { email, password }).catch((error) => {
            throw explained(error);
        });
        form.reset();
        onSignedIn(answer.data);
    });
    replaceChildren(main, form);
    form.querySelector('input').focus();
}
