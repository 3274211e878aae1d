-- A batch keeps the ids of the payouts it was created with, in the order of its request: they share one requested_at,
-- so payout_view alone cannot give that order. Rows written before stay null; a read of such a batch folds its
-- stored events for the order instead.
alter table batch_view add column payout_ids text[];
