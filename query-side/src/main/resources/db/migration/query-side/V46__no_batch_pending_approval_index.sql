-- The batches pending approval are read through batch_view_by_mode_status (mode, status, created_at desc, id desc),
-- which serves "oldest first" as well: the partial index of V44 was used by no read (ReadModelIndexesTest, ADR-0047).
drop index batch_view_pending_approval;
