-- Webhook dispatch at fleet volume (ADR-0030). Due deliveries are claimed per subscription, oldest first, so the
-- due index leads with the subscription. A subscription's attempts under way, across instances, are counted in
-- in_flight by the claims and the outcomes, and counted anew from the leases (the small leased index) when a
-- dispatcher sweeps. A receiver in trouble (no answer, 5xx, 429) is paused with a growing pause and probed one
-- attempt at a time until it answers again: consecutive_failures and paused_until.

drop index webhook_delivery_due;
create index webhook_delivery_due on webhook_delivery (subscription_id, next_attempt_at, id) where status = 'pending';
create index webhook_delivery_leased on webhook_delivery (subscription_id, lease_until)
    where status = 'pending' and lease_until is not null;

alter table webhook_subscription
    add column in_flight integer not null default 0,
    add column consecutive_failures integer not null default 0,
    add column paused_until timestamp(6) with time zone;

-- The subscriptions API shows each one's delivery latency over the last hour.
create index webhook_delivery_by_subscription on webhook_delivery (subscription_id, created_at);
