-- A payout's answer names its driver straight from the admission (ADR-0018): the standings the admission reads
-- carry the driver's current name, filled from the latest of its registration and profile updates.

alter table driver_standing add column name varchar(200);

update driver_standing standing
set name = (select convert_from(named.payload, 'UTF8')::jsonb ->> 'name'
            from domain_event_entry named
            where named.aggregate_identifier = standing.driver_id
              and named.payload_type in ('io.payouts.shared.driver.DriverRegisteredEvent',
                                         'io.payouts.shared.driver.DriverProfileUpdatedEvent')
            order by named.sequence_number desc
            limit 1);
