package io.payouts.bank.rail;

import io.payouts.bank.reach.Waiting;
import org.springframework.jdbc.core.JdbcTemplate;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import static io.payouts.bank.reach.Timestamps.timestamp;

/**
 * The files, {@code bank_file}. A file's number comes from a sequence and makes its message id and name, so both are
 * fixed before anything is written; a standard file is unique per cut-off. Writes join the caller's transaction.
 */
class BankFiles {

    private static final String COLUMNS = "id, message_id, file_name, kind, cutoff_at, state, created_at, content, "
            + "upload_attempts, last_error";

    private final JdbcTemplate jdbc;

    BankFiles(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The file of the cut-off at {@code cutoffAt}, unless one was made already (by this or another instance). */
    Optional<BankFile> createStandard(Instant cutoffAt, Instant now) {
        long id = nextId();
        String messageId = BankFile.messageIdOf(id, now);
        int created = jdbc.update("""
                insert into bank_file (id, message_id, file_name, kind, cutoff_at, state, created_at)
                values (?, ?, ?, 'STANDARD', ?, 'ASSIGNED', ?)
                on conflict (cutoff_at) where kind = 'STANDARD' do nothing""", id, messageId,
                BankFile.fileNameOf(messageId), timestamp(cutoffAt), timestamp(now));
        return created == 1 ? find(id) : Optional.empty();
    }

    BankFile createInstant(Instant now) {
        long id = nextId();
        String messageId = BankFile.messageIdOf(id, now);
        jdbc.update("""
                insert into bank_file (id, message_id, file_name, kind, state, created_at)
                values (?, ?, ?, 'INSTANT', 'ASSIGNED', ?)""", id, messageId, BankFile.fileNameOf(messageId),
                timestamp(now));
        return find(id).orElseThrow();
    }

    Optional<BankFile> find(long id) {
        return jdbc.query("select " + COLUMNS + " from bank_file where id = ?", BankFiles::file, id).stream()
                .findFirst();
    }

    Optional<BankFile> byMessageId(String messageId) {
        return jdbc.query("select " + COLUMNS + " from bank_file where message_id = ?", BankFiles::file, messageId)
                .stream().findFirst();
    }

    /** Files in {@code state}, oldest first. */
    List<BankFile> inState(FileState state, int limit) {
        return jdbc.query("select " + COLUMNS + " from bank_file where state = ? order by id limit ?",
                BankFiles::file, state.name(), limit);
    }

    /** Stores the bytes to send; they never change after this. */
    void written(long id, byte[] content, int payments, Instant now) {
        jdbc.update("""
                update bank_file set state = 'WRITTEN', content = ?, content_sha256 = ?, payment_count = ?,
                                     written_at = ?
                where id = ? and state = 'ASSIGNED'""", content, sha256(content), payments, timestamp(now), id);
    }

    void empty(long id) {
        jdbc.update("update bank_file set state = 'EMPTY', payment_count = 0 where id = ? and state = 'ASSIGNED'", id);
    }

    /**
     * The bank has the file: its bytes are dropped (they hold drivers' account numbers, which live encrypted elsewhere,
     * ADR-0026); their hash stays.
     */
    void uploaded(long id, Instant now) {
        jdbc.update("""
                update bank_file set state = 'UPLOADED', uploaded_at = ?, content = null, last_error = null
                where id = ? and state = 'WRITTEN'""", timestamp(now), id);
    }

    void uploadFailed(long id, String error) {
        jdbc.update("update bank_file set upload_attempts = upload_attempts + 1, last_error = ? where id = ?",
                error.length() > 500 ? error.substring(0, 500) : error, id);
    }

    /** Files not at the bank yet and the oldest one's creation, for readiness and metrics. */
    Waiting waiting() {
        return jdbc.queryForObject("""
                select count(*), min(created_at) from bank_file where state in ('ASSIGNED', 'WRITTEN')""",
                (row, index) -> new Waiting(row.getLong(1), Optional.ofNullable(row.getObject(2, OffsetDateTime.class))
                        .map(OffsetDateTime::toInstant)));
    }

    private long nextId() {
        return jdbc.queryForObject("select nextval('bank_file_id')", Long.class);
    }

    private static BankFile file(ResultSet row, int index) throws SQLException {
        OffsetDateTime cutoff = row.getObject("cutoff_at", OffsetDateTime.class);
        return new BankFile(row.getLong("id"), row.getString("message_id"), row.getString("file_name"),
                FileKind.valueOf(row.getString("kind")), cutoff == null ? null : cutoff.toInstant(),
                FileState.valueOf(row.getString("state")),
                row.getObject("created_at", OffsetDateTime.class).toInstant(), row.getBytes("content"),
                row.getInt("upload_attempts"), row.getString("last_error"));
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** {@code count} files wait for the bank, the oldest made at {@code oldest}. */
}
