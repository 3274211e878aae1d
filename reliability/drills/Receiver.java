import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A webhook receiver on loopback: it counts each event id it is given, and can be down (nothing listens) or hang
 * (it takes the request and never answers until it is released).
 */
final class Receiver {

    private final int port;
    private final boolean hangs;
    private final CountDownLatch released = new CountDownLatch(1);
    final Map<String, AtomicLong> deliveries = new ConcurrentHashMap<>();
    final Map<String, Long> firstSeenAt = new ConcurrentHashMap<>();
    final AtomicLong requests = new AtomicLong();
    private HttpServer server;

    Receiver(int port, boolean hangs) {
        this.port = port;
        this.hangs = hangs;
    }

    String url() {
        return "http://127.0.0.1:" + port + "/hook";
    }

    void up() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 200);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/hook", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            if (hangs) {
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            String eventId = exchange.getRequestHeaders().getFirst("X-Webhook-Event-Id");
            if (eventId != null) {
                deliveries.computeIfAbsent(eventId, id -> new AtomicLong()).incrementAndGet();
                firstSeenAt.putIfAbsent(eventId, System.nanoTime());
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    void down() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    void release() {
        released.countDown();
    }

    long duplicates() {
        return deliveries.values().stream().filter(count -> count.get() > 1).count();
    }
}
