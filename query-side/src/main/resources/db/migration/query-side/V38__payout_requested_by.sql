-- Who the request said asked for the payout. Null when it named no one, as for every payout requested before
-- requests could name anyone; a replay from the events writes the same.
alter table payout_view add column requested_by varchar(200);
