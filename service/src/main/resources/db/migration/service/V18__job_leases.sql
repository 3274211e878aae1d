-- Work that runs on a timer runs on one instance at a time (issue #17): a job's lease names the instance that holds
-- it and until when (the database's clock, the one clock every instance shares); another instance takes the job
-- over once the lease has run out, or at once when its holder stops and gives it back.
create table job_lease (
    job        varchar(64)  not null primary key,
    holder     varchar(128) not null,
    held_until timestamptz  not null
);
