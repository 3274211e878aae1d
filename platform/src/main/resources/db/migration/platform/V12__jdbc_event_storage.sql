-- Axon's JDBC storage (ADR-0018) leaves the global index of an event and the id of a saga association to the
-- database; JPA used to draw them from these sequences itself.

alter table domain_event_entry alter column global_index set default nextval('domain_event_entry_seq');
alter table association_value_entry alter column id set default nextval('association_value_entry_seq');
