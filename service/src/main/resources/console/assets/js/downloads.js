// Files the console hands the browser to save: a CSV the service wrote, or one built here.
import { h } from './dom.js';

/** Hands a file to the browser as a save, through a short-lived object URL. */
export function save(blob, name) {
    const url = URL.createObjectURL(blob);
    const link = h('a', { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** CSV text of a header row and rows, each value quoted when it holds a comma, a quote or a line break. */
export function csvText(header, rows) {
    const cell = (value) => {
        const text = value === undefined || value === null ? '' : String(value);
        return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
    };
    return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
