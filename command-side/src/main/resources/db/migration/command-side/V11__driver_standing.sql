-- Who may be paid, as the command side decides it (issue #11): written in the unit of work of each driver's own
-- command, read (for share) in the unit of work that reserves a payout's funds. Filled from the stored events of
-- the drivers that exist before it.

create table driver_standing (
    driver_id  varchar(40) not null primary key,
    mode       varchar(16) not null,
    status     varchar(16) not null,
    kyc_status varchar(16) not null
);

insert into driver_standing (driver_id, mode, status, kyc_status)
select registered.aggregate_identifier,
       convert_from(registered.payload, 'UTF8')::jsonb ->> 'mode',
       case
           when exists (select 1 from domain_event_entry later
                        where later.aggregate_identifier = registered.aggregate_identifier
                          and later.payload_type = 'io.payouts.shared.driver.DriverDeactivatedEvent') then 'INACTIVE'
           when exists (select 1 from domain_event_entry later
                        where later.aggregate_identifier = registered.aggregate_identifier
                          and later.payload_type = 'io.payouts.shared.driver.DriverKycVerifiedEvent') then 'ACTIVE'
           else 'INVITED'
       end,
       coalesce((select case kyc.payload_type
                            when 'io.payouts.shared.driver.DriverKycVerifiedEvent' then 'VERIFIED'
                            else 'REJECTED'
                        end
                 from domain_event_entry kyc
                 where kyc.aggregate_identifier = registered.aggregate_identifier
                   and kyc.payload_type in ('io.payouts.shared.driver.DriverKycVerifiedEvent',
                                            'io.payouts.shared.driver.DriverKycRejectedEvent')
                 order by kyc.sequence_number desc
                 limit 1), 'PENDING')
from domain_event_entry registered
where registered.payload_type = 'io.payouts.shared.driver.DriverRegisteredEvent';
