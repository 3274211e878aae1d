package io.payouts.service.bankaccount;

import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.service.erasure.ErasedDrivers;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.PayeeAccount;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyCollection;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** An account read once is answered again from memory only while the driver's stream and personal data stand. */
class StoredPayeeAccountsTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "a".repeat(32));
    private static final Instant AT = Instant.parse("2026-11-27T09:00:00Z");

    private final EmbeddedEventStore events = spy(EmbeddedEventStore.builder()
            .storageEngine(new InMemoryEventStorageEngine()).build());
    private final ErasedDrivers erasedDrivers = mock(ErasedDrivers.class);
    private final EventStreamPositions positions = mock(EventStreamPositions.class);
    private final StoredPayeeAccounts payees = new StoredPayeeAccounts(events, positions, erasedDrivers, Runnable::run);
    private long nextSequence;

    @AfterEach
    void shutDown() {
        events.shutDown();
    }

    @Test
    void answersASecondReadFromMemoryWhileTheStreamHasNoNewerEvent() {
        append(new DriverRegisteredEvent(DRIVER, Mode.PRODUCTION, null, "Ada", null, null, AT));
        append(accountSet("Ada Lovelace", "123456789"));

        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).map(PayeeAccount::accountNumber).contains("123456789");
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).map(PayeeAccount::accountNumber).contains("123456789");
        assertThat(payees.find(DRIVER, Mode.SANDBOX)).as("not a driver of that mode").isEmpty();

        verify(events, times(1)).readEvents(eq(DRIVER.value()), anyLong());
    }

    @Test
    void readsAgainOnceTheStreamHasANewerEvent() {
        append(new DriverRegisteredEvent(DRIVER, Mode.PRODUCTION, null, "Ada", null, null, AT));
        append(accountSet("Ada Lovelace", "123456789"));
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).isPresent();

        append(accountSet("Ada Lovelace", "987654321"));
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).map(PayeeAccount::accountNumber).contains("987654321");

        append(new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, AT));
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).isEmpty();
        verify(events, times(3)).readEvents(eq(DRIVER.value()), anyLong());
    }

    @Test
    void readsAgainOnceTheDriversPersonalDataIsErased() {
        append(new DriverRegisteredEvent(DRIVER, Mode.PRODUCTION, null, "Ada", null, null, AT));
        append(accountSet("Ada Lovelace", "123456789"));
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).isPresent();

        when(erasedDrivers.erased(DRIVER.value())).thenReturn(true);
        payees.find(DRIVER, Mode.PRODUCTION);

        // read again, the serializer finds the holder and the number erased (BankAccountErasureTest)
        verify(events, times(2)).readEvents(eq(DRIVER.value()), anyLong());
    }

    @Test
    void answersManyFromMemoryWithOneLookAtTheStreamsHeads() {
        append(new DriverRegisteredEvent(DRIVER, Mode.PRODUCTION, null, "Ada", null, null, AT));
        append(accountSet("Ada Lovelace", "123456789"));
        when(positions.streamHeads(anyCollection())).thenReturn(Map.of(DRIVER.value(), 1L));
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).isPresent();

        assertThat(payees.findAll(List.of(DRIVER), Mode.PRODUCTION).get(DRIVER))
                .map(PayeeAccount::accountNumber).contains("123456789");
        verify(events, times(1)).readEvents(eq(DRIVER.value()), anyLong());

        append(accountSet("Ada Lovelace", "987654321"));
        when(positions.streamHeads(anyCollection())).thenReturn(Map.of(DRIVER.value(), 2L));
        assertThat(payees.findAll(List.of(DRIVER), Mode.PRODUCTION).get(DRIVER))
                .map(PayeeAccount::accountNumber).contains("987654321");
    }

    @Test
    void asksStreamByStreamWhereTheEventStoreGivesNoHeadsForMany() {
        append(new DriverRegisteredEvent(DRIVER, Mode.PRODUCTION, null, "Ada", null, null, AT));
        append(accountSet("Ada Lovelace", "123456789"));
        when(positions.streamHeads(anyCollection())).thenReturn(Map.of());
        assertThat(payees.find(DRIVER, Mode.PRODUCTION)).isPresent();

        append(accountSet("Ada Lovelace", "987654321"));
        assertThat(payees.findAll(List.of(DRIVER), Mode.PRODUCTION).get(DRIVER))
                .map(PayeeAccount::accountNumber).contains("987654321");
        assertThat(payees.findAll(List.of(DRIVER), Mode.PRODUCTION).get(DRIVER))
                .map(PayeeAccount::accountNumber).contains("987654321");
        verify(events, times(2)).readEvents(eq(DRIVER.value()), anyLong());
    }

    private void append(Object payload) {
        events.publish(new GenericDomainEventMessage<>("Driver", DRIVER.value(), nextSequence++, payload));
    }

    private static DriverBankAccountSetEvent accountSet(String holder, String number) {
        return new DriverBankAccountSetEvent(DRIVER, Mode.PRODUCTION, holder, "US", BankAccountType.CHECKING,
                "011000015", null, number, null, "0000", AT);
    }
}
