// The console's shell: session, mode switch, navigation, and the refresh timers of the page on show (ADR-0020).
import { api, currentMode, SESSION_PATH, useCsrfToken, useMode, whenSessionReplaced, whenUnauthorized } from './api.js';
import { h, replaceChildren } from './dom.js';
import { clearNotices, showError } from './notices.js';
import { renderSignIn } from './sign-in.js';
import { renderOverview } from './views/overview.js';
import { renderPayouts } from './views/payouts.js';
import { renderPayout } from './views/payout-detail.js';
import { renderDrivers } from './views/drivers.js';
import { renderDriver } from './views/driver-detail.js';
import { renderBatches } from './views/batches.js';
import { renderBatch } from './views/batch-detail.js';
import { renderKeys } from './views/keys.js';
import { renderWebhooks } from './views/webhooks.js';
import { renderStatements } from './views/statements.js';
import { renderUsers } from './views/users.js';
import { renderApprovals } from './views/approvals.js';
import { watchFundingAlert } from './funding-alert-banner.js';

const ROUTES = [
    [/^\/overview$/, 'overview', renderOverview],
    [/^\/payouts$/, 'payouts', renderPayouts],
    [/^\/payouts\/([A-Za-z0-9_]+)$/, 'payouts', renderPayout],
    [/^\/batches$/, 'batches', renderBatches],
    [/^\/batches\/([A-Za-z0-9_]+)$/, 'batches', renderBatch],
    [/^\/approvals$/, 'approvals', renderApprovals],
    [/^\/drivers$/, 'drivers', renderDrivers],
    [/^\/drivers\/([A-Za-z0-9_]+)$/, 'drivers', renderDriver],
    [/^\/keys$/, 'keys', renderKeys],
    [/^\/webhooks$/, 'webhooks', renderWebhooks],
    [/^\/statements$/, 'statements', renderStatements],
    [/^\/users$/, 'users', renderUsers],
];

const BANNERS = {
    sandbox: 'Test data: nothing here moves real money.',
    production: 'Real drivers and real money.',
};

const SIMULATED_PRODUCTION = ' Production payouts are simulated: no money leaves the company\'s account '
    + '(PAYOUTS_RAIL_PRODUCTION=simulated).';

const MODES = ['sandbox', 'production'];

const main = document.getElementById('main');
let session = null;
let timers = [];
/** Which rail pays production, from GET /health; 'simulated' makes the production banner say so. */
let productionRail = null;

/** Owners and admins manage users, keys and production funds. */
function administering(user) {
    return user.role === 'owner' || user.role === 'admin';
}

function stopTimers() {
    timers.forEach(clearInterval);
    timers = [];
}

/**
 * What a view gets: who is signed in, the mode, what they may do there, and a refresh timer that stops with it (or
 * earlier, through the function `every` returns).
 */
function viewContext() {
    const mode = currentMode();
    return {
        session,
        mode,
        /** The address of a path such as '/payouts/pay_1', in this view's mode unless another is named. */
        link: (path, inMode = mode) => link(inMode, path),
        can: (scope) => session.scopes[mode].includes(scope),
        administers: () => administering(session.user),
        every(milliseconds, refresh) {
            const timer = setInterval(() => {
                if (!document.hidden) {
                    refresh();
                }
            }, milliseconds);
            timers.push(timer);
            return () => {
                clearInterval(timer);
                timers = timers.filter((running) => running !== timer);
            };
        },
    };
}

/**
 * Where the address points: '#/production/payouts/pay_1' is production's '/payouts/pay_1', so a reload or a shared
 * link shows the same mode's data. An address without a mode (an old link) is the mode on show.
 */
function place() {
    const hash = location.hash.replace(/^#/, '');
    const [, first, rest] = hash.match(/^\/([^/]*)(.*)$/) || [null, '', ''];
    if (MODES.includes(first)) {
        return { mode: first, path: rest || '/overview', named: true };
    }
    return { mode: currentMode(), path: hash || '/overview', named: false };
}

function link(mode, path) {
    return '#/' + mode + path;
}

function route({ focus = true } = {}) {
    if (!session) {
        return;
    }
    const { mode, path, named } = place();
    if (!named) {
        history.replaceState(null, '', link(mode, path));
    }
    const match = ROUTES.map(([pattern, section, render]) => [path.match(pattern), section, render])
        .find(([found]) => found);
    if (!match) {
        location.hash = link(mode, '/overview');
        return;
    }
    const [found, section, render] = match;
    stopTimers();
    clearNotices();
    useMode(mode);
    showMode(mode);
    watchFundingAlert(mode, session.scopes[mode].includes('balance:read'));
    document.querySelectorAll('#sections a').forEach((anchor) => {
        if (anchor.dataset.section === section) {
            anchor.setAttribute('aria-current', 'page');
        } else {
            anchor.removeAttribute('aria-current');
        }
    });
    main.replaceChildren();
    render(main, viewContext(), ...found.slice(1));
    if (focus) {
        // Focus for screen readers and the keyboard, without scrolling the mode banner out of view.
        main.focus({ preventScroll: true });
    }
    window.scrollTo(0, 0);
}

function showMode(mode) {
    document.body.classList.toggle('mode-sandbox', mode === 'sandbox');
    document.body.classList.toggle('mode-production', mode === 'production');
    const banner = document.getElementById('mode-banner');
    const readOnly = session && !session.scopes[mode].includes('payouts:write');
    const simulated = mode === 'production' && productionRail === 'simulated' ? SIMULATED_PRODUCTION : '';
    replaceChildren(banner, h('strong', {}, mode === 'production' ? 'PRODUCTION' : 'SANDBOX'), ' ',
        BANNERS[mode], simulated, readOnly ? ' Your role can look here, not change anything.' : '');
    document.title = (mode === 'production' ? '[PRODUCTION] ' : '[sandbox] ') + 'Payouts console';
    document.querySelector('#mode-switch input[value="' + mode + '"]').checked = true;
    document.querySelectorAll('#sections a').forEach((section) => {
        section.setAttribute('href', link(mode, '/' + section.dataset.section));
    });
}

/** The same page in the other mode, as a new address, so Back returns to the mode left. */
function switchMode(mode) {
    history.pushState(null, '', link(mode, place().path));
    route({ focus: false });
}

function setShellVisible(visible) {
    for (const id of ['top-bar', 'sections', 'mode-banner']) {
        document.getElementById(id).hidden = !visible;
    }
}

function useSession(view) {
    session = view;
    useCsrfToken(view.csrfToken);
    const administers = administering(view.user);
    document.querySelectorAll('#sections a[data-administers]').forEach((section) => {
        section.hidden = !administers;
    });
    replaceChildren(document.getElementById('signed-in-as'), view.user.email, ' ', h('span', { class: 'role' }, view.user.role));
}

function signedIn(view) {
    useSession(view);
    setShellVisible(true);
    fetch('/health').then(response => response.json()).then(health => {
        productionRail = health.data && health.data.productionRail;
        showMode(currentMode());
    }).catch(() => {});
    route();
}

function showSignIn(message) {
    session = null;
    useCsrfToken(null);
    stopTimers();
    watchFundingAlert(null);
    setShellVisible(false);
    replaceChildren(document.getElementById('signed-in-as'));
    renderSignIn(main, message, signedIn);
}

async function signOut() {
    try {
        await api.delete(SESSION_PATH);
    } catch (error) {
        if (error.status !== 401) {
            showError(error);
            return;
        }
    }
    showSignIn('You are signed out.');
}

async function start() {
    whenUnauthorized(() => {
        if (session) {
            showSignIn('Your session ended. Sign in again.');
        }
    });
    whenSessionReplaced(async () => {
        const answer = await api.get(SESSION_PATH);
        useSession(answer.data);
        showMode(currentMode());
    });
    document.getElementById('mode-switch').addEventListener('change', (event) => switchMode(event.target.value));
    document.getElementById('sign-out').addEventListener('click', signOut);
    window.addEventListener('hashchange', () => route());
    try {
        const answer = await api.get(SESSION_PATH);
        signedIn(answer.data);
    } catch (error) {
        showSignIn(error.status === 401 ? null : error.message);
    }
}

start();
