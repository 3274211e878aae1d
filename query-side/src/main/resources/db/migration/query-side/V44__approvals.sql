-- Approvals (ADR-0046). A payout's and a batch's row keep where they stand with their second person, so an answer,
-- a history and the list of what waits read one row; all six columns are null for what never waited.
alter table payout_view
    add column approval_status     varchar(16),
    add column approval_threshold  bigint,
    add column approval_requester  varchar(64),
    add column approval_decided_by varchar(64),
    add column approval_decided_at timestamptz,
    add column approval_reason     text;

alter table batch_view
    add column approval_status     varchar(16),
    add column approval_threshold  bigint,
    add column approval_requester  varchar(64),
    add column approval_decided_by varchar(64),
    add column approval_decided_at timestamptz,
    add column approval_reason     text;

-- What waits, oldest first: small partial indexes, empty while approvals are off.
create index payout_view_pending_approval on payout_view (mode, requested_at, id) where status = 'PENDING_APPROVAL';
create index batch_view_pending_approval on batch_view (mode, created_at, id) where status = 'PENDING_APPROVAL';

-- The mode's threshold as the wallet last recorded it (ApprovalThresholdSetEvent); no row: approvals off.
create table approval_policy_view (
    mode      varchar(16) primary key,
    threshold bigint      not null,
    set_by    varchar(64) not null,
    set_at    timestamptz not null
);
