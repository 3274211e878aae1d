package io.payouts.service.platform.axon;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.payouts.service.support.HttpIntegrationTest;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An event's class name, fields and revision are a stored contract (style.md): the bytes the event store holds for
 * each kind of event, as the service wrote them, still read back as that event, and the service still writes each
 * event in that form. The forms are in {@link StoredEventForms}.
 */
class StoredEventsTest extends HttpIntegrationTest {

    @Autowired
    @Qualifier("eventSerializer")
    private Serializer events;

    /** The same JSON as the event serializer, without the encryption of drivers' personal data (ADR-0026). */
    @Autowired
    private Serializer plain;

    static List<StoredEventForms.Form> forms() {
        return StoredEventForms.ALL;
    }

    @Test
    void theFormsCoverEveryEventOfSharedApi() {
        List<String> events = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.payouts.shared").stream()
                .filter(type -> type.isRecord() && type.getSimpleName().endsWith("Event"))
                .map(JavaClass::getName).toList();

        assertThat(StoredEventForms.ALL.stream().map(form -> form.event().getClass().getName()))
                .containsExactlyInAnyOrderElementsOf(events);
    }

    @ParameterizedTest
    @MethodSource("forms")
    void aStoredEventReadsBackAsTheEventItWas(StoredEventForms.Form form) {
        SerializedObject<byte[]> stored = new SimpleSerializedObject<>(form.json().getBytes(StandardCharsets.UTF_8),
                byte[].class, new SimpleSerializedType(form.event().getClass().getName(), form.revision()));

        Object read = events.deserialize(stored);

        assertThat(read).isEqualTo(form.event());
    }

    static List<StoredEventForms.Form> earlierForms() {
        return StoredEventForms.EARLIER;
    }

    @ParameterizedTest
    @MethodSource("earlierForms")
    void anEventStoredInAnEarlierFormStillReadsBack(StoredEventForms.Form form) {
        aStoredEventReadsBackAsTheEventItWas(form);
    }

    @ParameterizedTest
    @MethodSource("forms")
    void anEventIsStillWrittenInItsStoredForm(StoredEventForms.Form form) {
        SerializedObject<byte[]> written = plain.serialize(form.event(), byte[].class);

        assertThat(written.getType().getName()).isEqualTo(form.event().getClass().getName());
        assertThat(written.getType().getRevision()).isEqualTo(form.revision());
        assertThat(new String(written.getData(), StandardCharsets.UTF_8)).isEqualTo(form.json());
    }
}
