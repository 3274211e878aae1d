package io.payouts.service.platform.postgres;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Tells this instance what another one committed (ADR-0030): PostgreSQL's LISTEN on one connection of its own, and
 * for each channel a reaction to a notification and one to a gap. Every instance shares the one database, whatever
 * holds the events, so a NOTIFY sent in a transaction reaches every instance as it commits. While the connection is
 * lost notifications may be missed: each channel's gap reaction runs when the listening starts again, so a cache
 * forgets what it may have missed.
 */
public class DatabaseNotifications implements SmartLifecycle {

    private static final Pattern CHANNEL = Pattern.compile("[a-z_]{1,63}");
    private static final Duration WAIT = Duration.ofMillis(500);
    private static final Duration RETRY = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(DatabaseNotifications.class);

    private final DataSource dataSource;
    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private volatile boolean running;
    private volatile boolean listening;
    private Thread thread;

    public DatabaseNotifications(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** On every notification of {@code channel}, {@code notified}; after a spell without listening, {@code gap}. */
    public void listen(String channel, Runnable notified, Runnable gap) {
        if (!CHANNEL.matcher(channel).matches()) {
            throw new IllegalArgumentException("a channel is lower-case letters and underscores: " + channel);
        }
        channels.put(channel, new Channel(notified, gap));
    }

    /** Whether notifications reach this instance right now. */
    public boolean listening() {
        return listening;
    }

    private void listenWhileRunning() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement statement = connection.createStatement()) {
                    for (String channel : channels.keySet()) {
                        statement.execute("listen " + channel);
                    }
                }
                listening = true;
                channels.values().forEach(channel -> channel.gap().run());
                receive(connection.unwrap(PGConnection.class));
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    log.warn("Not listening to database notifications; trying again in {}: {}", RETRY, e.toString());
                }
            } finally {
                listening = false;
            }
            pause();
        }
    }

    private void receive(PGConnection connection) throws SQLException {
        while (running) {
            PGNotification[] notifications = connection.getNotifications((int) WAIT.toMillis());
            if (notifications == null) {
                continue;
            }
            for (PGNotification notification : notifications) {
                Channel channel = channels.get(notification.getName());
                if (channel != null) {
                    channel.notified().run();
                }
            }
        }
    }

    private void pause() {
        if (!running) {
            return;
        }
        try {
            Thread.sleep(RETRY.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void start() {
        running = true;
        thread = new Thread(this::listenWhileRunning, "database-notifications");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (thread != null) {
            try {
                thread.join(WAIT.multipliedBy(4).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private record Channel(Runnable notified, Runnable gap) {
    }
}
