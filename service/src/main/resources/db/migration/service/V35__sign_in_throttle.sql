-- Failed sign-ins per account, named by the SHA-256 of its lower-case e-mail so unknown e-mails are counted alike
-- and no address is stored (ADR-0041). A row goes at the next successful sign-in, or once its window and wait end.

create table sign_in_throttle (
    account_key      varchar(64)  not null primary key,
    failures         integer      not null,
    first_failure_at timestamp(6) with time zone not null,
    blocked_until    timestamp(6) with time zone
);
