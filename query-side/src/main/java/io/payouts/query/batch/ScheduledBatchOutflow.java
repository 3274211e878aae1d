package io.payouts.query.batch;

import io.payouts.shared.Mode;
import org.springframework.stereotype.Component;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;

/**
 * Money that queued batches will take out of the wallet when released (decisions.md, Money): a scheduled batch
 * on its scheduled day (UTC), a batch without a schedule, or one whose time passed while it stayed queued, today.
 * Their payouts hold no funds yet, so the in-flight payouts do not count them (ADR-0013).
 */
@Component
public class ScheduledBatchOutflow {

    private final BatchRows batches;

    ScheduledBatchOutflow(BatchRows batches) {
        this.batches = batches;
    }

    /** The amount due per day from {@code today} to {@code lastDay} inclusive; days with nothing are absent. */
    public Map<LocalDate, Long> dueBetween(Mode mode, LocalDate today, LocalDate lastDay) {
        Map<LocalDate, Long> due = new TreeMap<>();
        for (BatchRow batch : batches.queued(mode)) {
            LocalDate day = batch.scheduledFor() == null ? today
                    : LocalDate.ofInstant(batch.scheduledFor(), ZoneOffset.UTC);
            if (day.isBefore(today)) {
                day = today;
            }
            if (!day.isAfter(lastDay)) {
                due.merge(day, batch.totalAmount(), Long::sum);
            }
        }
        return due;
    }
}
