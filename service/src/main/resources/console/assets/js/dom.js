// Builds elements without innerHTML, so text from the API is always text, never markup.

export function h(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
        if (value === undefined || value === null || value === false) {
            continue;
        }
        if (name.startsWith('on') && typeof value === 'function') {
            element.addEventListener(name.slice(2).toLowerCase(), value);
        } else if (name === 'class') {
            element.className = value;
        } else if (name === 'dataset') {
            Object.assign(element.dataset, value);
        } else if (value === true) {
            element.setAttribute(name, '');
        } else {
            element.setAttribute(name, String(value));
        }
    }
    append(element, children);
    return element;
}

function append(element, children) {
    for (const child of children.flat(Infinity)) {
        if (child === undefined || child === null || child === false) {
            continue;
        }
        element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
}

export function replaceChildren(element, ...children) {
    element.replaceChildren();
    append(element, children);
}

/**
 * A labelled form field; the input gets a generated id so the label points at it. An input with a maxlength and no
 * hint of its own says its limit under it, so the user learns it before sending rather than from a refusal.
 */
let fieldCounter = 0;
export function field(labelText, control, hint) {
    const id = control.id || 'field-' + (++fieldCounter);
    control.id = id;
    const limit = control.getAttribute('maxlength');
    const text = hint || (limit ? 'At most ' + limit + ' characters' : null);
    const hintId = id + '-hint';
    if (text) {
        control.setAttribute('aria-describedby', hintId);
    }
    return h('div', { class: 'field' },
        h('label', { for: id }, labelText),
        control,
        text ? h('small', { class: 'hint', id: hintId }, text) : null);
}

export function select(name, options, selected) {
    return h('select', { name },
        options.map(([value, text]) => h('option', { value, selected: value === selected }, text)));
}

/** A table inside a scrolling box, so wide tables do not break a phone's layout. */
export function table(caption, headings, rows, emptyText) {
    if (rows.length === 0) {
        return h('p', { class: 'empty' }, emptyText);
    }
    return h('div', { class: 'table-wrap' },
        h('table', {},
            h('caption', { class: 'visually-hidden' }, caption),
            h('thead', {}, h('tr', {}, headings.map((heading) => h('th', { scope: 'col' }, heading)))),
            h('tbody', {}, rows)));
}

export function formValues(form) {
    return Object.fromEntries(new FormData(form).entries());
}

/** Disables a form's button while its action runs, so a double click cannot send it twice. */
export async function busy(button, action) {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
        return await action();
    } finally {
        button.disabled = false;
        button.removeAttribute('aria-busy');
    }
}

const shown = new WeakMap();

/**
 * Renders data into a container only when it differs from what the container shows, so a refresh that brings
 * nothing new leaves keyboard focus and text selection where they were.
 */
export function showIfChanged(container, data, render) {
    const text = JSON.stringify(data);
    if (shown.get(container) === text) {
        return;
    }
    shown.set(container, text);
    render(container, data);
}
