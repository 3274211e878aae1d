package io.payouts.service.fuzz;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;

/** Every log line of the service while it is open, with io.payouts at DEBUG, as KeyValueSecrecyTest captures them. */
final class LogCapture implements AutoCloseable {

    static final String PROBE = "log capture probe";

    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final Logger service = (Logger) LoggerFactory.getLogger("io.payouts");
    private final Level serviceLevel;

    private LogCapture() {
        serviceLevel = service.getLevel();
        appender.start();
        root.addAppender(appender);
        service.setLevel(Level.DEBUG);
    }

    static LogCapture start() {
        return new LogCapture();
    }

    /** Logs a debug line through io.payouts, so a test can see that the capture works. */
    void probe() {
        LoggerFactory.getLogger("io.payouts.test.AuthorizationMatrix").debug(PROBE);
    }

    /** Each captured line as text: the message, the stack trace and the MDC. */
    List<String> lines() {
        return List.copyOf(appender.list).stream().map(LogCapture::text).toList();
    }

    private static String text(ILoggingEvent event) {
        StringBuilder text = new StringBuilder(event.getLoggerName()).append(": ")
                .append(event.getFormattedMessage());
        if (event.getThrowableProxy() != null) {
            text.append('\n').append(ThrowableProxyUtil.asString(event.getThrowableProxy()));
        }
        if (event.getMDCPropertyMap() != null) {
            text.append('\n').append(event.getMDCPropertyMap());
        }
        return text.toString();
    }

    @Override
    public void close() {
        root.detachAppender(appender);
        service.setLevel(serviceLevel);
        appender.stop();
    }
}
