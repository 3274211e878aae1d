-- Low-balance alerts (ADR-0043): per mode, the alert an owner or admin set and the state the wallet last decided.
-- The wallet's events are the truth; this row is what GET /funding/alerts, the console's banner and the shortfall
-- watch read.
create table funding_alert_view (
    mode                  varchar(16) primary key,
    low_balance_threshold bigint      not null default 0,
    shortfall_within_days integer,
    set_by                varchar(64),
    set_at                timestamptz,
    low                   boolean     not null default false,
    low_since             timestamptz,
    shortfall_on          date,
    shortfall_since       timestamptz
);
