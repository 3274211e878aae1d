package io.payouts.platform.stream;

import io.payouts.platform.eventstore.EventTables;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalLong;

/**
 * The positions the processors' segments have stored in {@code token_entry}, by every instance (ADR-0029): with the
 * events in Axon Server a segment may run in another instance, so this JVM's own processors tell only part of it.
 */
final class StoredTokens {

    private final JdbcTemplate jdbc;
    private final Serializer tokenSerializer;

    public StoredTokens(JdbcTemplate jdbc, Serializer tokenSerializer) {
        this.jdbc = jdbc;
        this.tokenSerializer = tokenSerializer;
    }

    private static final String SEGMENTS = "select processor_name, segment, token, token_type from "
            + EventTables.TOKENS;

    /** Every stored segment; one without a token yet has no position. */
    public List<StoredSegment> segments() {
        return jdbc.query(SEGMENTS, this::segment);
    }

    /** One processor's stored segments. */
    public List<StoredSegment> segments(String processor) {
        return jdbc.query(SEGMENTS + " where processor_name = ?", this::segment, processor);
    }

    private StoredSegment segment(ResultSet row, int number) throws SQLException {
        byte[] token = row.getBytes("token");
        String type = row.getString("token_type");
        OptionalLong position = token == null || type == null ? OptionalLong.empty()
                : tokenSerializer.<byte[], TrackingToken>deserialize(new SimpleSerializedObject<>(token, byte[].class,
                new SimpleSerializedType(type, null))).position();
        return new StoredSegment(row.getString("processor_name"), row.getInt("segment"), position);
    }

    public record StoredSegment(String processor, int segment, OptionalLong position) {

        public boolean reached(long head) {
            return position.isPresent() && position.getAsLong() >= head;
        }
    }
}
