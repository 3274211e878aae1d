// Modal questions on the native <dialog>: it keeps keyboard focus inside and closes on Escape.
import { h, field } from './dom.js';

/** Resolves to true when the user confirms. */
export function confirmDialog(question, confirmLabel, { danger = false } = {}) {
    return new Promise((resolve) => {
        const dialog = h('dialog', { class: 'dialog', 'aria-label': question },
            h('form', { method: 'dialog' },
                h('p', {}, question),
                h('div', { class: 'actions' },
                    h('button', { value: 'cancel', class: 'button-quiet' }, 'Keep it'),
                    h('button', { value: 'confirm', class: danger ? 'button-danger' : '' }, confirmLabel))));
        dialog.addEventListener('close', () => {
            resolve(dialog.returnValue === 'confirm');
            dialog.remove();
        });
        document.body.append(dialog);
        dialog.showModal();
    });
}

/**
 * Asks for a few values. {@code fields} are [name, label, control]; resolves to the values, or null if cancelled.
 */
export function formDialog(title, fields, submitLabel) {
    return new Promise((resolve) => {
        const form = h('form', { method: 'dialog' },
            h('h2', {}, title),
            fields.map(([name, label, control]) => {
                control.name = name;
                return field(label, control);
            }),
            h('div', { class: 'actions' },
                h('button', { value: 'cancel', class: 'button-quiet', formnovalidate: true }, 'Cancel'),
                h('button', { value: 'submit' }, submitLabel)));
        const dialog = h('dialog', { class: 'dialog', 'aria-label': title }, form);
        dialog.addEventListener('close', () => {
            resolve(dialog.returnValue === 'submit' ? Object.fromEntries(new FormData(form).entries()) : null);
            dialog.remove();
        });
        document.body.append(dialog);
        dialog.showModal();
    });
}
