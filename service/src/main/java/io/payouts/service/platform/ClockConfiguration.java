package io.payouts.service.platform;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** The one clock the edge stamps requests and commands with; tests replace it to control time. */
@Configuration(proxyBeanMethods = false)
class ClockConfiguration {

    @Bean
    Clock clock() {
        return new MicrosecondClock(ZoneOffset.UTC);
    }

    /**
     * The system clock in microseconds, PostgreSQL's precision: a time a write answers with (from its command) is then
     * the very time every later read shows, whether that read comes from a read model's row or from the stored
     * events. Not {@code Clock.tick}: its {@code millis()} divides by zero for a tick under a millisecond.
     */
    static final class MicrosecondClock extends Clock {

        private final ZoneId zone;

        MicrosecondClock(ZoneId zone) {
            this.zone = zone;
        }

        @Override
        public Instant instant() {
            return Instant.now().truncatedTo(ChronoUnit.MICROS);
        }

        @Override
        public long millis() {
            return System.currentTimeMillis();
        }

        @Override
        public ZoneId getZone() {
            return zone;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return new MicrosecondClock(zone);
        }
    }
}
