-- Which batch each batch payout belongs to (ADR-0024): payout events do not name their batch, so the batch-outcomes
-- processor records the members of each batch from its creation, finds the batches of a processor batch's payout
-- outcomes with one query, and forgets a batch's members when the batch is over.
create table batch_membership (
    payout_id varchar(40) not null primary key,
    batch_id  varchar(40) not null,
    mode      varchar(16) not null
);

create index batch_membership_by_batch on batch_membership (batch_id);
