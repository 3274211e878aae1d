-- The masked bank account the API shows (ADR-0035), never the full number: one row per driver from the registration
-- on, so a driver without an account is told from one that does not exist. The account itself lives only in the
-- driver's events, its holder name and number encrypted under the driver's personal-data key (ADR-0026).
-- state: NONE (never had one), ON_FILE, REMOVED, or ERASED with the driver's personal data (then nothing but the
-- state is kept). The projection fills the table from the drivers' stored events when it first starts.

create table driver_bank_account_view (
    driver_id      varchar(40)  not null primary key,
    mode           varchar(16)  not null,
    state          varchar(16)  not null,
    holder_name    varchar(140),
    country        varchar(2),
    account_type   varchar(16),
    routing_number varchar(9),
    bic            varchar(11),
    last4          varchar(4),
    updated_at     timestamp(6) with time zone not null,
    version        bigint       not null
);

create index driver_bank_account_view_mode on driver_bank_account_view (mode);
