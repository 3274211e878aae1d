package io.payouts.webhook.delivery;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A receiver on loopback that counts what it gets per event id and the most requests it had under way at once, and
 * answers with the status the test sets after an optional think time (a receiver's own work, not a test's wait).
 */
final class CountingReceiver implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
    private final AtomicInteger underWay = new AtomicInteger();
    private final AtomicInteger mostUnderWay = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile int status = 200;
    private volatile long thinkNanos;

    private CountingReceiver(HttpServer server) {
        this.server = server;
    }

    static CountingReceiver start() {
        try {
            CountingReceiver receiver = new CountingReceiver(
                    HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
            receiver.server.createContext("/hooks", exchange -> {
                int now = receiver.underWay.incrementAndGet();
                receiver.mostUnderWay.accumulateAndGet(now, Math::max);
                try (InputStream body = exchange.getRequestBody()) {
                    body.readAllBytes();
                    if (receiver.thinkNanos > 0) {
                        LockSupport.parkNanos(receiver.thinkNanos);
                    }
                    int answer = receiver.status;
                    receiver.requests.incrementAndGet();
                    if (answer >= 200 && answer < 300) {
                        String eventId = exchange.getRequestHeaders().getFirst(WebhookSender.EVENT_ID_HEADER);
                        receiver.received.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
                    }
                    receiver.underWay.decrementAndGet();
                    exchange.sendResponseHeaders(answer, -1);
                } finally {
                    exchange.close();
                }
            });
            receiver.server.setExecutor(receiver.threads);
            receiver.server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    CountingReceiver answering(int status) {
        this.status = status;
        return this;
    }

    CountingReceiver thinking(long millis) {
        this.thinkNanos = TimeUnit.MILLISECONDS.toNanos(millis);
        return this;
    }

    /** Event ids accepted with a 2xx, and how often each. */
    Map<String, AtomicInteger> delivered() {
        return received;
    }

    int requests() {
        return requests.get();
    }

    int mostUnderWay() {
        return mostUnderWay.get();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
