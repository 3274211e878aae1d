// Tells the user what happened: the API's own error message and the fields its details name.
import { h, replaceChildren } from './dom.js';

/** The error as a block: message, then one line per detail. */
function errorBlock(error) {
    const details = Object.entries(error.details || {});
    return h('div', { class: 'error', role: 'alert' },
        h('p', { class: 'error-message' }, error.message || String(error),
            error.code ? h('span', { class: 'error-code' }, ' (' + error.code + ')') : null),
        details.length === 0 ? null
            : h('ul', { class: 'error-details' }, details.map(([name, problem]) => h('li', {}, h('code', {}, name), ': ' + problem))));
}

/** Shows an error in the given slot (a form's own), or at the top of the page. */
export function showError(error, slot) {
    if (slot) {
        replaceChildren(slot, errorBlock(error));
        return;
    }
    const notice = h('div', { class: 'notice notice-error' }, errorBlock(error),
        h('button', { type: 'button', class: 'button-quiet', onclick: () => notice.remove() }, 'Dismiss'));
    document.getElementById('notices').append(notice);
}

export function showSuccess(message) {
    const notice = h('div', { class: 'notice notice-success', role: 'status' }, h('p', {}, message),
        h('button', { type: 'button', class: 'button-quiet', onclick: () => notice.remove() }, 'Dismiss'));
    document.getElementById('notices').append(notice);
    setTimeout(() => notice.remove(), 6000);
}

export function clearNotices() {
    document.getElementById('notices').replaceChildren();
}
