package io.payouts.service.bankaccount;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.service.erasure.ErasedDrivers;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.driver.PayeeAccounts;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

import static io.payouts.platform.tables.ErasesPersonalData.ERASED;

/**
 * The account a rail pays a driver to, read from the driver's stored events, the only place it is kept in full. The
 * event serializer opens its holder's name and number with the driver's personal-data key (ADR-0026), so nothing here
 * sees a key; once the key is destroyed they read as erased: no account.
 *
 * <p>A read is kept in memory, never stored, and reused while the driver's stream has no newer event and their data
 * is not erased: that check is one short query, where a read decrypts the stream.
 */
@Component
class StoredPayeeAccounts implements PayeeAccounts {

    /** Longer than a cut-off interval, so an account read at the hand-off is still here at the cut-off. */
    private static final Duration KEPT_FOR = Duration.ofMinutes(10);

    private final EventStore eventStore;
    private final EventStreamPositions positions;
    private final ErasedDrivers erasedDrivers;
    private final Executor reads;
    private final Cache<String, Read> recent = Caffeine.newBuilder().expireAfterWrite(KEPT_FOR)
            .maximumSize(100_000).build();

    StoredPayeeAccounts(EventStore eventStore, EventStreamPositions positions, ErasedDrivers erasedDrivers,
                        @Qualifier("payeeAccountReads") Executor reads) {
        this.eventStore = eventStore;
        this.positions = positions;
        this.erasedDrivers = erasedDrivers;
        this.reads = reads;
    }

    @Override
    public Optional<PayeeAccount> find(DriverId driverId, Mode mode) {
        String id = driverId.value();
        Read kept = recent.getIfPresent(id);
        if (kept != null && eventStore.lastSequenceNumberFor(id).orElse(-1L) == kept.lastSequence()
                && !erasedDrivers.erased(id)) {
            return kept.accountIn(mode);
        }
        return readAndKeep(id).accountIn(mode);
    }

    /**
     * The streams' heads in one query where the event store answers for many (PostgreSQL); what is not in memory, or
     * no longer current, is read a few drivers at a time.
     */
    @Override
    public Map<DriverId, Optional<PayeeAccount>> findAll(Collection<DriverId> driverIds, Mode mode) {
        Map<String, Long> heads = positions.streamHeads(driverIds.stream().map(DriverId::value).distinct().toList());
        Map<DriverId, CompletableFuture<Optional<PayeeAccount>>> reading = new LinkedHashMap<>();
        for (DriverId driverId : driverIds) {
            String id = driverId.value();
            Read kept = recent.getIfPresent(id);
            Long head = heads.get(id);
            if (kept != null && head != null && head == kept.lastSequence() && !erasedDrivers.erased(id)) {
                reading.put(driverId, CompletableFuture.completedFuture(kept.accountIn(mode)));
            } else {
                // absent from the heads: no stream, or an event store that answers one stream at a time
                reading.putIfAbsent(driverId, CompletableFuture.supplyAsync(() -> find(driverId, mode), reads));
            }
        }
        Map<DriverId, Optional<PayeeAccount>> accounts = new LinkedHashMap<>();
        reading.forEach((driverId, account) -> {
            try {
                accounts.put(driverId, account.join());
            } catch (CompletionException failed) {
                throw failed.getCause() instanceof RuntimeException cause ? cause : failed;
            }
        });
        return accounts;
    }

    private Read readAndKeep(String driverId) {
        Read read = readStream(driverId);
        if (read.lastSequence() >= 0) {
            recent.put(driverId, read);
        }
        return read;
    }

    private Read readStream(String driverId) {
        DomainEventStream stream = eventStore.readEvents(driverId, 0);
        long lastSequence = -1;
        Mode driverMode = null;
        DriverBankAccountSetEvent current = null;
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            lastSequence = event.getSequenceNumber();
            Object payload = event.getPayload();
            if (payload instanceof DriverRegisteredEvent registered) {
                driverMode = registered.mode();
            } else if (payload instanceof DriverBankAccountSetEvent set) {
                current = set;
            } else if (payload instanceof DriverBankAccountRemovedEvent) {
                current = null;
            }
        }
        if (current == null || ERASED.equals(current.holderName()) || ERASED.equals(current.accountNumber())
                || ERASED.equals(current.iban())) {
            return new Read(lastSequence, driverMode, Optional.empty());
        }
        return new Read(lastSequence, driverMode, Optional.of(new PayeeAccount(current.holderName(),
                current.country(), current.routingNumber(), current.accountNumber(), current.accountType(),
                current.iban(), current.bic())));
    }

    /** What one read of a driver's stream found, up to the event it ended at. */
    private record Read(long lastSequence, Mode driverMode, Optional<PayeeAccount> account) {

        Optional<PayeeAccount> accountIn(Mode mode) {
            return driverMode == mode ? account : Optional.empty();
        }
    }
}
