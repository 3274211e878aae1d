-- Drivers: the command side's external-id claims (one svcDriverId per mode) and the query side's read model.

create table driver_svc_id_claim (
    mode          varchar(16)  not null,
    svc_driver_id varchar(100) not null,
    driver_id     varchar(40)  not null,
    primary key (mode, svc_driver_id)
);

create table driver_view (
    id              varchar(40)  not null primary key,
    mode            varchar(16)  not null,
    svc_driver_id   varchar(100) not null,
    name            varchar(200) not null,
    email           varchar(254) not null,
    phone           varchar(16)  not null,
    status          varchar(16)  not null,
    kyc_status      varchar(16)  not null,
    total_paid      bigint       not null default 0,
    pending_payouts bigint       not null default 0,
    created_at      timestamp(6) with time zone not null,
    updated_at      timestamp(6) with time zone not null,
    version         bigint       not null
);

create index driver_view_by_mode on driver_view (mode, created_at desc, id desc);
create index driver_view_by_mode_status on driver_view (mode, status, created_at desc, id desc);
