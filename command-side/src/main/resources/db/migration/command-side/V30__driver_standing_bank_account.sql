-- Whether a driver has a bank account on file (ADR-0017, ADR-0035), written in the unit of work of the command that
-- set or removed it and read with the rest of the standing by every command that pays. The account itself lives only
-- in the driver's events, its holder name and number encrypted under the driver's personal-data key (ADR-0026). No
-- driver had an account before this migration.

alter table driver_standing add column bank_account boolean not null default false;
