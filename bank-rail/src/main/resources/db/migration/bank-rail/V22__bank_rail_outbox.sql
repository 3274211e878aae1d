-- The bank rail's outbox (ADR-0033). bank_payment: one row per payout attempt handed to the bank rail, keyed by its
-- end-to-end id, inserted in the hand-off's transaction; it belongs to at most one file (file_id), assigned in the
-- transaction that creates the file. bank_file: one row per pain.001, whose bytes are stored before the upload so
-- that a file sent again after a crash is the same file under the same name; one standard file per cut-off.

create sequence bank_file_id;

create table bank_file (
    id             bigint       not null primary key,
    message_id     varchar(35)  not null unique,
    file_name      varchar(100) not null unique,
    kind           varchar(16)  not null,
    cutoff_at      timestamp(6) with time zone,
    state          varchar(16)  not null,
    created_at     timestamp(6) with time zone not null,
    written_at     timestamp(6) with time zone,
    uploaded_at    timestamp(6) with time zone,
    content        bytea,
    content_sha256 varchar(64),
    payment_count  integer,
    upload_attempts integer     not null default 0,
    last_error     varchar(500)
);

create unique index bank_file_one_per_cutoff on bank_file (cutoff_at) where kind = 'STANDARD';
create index bank_file_by_state on bank_file (state, id);

create table bank_payment (
    end_to_end_id  varchar(35)  not null primary key,
    payout_id      varchar(40)  not null,
    attempt        bigint       not null,
    driver_id      varchar(40)  not null,
    net_amount     bigint       not null,
    rail           varchar(16)  not null,
    batch_id       varchar(40),
    state          varchar(16)  not null,
    file_id        bigint references bank_file (id),
    block_number   integer,
    settled_by     varchar(16),
    reason         varchar(500),
    handed_over_at timestamp(6) with time zone not null,
    updated_at     timestamp(6) with time zone not null
);

create index bank_payment_pending on bank_payment (rail, handed_over_at) where state = 'PENDING';
create index bank_payment_by_file on bank_payment (file_id);
create index bank_payment_failing on bank_payment (updated_at) where state = 'FAILING';
