-- Identity: users and their sessions (plain tables, not event-sourced: they hold password hashes, which must be
-- erasable), the API key read model, and when each key was last used (ADR-0009).

create table user_account (
    id            varchar(40)  not null primary key,
    email         varchar(254) not null,
    password_hash varchar(100) not null,
    role          varchar(16)  not null,
    status        varchar(16)  not null,
    created_by    varchar(40),
    created_at    timestamp(6) with time zone not null,
    disabled_at   timestamp(6) with time zone
);
create unique index user_account_email_key on user_account (lower(email));

create table user_session (
    token_hash varchar(64) not null primary key,
    user_id    varchar(40) not null references user_account (id),
    created_at timestamp(6) with time zone not null,
    expires_at timestamp(6) with time zone not null,
    ended_at   timestamp(6) with time zone
);
create index user_session_by_user on user_session (user_id);

create table api_key_view (
    id               varchar(40)   not null primary key,
    name             varchar(100)  not null,
    mode             varchar(16)   not null,
    scopes           varchar(300)  not null,
    approval_status  varchar(16)   not null,
    approval_reason  varchar(1000),
    created_by       varchar(40)   not null,
    created_at       timestamp(6) with time zone not null,
    expires_at       timestamp(6) with time zone,
    approved_by      varchar(40),
    approved_at      timestamp(6) with time zone,
    rejected_by      varchar(40),
    rejected_at      timestamp(6) with time zone,
    rejection_reason varchar(1000),
    revoked_by       varchar(40),
    revoked_at       timestamp(6) with time zone,
    replaced_by      varchar(40),
    regenerated_from varchar(40),
    key_hash         varchar(64),
    last_four        varchar(4),
    version          bigint        not null
);
create unique index api_key_view_key_hash on api_key_view (key_hash);
create index api_key_view_by_creator on api_key_view (created_by, created_at desc, id desc);
create index api_key_view_by_status on api_key_view (approval_status, created_at, id);

create table api_key_last_use (
    key_id       varchar(40) not null primary key,
    last_used_at timestamp(6) with time zone not null
);
