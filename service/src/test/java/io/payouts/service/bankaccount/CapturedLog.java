package io.payouts.service.bankaccount;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Everything the service logs while it is open, from every logger, with the service's own, Axon's and Spring MVC's
 * turned up to DEBUG meanwhile: what an operator would find in the log at its most talkative. Saved under
 * target/bank-account-logs for a reviewer.
 */
final class CapturedLog implements AutoCloseable {

    private static final List<String> TALKATIVE = List.of("io.payouts", "org.axonframework",
            "org.springframework.web");

    private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Map<String, Level> levelsBefore = new HashMap<>();
    private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            String line = event.getLevel() + " " + event.getLoggerName() + " " + event.getFormattedMessage();
            if (event.getThrowableProxy() != null) {
                line += "\n" + ThrowableProxyUtil.asString(event.getThrowableProxy());
            }
            lines.add(line + " " + event.getMDCPropertyMap());
        }
    };

    CapturedLog() {
        appender.setContext(context);
        appender.setName("bank-account-test-capture");
        appender.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(appender);
        for (String name : TALKATIVE) {
            Logger logger = context.getLogger(name);
            levelsBefore.put(name, logger.getLevel());
            logger.setLevel(Level.DEBUG);
        }
    }

    String text() {
        return String.join("\n", lines);
    }

    int lineCount() {
        return lines.size();
    }

    void saveAs(String name) {
        try {
            Path folder = Files.createDirectories(Path.of("target", "bank-account-logs"));
            Files.writeString(folder.resolve(name), text());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(appender);
        appender.stop();
        levelsBefore.forEach((name, level) -> context.getLogger(name).setLevel(level));
    }
}
