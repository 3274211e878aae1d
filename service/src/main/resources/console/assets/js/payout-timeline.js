// A payout's timeline, read from its history (GET /api/v1/payouts/:id/history, ADR-0027): every step in the order the
// payout's stream recorded it, with its time, the rail that carried it and what that rail calls the submission.
import { api, withQuery } from './api.js';
import { h } from './dom.js';
import { dateTime, money } from './format.js';

const HISTORY_PAGE_SIZE = 100;

/** The names rails give themselves (on payout.queued and as the actor `rail:<name>`), as an operator says them. */
const RAILS = { simulated: 'simulated', iso20022: 'bank', http: 'provider' };

/** What each rail's reference on payout.queued is (ADR-0033, ADR-0036). */
const REFERENCES = { iso20022: 'bank file message', http: 'provider request' };

/** Every event of the payout, oldest first, however many pages they take. */
export async function payoutHistory(payoutId) {
    const events = [];
    for (let page = 1; ; page++) {
        const answer = await api.get(withQuery('/api/v1/payouts/' + encodeURIComponent(payoutId) + '/history',
            { page, pageSize: HISTORY_PAGE_SIZE }));
        events.push(...answer.data.items);
        if (!answer.data.hasNextPage) {
            return events;
        }
    }
}

/**
 * The steps the events stand for, each `{ step, label, at, details }`. A payout's creation is also its validation
 * (standard) or the start of its processing (instant), as the created event's status says. The bank's return is a
 * payout.failed like any failure (its webhook's type); only a completed payout can be returned (ADR-0034), so a
 * failure right after the completion is the return.
 */
export function timelineSteps(events) {
    const steps = [];
    let previous = null;
    for (const event of events) {
        const data = event.data || {};
        const at = event.timestamp;
        const rail = railOf(event);
        switch (event.type) {
            case 'payout.created':
                steps.push({ step: 'requested', label: 'Requested', at,
                    details: [money(data.amount), data.urgency, data.fee ? 'fee ' + money(data.fee) : null,
                        data.requestedBy ? 'requested by ' + data.requestedBy : null] });
                steps.push(...openingState(data.status, at, data.batchId));
                break;
            case 'payout.approval_required':
                steps.push({ step: 'requested', label: 'Requested', at,
                    details: [money(data.amount), data.urgency, data.requestedBy ? 'requested by ' + data.requestedBy
                        : null] });
                steps.push({ step: 'pending_approval', label: 'Waiting for approval', at,
                    details: [data.threshold === undefined ? null : 'above ' + money(data.threshold)] });
                break;
            case 'payout.approved':
                steps.push({ step: 'approved', label: 'Approved', at,
                    details: [data.approvedBy ? 'by ' + data.approvedBy : actorDetail(event.actor)] });
                steps.push(...openingState(data.status, at));
                break;
            case 'payout.rejected':
                steps.push({ step: 'rejected', label: 'Rejected', at,
                    details: [data.reason, data.rejectedBy ? 'by ' + data.rejectedBy : actorDetail(event.actor)] });
                break;
            case 'payout.released':
                steps.push({ step: 'released', label: 'Released with its batch', at, details: [data.batchId] });
                steps.push(...openingState(data.rail === 'instant' ? 'processing' : 'validated', at));
                break;
            case 'payout.queued':
                steps.push({ step: 'queued', label: 'Queued', at, details: [railDetail(data.railAdapter),
                    data.railReference ? (REFERENCES[data.railAdapter] || 'reference') + ' ' + data.railReference
                        : null] });
                break;
            case 'payout.processing':
                steps.push({ step: 'processing', label: 'Processing', at, details: [railDetail(rail)] });
                break;
            case 'payout.succeeded':
                steps.push({ step: 'completed', label: 'Completed', at, details: [railDetail(rail)] });
                break;
            case 'payout.failed':
                steps.push(previous === 'payout.succeeded'
                    ? { step: 'returned', label: 'Returned after completion', at, details: [data.reason] }
                    : { step: 'failed', label: 'Failed', at, details: [data.reason, railDetail(rail)] });
                break;
            case 'payout.cancelled':
                steps.push({ step: 'canceled', label: 'Canceled', at, details: [actorDetail(event.actor)] });
                break;
            case 'payout.retried':
                steps.push({ step: 'retried', label: 'Retried', at,
                    details: [money(data.amount) + ' reserved again', actorDetail(event.actor)] });
                break;
            default:
                steps.push({ step: 'other', label: event.type, at, details: [] });
        }
        previous = event.type;
    }
    return steps;
}

/** The ordered list; `nowStatus` adds where the payout is now while it is not done. */
export function timelineList(steps, nowStatus) {
    return h('ol', { class: 'timeline', id: 'payout-timeline' },
        steps.map(({ step, label, at, details }) => h('li', { dataset: { step } },
            h('strong', {}, label), ' ', h('time', { datetime: at }, dateTime(at)),
            detailText(details) ? h('span', { class: 'step-details' }, detailText(details)) : null)),
        nowStatus ? h('li', { class: 'now' }, h('strong', {}, 'Now'), ' ', nowStatus, '…') : null);
}

function openingState(status, at, batchId) {
    switch (status) {
        case 'validated':
            return [{ step: 'validated', label: 'Validated', at, details: [] }];
        case 'processing':
            return [{ step: 'processing', label: 'Processing', at, details: [] }];
        case 'pending':
            return [{ step: 'pending', label: 'Pending in its batch', at, details: [batchId] }];
        default:
            return [];
    }
}

/** The rail an event's actor is (`rail:iso20022`), or null when no rail caused it. */
function railOf(event) {
    const actor = event.actor;
    return actor && actor.type === 'rail' && String(actor.id).startsWith('rail:') ? actor.id.slice('rail:'.length)
        : null;
}

function railDetail(railName) {
    return railName ? 'rail: ' + (RAILS[railName] || railName) : null;
}

function actorDetail(actor) {
    return actor && actor.type !== 'system' ? 'by ' + actor.id : null;
}

function detailText(details) {
    return details.filter((detail) => detail !== undefined && detail !== null && detail !== '').join(' · ');
}
