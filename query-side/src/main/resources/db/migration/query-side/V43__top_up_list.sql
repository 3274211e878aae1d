-- GET /api/v1/funding/topups: a mode's top-ups newest first, optionally only the pending or the settled ones
create index top_up_view_by_mode on top_up_view (mode, created_at desc, id desc);
create index top_up_view_by_mode_status on top_up_view (mode, status, created_at desc, id desc);
