-- Sandbox drivers whose KYC is verified automatically once due_at passes (ADR-0015). Only the sandbox writes here,
-- and a sandbox reset empties it.
create table sandbox_kyc_verification (
    driver_id varchar(40) not null primary key,
    due_at    timestamp(6) with time zone not null,
    attempts  integer     not null default 0
);

create index sandbox_kyc_verification_by_due_at on sandbox_kyc_verification (due_at);
