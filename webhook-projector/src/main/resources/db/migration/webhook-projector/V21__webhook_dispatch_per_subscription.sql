-- Webhook dispatch at fleet volume (ADR-0030). One dispatcher at a time sends for a subscription: the holder of
-- its sender lease (sender, sender_until). Its due deliveries are claimed oldest first, so the due index leads with
-- the subscription; the leased index finds leases that ran out. A receiver in trouble (no answer, 5xx, 429) is
-- paused with a growing pause and probed one attempt at a time until it answers again: consecutive_failures and
-- paused_until.

drop index webhook_delivery_due;
create index webhook_delivery_due on webhook_delivery (subscription_id, next_attempt_at, id) where status = 'pending';

alter table webhook_subscription
    add column sender varchar(60),
    add column sender_until timestamp(6) with time zone,
    add column consecutive_failures integer not null default 0,
    add column paused_until timestamp(6) with time zone;

-- The subscriptions API shows each one's delivery latency over the last hour.
create index webhook_delivery_by_subscription on webhook_delivery (subscription_id, created_at);
