package io.payouts.service.platform.axon;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.command.batch.Batch;
import io.payouts.command.batch.BatchProgress;
import io.payouts.command.wallet.Wallet;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * Events and snapshots are JSON. A snapshot is the aggregate's private fields, which Jackson does not see by
 * default; a mix-in opens them for the snapshotted aggregates only, so aggregates import nothing from Jackson
 * (ADR-0003, ADR-0011); batches are snapshotted too, and the batch saga is stored the same way (ADR-0013).
 * Axon's JPA storage writes snapshots with the general serializer and events with the event serializer, so both
 * carry the mix-in; otherwise they are Axon's defaults over the application's mapper.
 */
@Configuration(proxyBeanMethods = false)
class SnapshotSerializerConfiguration {

    @Bean
    @Primary
    Serializer serializer(ObjectMapper applicationMapper) {
        return jackson(applicationMapper);
    }

    @Bean
    @Qualifier("eventSerializer")
    Serializer eventSerializer(ObjectMapper applicationMapper) {
        return jackson(applicationMapper);
    }

    private static Serializer jackson(ObjectMapper applicationMapper) {
        ObjectMapper mapper = applicationMapper.copy().addMixIn(Wallet.class, FieldsVisible.class)
                .addMixIn(Batch.class, FieldsVisible.class).addMixIn(BatchProgress.class, FieldsVisible.class);
        return JacksonSerializer.builder().objectMapper(mapper).build();
    }

    @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY,
            getterVisibility = JsonAutoDetect.Visibility.NONE,
            isGetterVisibility = JsonAutoDetect.Visibility.NONE)
    private interface FieldsVisible {
    }
}
