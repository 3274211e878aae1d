-- Crypto-shredding of drivers' personal data (ADR-0026): each driver's name, e-mail and phone are stored in events
-- encrypted under the driver's own key; erasure destroys the key and keeps the row as the record that it happened.
create table driver_personal_data_key (
    driver_id   varchar(40) not null,
    secret      bytea,
    created_at  timestamp(6) with time zone not null,
    erased_at   timestamp(6) with time zone,
    erased_by   varchar(200),
    constraint driver_personal_data_key_pkey primary key (driver_id),
    constraint driver_personal_data_key_erased check ((secret is null) = (erased_at is not null))
);
