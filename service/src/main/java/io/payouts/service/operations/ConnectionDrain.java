package io.payouts.service.operations;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The first step of stopping an instance, before Spring Boot's graceful shutdown, which pauses Tomcat at once: a
 * request then sent on a kept-alive connection went unanswered in the drill. So the server socket closes first (a new
 * connection is refused, and a load balancer sends it elsewhere) and a request still arriving on an open connection
 * is answered with {@code Connection: close}. This lasts until no request has come for {@link #QUIET}, and
 * {@code payouts.shutdown.drain} at most; then the graceful shutdown waits for the requests in flight, and Axon's
 * processors and command bus stop after the web server.
 */
@Component
class ConnectionDrain implements SmartLifecycle, WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    /** A client still using its connection sends on it within this long; one that has not, has gone elsewhere. */
    static final Duration QUIET = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(ConnectionDrain.class);
    private static final long POLL_MS = 50;

    private final Duration limit;
    private final List<Connector> connectors = new CopyOnWriteArrayList<>();
    private volatile long lastArrivalNanos = System.nanoTime();
    private volatile boolean running;

    ConnectionDrain(@Value("${payouts.shutdown.drain}") Duration limit) {
        if (limit == null || limit.isNegative()) {
            throw new IllegalArgumentException("payouts.shutdown.drain must be zero or positive");
        }
        this.limit = limit;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addConnectorCustomizers(connectors::add);
        factory.addEngineValves(new Arrivals());
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        if (connectors.isEmpty() || limit.isZero()) {
            return;
        }
        long start = System.nanoTime();
        connectors.forEach(connector -> connector.getProtocolHandler().closeServerSocketGraceful());
        log.info("Stopping: new connections are refused, open ones are closed after their next answer; draining "
                + "until no request has arrived for {} ms, at most {}", QUIET.toMillis(), limit);
        long deadline = start + limit.toNanos();
        while (System.nanoTime() - lastArrivalNanos < QUIET.toNanos() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        log.info("Drained connections in {} ms", Duration.ofNanos(System.nanoTime() - start).toMillis());
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Before the web server's graceful shutdown ({@code SmartLifecycle.DEFAULT_PHASE - 1024}): lifecycles stop from
     * the highest phase down.
     */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE;
    }

    /** Notes when each request arrives, whatever it is for. */
    private final class Arrivals extends ValveBase {

        Arrivals() {
            super(true);
        }

        @Override
        public void invoke(Request request, Response response) throws IOException, ServletException {
            lastArrivalNanos = System.nanoTime();
            getNext().invoke(request, response);
        }
    }
}
