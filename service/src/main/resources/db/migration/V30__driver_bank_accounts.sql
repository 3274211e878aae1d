-- Drivers' bank accounts. The account itself lives only in the driver's events, its holder name and number encrypted
-- under the driver's personal-data key (ADR-0026); these tables hold what is not secret.

-- Command side (ADR-0017): whether the driver has an account on file, written in the unit of work of the command
-- that set or removed it and read with the rest of the standing by every command that pays. No driver had an
-- account before this migration.
alter table driver_standing add column bank_account boolean not null default false;

-- Query side: the masked account the API shows (never the full number), one row per driver that ever had one.
-- state: ON_FILE, REMOVED, or ERASED with the driver's personal data (then nothing but the state is kept).
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
