// A list from one of the API's list endpoints: its filters and page, previous and next, and a load that the view
// calls again on its refresh timer.
import { api, withQuery } from './api.js';
import { field, formValues, h, replaceChildren, select, showIfChanged } from './dom.js';
import { showError } from './notices.js';

/** A filter of one status for a paged list: showing it starts again at the first page of that status. */
export function statusFilter({ label, options, filters, load, id }) {
    const form = h('form', { class: 'filters', id, 'aria-label': label },
        field('Status', select('status', [['', 'any'], ...options], '')),
        h('button', { type: 'submit' }, 'Show'));
    form.addEventListener('submit', (event) => {
        event.preventDefault();
        Object.assign(filters, { status: formValues(form).status, page: 1 });
        load();
    });
    return form;
}

export function pagedList({ path, filters, list, pager, render }) {
    async function load() {
        try {
            const answer = await api.get(withQuery(path, filters));
            showIfChanged(list, answer.data.items, render);
            showPager(pager, answer.data, (page) => {
                filters.page = page;
                load();
            });
        } catch (error) {
            showError(error, list);
        }
    }
    return load;
}

/** Previous and next buttons for a list with page, pageSize, total (and hasNextPage where the API has it). */
function showPager(container, list, goTo) {
    const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
    const hasNext = list.hasNextPage !== undefined ? list.hasNextPage : list.page < pages;
    replaceChildren(container,
        h('button', { type: 'button', class: 'button-quiet', disabled: list.page <= 1,
            onclick: () => goTo(list.page - 1) }, 'Previous'),
        h('span', {}, 'Page ' + list.page + ' of ' + pages + ' (' + list.total + ' in all)'),
        h('button', { type: 'button', class: 'button-quiet', disabled: !hasNext,
            onclick: () => goTo(list.page + 1) }, 'Next'));
}
