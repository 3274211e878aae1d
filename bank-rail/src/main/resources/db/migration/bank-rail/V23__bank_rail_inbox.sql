-- What the bank sends back (ADR-0033, ADR-0034). bank_inbound_file: a claim per file name, so each file is read
-- once whichever instance lists it. bank_problem: bank input that moved nothing (unreadable, unknown, duplicate,
-- contradicting), for an admin to look at. bank_credit: every credit notified that was not a return, settled against
-- a top-up or kept unmatched for finance, once per file entry. bank_link: when the bank last answered and last did
-- not, which readiness details and metrics show.

create table bank_inbound_file (
    file_name    varchar(255) not null primary key,
    state        varchar(16)  not null,
    kind         varchar(16),
    claimed_by   varchar(128) not null,
    claimed_at   timestamp(6) with time zone not null,
    processed_at timestamp(6) with time zone,
    archived_at  timestamp(6) with time zone
);

create index bank_inbound_file_unarchived on bank_inbound_file (processed_at) where archived_at is null;

create table bank_problem (
    id            bigserial    not null primary key,
    file_name     varchar(255),
    end_to_end_id varchar(64),
    payout_id     varchar(40),
    reason        varchar(1000) not null,
    detected_at   timestamp(6) with time zone not null
);

create index bank_problem_newest on bank_problem (detected_at desc, id desc);

create table bank_credit (
    id              bigserial    not null primary key,
    file_name       varchar(255) not null,
    entry_number    integer      not null,
    amount          bigint       not null,
    currency        varchar(3)   not null,
    reference       varchar(140),
    remittance_text varchar(500),
    bank_reference  varchar(140),
    booking_date    date,
    outcome         varchar(16)  not null,
    top_up_id       varchar(40),
    reason          varchar(500),
    received_at     timestamp(6) with time zone not null,
    unique (file_name, entry_number)
);

create index bank_credit_unmatched on bank_credit (received_at desc, id desc) where outcome = 'UNMATCHED';

create table bank_link (
    id                int          not null primary key,
    last_success_at   timestamp(6) with time zone,
    last_failure_at   timestamp(6) with time zone,
    last_error        varchar(500)
);

insert into bank_link (id) values (1);
