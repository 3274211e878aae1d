package io.payouts.service.erasure;

import io.payouts.platform.tables.ErasesPersonalData;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.serialization.Converter;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SerializedType;
import org.axonframework.serialization.Serializer;

import java.util.function.Supplier;

/**
 * The event serializer with crypto-shredding (ADR-0026): a driver's name, e-mail and phone, and their bank account's
 * holder name and number ({@link BankAccountFields}), leave for the event store encrypted under the driver's key, and
 * come back decrypted, or as {@value #ERASED} once the key is destroyed. An older plain-text event comes back as
 * stored until its driver is erased. Everything that reads events through Axon goes through here, so none of it can
 * show erased data. The stored bytes never change: the hash chain (ADR-0025) still verifies.
 */
class PersonalDataProtection implements Serializer {

    static final String ERASED = ErasesPersonalData.ERASED;

    private final Serializer delegate;
    private final Supplier<PersonalDataKeys> keys;

    PersonalDataProtection(Serializer delegate, Supplier<PersonalDataKeys> keys) {
        this.delegate = delegate;
        this.keys = keys;
    }

    @Override
    public <T> SerializedObject<T> serialize(Object object, Class<T> expectedRepresentation) {
        return delegate.serialize(sealed(object), expectedRepresentation);
    }

    @Override
    public <S, T> T deserialize(SerializedObject<S> serializedObject) {
        T object = delegate.deserialize(serializedObject);
        @SuppressWarnings("unchecked")
        T opened = (T) opened(object);
        return opened;
    }

    @Override
    public <T> boolean canSerializeTo(Class<T> expectedRepresentation) {
        return delegate.canSerializeTo(expectedRepresentation);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Class classForType(SerializedType type) {
        return delegate.classForType(type);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public SerializedType typeForClass(Class type) {
        return delegate.typeForClass(type);
    }

    @Override
    public Converter getConverter() {
        return delegate.getConverter();
    }

    private Object sealed(Object object) {
        if (object instanceof DriverRegisteredEvent registered) {
            Fields fields = seal(registered.driverId().value(), registered.name(), registered.email(),
                    registered.phone());
            return new DriverRegisteredEvent(registered.driverId(), registered.mode(), registered.svcDriverId(),
                    fields.name(), fields.email(), fields.phone(), registered.registeredAt());
        }
        if (object instanceof DriverProfileUpdatedEvent updated) {
            Fields fields = seal(updated.driverId().value(), updated.name(), updated.email(), updated.phone());
            return new DriverProfileUpdatedEvent(updated.driverId(), updated.mode(), fields.name(), fields.email(),
                    fields.phone(), updated.updatedAt());
        }
        if (object instanceof DriverBankAccountSetEvent account) {
            String driverId = account.driverId().value();
            PersonalDataKeys.KeyState key = keys.get().forWriting(driverId);
            return BankAccountFields.map(account, (field, value) -> key.erased() ? ERASED
                    : PersonalDataCipher.encrypt(key.secret(), driverId, field, value));
        }
        return object;
    }

    private Object opened(Object object) {
        if (object instanceof DriverRegisteredEvent registered) {
            Fields fields = open(registered.driverId().value(), registered.name(), registered.email(),
                    registered.phone());
            return new DriverRegisteredEvent(registered.driverId(), registered.mode(), registered.svcDriverId(),
                    fields.name(), fields.email(), fields.phone(), registered.registeredAt());
        }
        if (object instanceof DriverProfileUpdatedEvent updated) {
            Fields fields = open(updated.driverId().value(), updated.name(), updated.email(), updated.phone());
            return new DriverProfileUpdatedEvent(updated.driverId(), updated.mode(), fields.name(), fields.email(),
                    fields.phone(), updated.updatedAt());
        }
        if (object instanceof DriverBankAccountSetEvent account) {
            return openedAccount(account);
        }
        return object;
    }

    private DriverBankAccountSetEvent openedAccount(DriverBankAccountSetEvent account) {
        String driverId = account.driverId().value();
        PersonalDataKeys.KeyState key = keys.get().stateOf(driverId);
        if (key.erased()) {
            return BankAccountFields.map(account, (field, value) -> ERASED);
        }
        if (!BankAccountFields.anyEncrypted(account)) {
            return account;
        }
        if (key.secret() == null) {
            throw new IllegalStateException("driver " + driverId + " has an encrypted bank account but no key");
        }
        return BankAccountFields.map(account, (field, value) -> open(key.secret(), driverId, field, value));
    }

    /** An erased driver's key is gone: what a later event would carry is not stored at all. */
    private Fields seal(String driverId, String name, String email, String phone) {
        PersonalDataKeys.KeyState key = keys.get().forWriting(driverId);
        if (key.erased()) {
            return new Fields(ERASED, ERASED, ERASED);
        }
        byte[] secret = key.secret();
        return new Fields(PersonalDataCipher.encrypt(secret, driverId, "name", name),
                PersonalDataCipher.encrypt(secret, driverId, "email", email),
                PersonalDataCipher.encrypt(secret, driverId, "phone", phone));
    }

    private Fields open(String driverId, String name, String email, String phone) {
        boolean encrypted = PersonalDataCipher.isEncrypted(name) || PersonalDataCipher.isEncrypted(email)
                || PersonalDataCipher.isEncrypted(phone);
        PersonalDataKeys.KeyState key = keys.get().stateOf(driverId);
        if (key.erased()) {
            return new Fields(ERASED, ERASED, ERASED);
        }
        if (!encrypted) {
            return new Fields(name, email, phone);
        }
        byte[] secret = key.secret();
        if (secret == null) {
            throw new IllegalStateException("driver " + driverId + " has encrypted personal data but no key");
        }
        return new Fields(open(secret, driverId, "name", name), open(secret, driverId, "email", email),
                open(secret, driverId, "phone", phone));
    }

    private static String open(byte[] secret, String driverId, String field, String value) {
        return PersonalDataCipher.isEncrypted(value) ? PersonalDataCipher.decrypt(secret, driverId, field, value)
                : value;
    }

    private record Fields(String name, String email, String phone) {
    }
}
