// A secret the service shows once (an API key, a webhook signing secret): shown here, copyable, and gone for good
// once the user says they stored it. It never goes to storage or a URL.
import { h } from './dom.js';

let revealCounter = 0;

export function secretReveal({ title, value, warning, onDone }) {
    const titleId = 'secret-title-' + (++revealCounter);
    const input = h('input', { type: 'text', readonly: true, value, class: 'secret-value', 'aria-label': title,
        spellcheck: 'false', autocomplete: 'off' });
    const copied = h('span', { class: 'copied', role: 'status' });
    const panel = h('section', { class: 'secret-reveal', 'aria-labelledby': titleId },
        h('h3', { id: titleId }, title),
        h('p', { class: 'warning' }, h('strong', {}, 'Shown only this once. '), warning),
        h('div', { class: 'secret-row' },
            input,
            h('button', { type: 'button', onclick: () => copy(input, copied) }, 'Copy'),
            copied),
        h('button', { type: 'button', class: 'button-quiet', onclick: () => {
            input.value = '';
            panel.remove();
            if (onDone) {
                onDone();
            }
        } }, 'I have stored it'));
    queueMicrotask(() => input.select());
    return panel;
}

async function copy(input, copied) {
    try {
        await navigator.clipboard.writeText(input.value);
    } catch (notAllowed) {
        // Without a secure context there is no clipboard API: fall back to the selection.
        input.select();
        document.execCommand('copy');
    }
    copied.textContent = 'Copied';
}
