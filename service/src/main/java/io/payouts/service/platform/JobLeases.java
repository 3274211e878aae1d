package io.payouts.service.platform;

import org.springframework.jdbc.core.JdbcTemplate;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.UUID;

/**
 * Who runs a timer's work when several instances share the database: the instance that holds the job's
 * lease in {@code job_lease}. Each round renews it; an instance that stops gives it back, and one that dies loses it
 * when it runs out. Time is the database's, so instances whose clocks differ agree on when a lease ends.
 */
public class JobLeases {

    private final JdbcTemplate jdbc;
    private final String holder;

    public JobLeases(JdbcTemplate jdbc) {
        this(jdbc, ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID());
    }

    JobLeases(JdbcTemplate jdbc, String holder) {
        this.jdbc = jdbc;
        this.holder = holder;
    }

    /** Takes or renews the job's lease for {@code length}; false while another instance holds it. */
    public boolean tryHold(String job, Duration length) {
        return !jdbc.queryForList("""
                insert into job_lease (job, holder, held_until)
                values (?, ?, now() + make_interval(secs => ?))
                on conflict (job) do update set holder = excluded.holder, held_until = excluded.held_until
                    where job_lease.holder = excluded.holder or job_lease.held_until < now()
                returning holder""", String.class, job, holder, length.toMillis() / 1000.0).isEmpty();
    }

    /** Gives the job back, if this instance holds it, so that another takes it over at its next round. */
    public void release(String job) {
        jdbc.update("delete from job_lease where job = ? and holder = ?", job, holder);
    }
}
