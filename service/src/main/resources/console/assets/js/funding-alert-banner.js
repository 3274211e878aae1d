// The low-balance banner on every page (ADR-0043): shown while the mode's available funds are below the alert's
// threshold or a shortfall is projected, from GET /funding/alerts, refreshed on every page change and every few
// seconds. A role that may not read the balance sees none.
import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { dateTime, money } from './format.js';

const REFRESH_MILLISECONDS = 10000;

const banner = () => document.getElementById('funding-alert-banner');
let watched = null;
let timer = null;

/** Shows the banner for the mode now and keeps it current; null (signed out) hides it and stops refreshing. */
export function watchFundingAlert(mode, canReadBalance) {
    watched = mode && canReadBalance ? mode : null;
    if (!watched) {
        hide();
        return;
    }
    refresh();
    if (!timer) {
        timer = setInterval(() => {
            if (!document.hidden && watched) {
                refresh();
            }
        }, REFRESH_MILLISECONDS);
    }
}

/** After the alert was set: the banner follows at once, not at the next refresh. */
export function showFundingAlert(alert) {
    render(alert);
}

async function refresh() {
    const mode = watched;
    try {
        const answer = await api.get('/api/v1/funding/alerts');
        if (mode === watched) {
            render(answer.data);
        }
    } catch (error) {
        // the banner is a hint: a failed refresh keeps the last one, the page itself shows the error it meets
    }
}

function render(alert) {
    const lines = [];
    if (alert.low) {
        lines.push(h('p', { id: 'funding-alert-low' }, h('strong', {}, 'Low balance: '),
            'available ', money(alert.available), ' is below the alert threshold of ',
            money(alert.lowBalanceThreshold), ' since ', dateTime(alert.lowSince), '. Add funds before payouts fail.'));
    }
    if (alert.shortfallOn) {
        lines.push(h('p', { id: 'funding-alert-shortfall' }, h('strong', {}, 'Shortfall projected: '),
            'on ', alert.shortfallOn, ' the payouts due will be more than the funds held.'));
    }
    const element = banner();
    replaceChildren(element, ...lines);
    element.hidden = lines.length === 0;
}

function hide() {
    const element = banner();
    replaceChildren(element);
    element.hidden = true;
}
