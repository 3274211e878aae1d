package io.payouts.bank.sftp;

import java.util.List;

/**
 * The folders the bank shares over SFTP. Folders and names are single path segments relative to the login's home
 * ({@code outbound}, {@code inbound}), never {@code ..}.
 */
public interface SftpChannel extends AutoCloseable {

    /** The suffix of a file still being written; such files are never listed. */
    String PART_SUFFIX = ".part";

    /**
     * Puts {@code content} into {@code folder/name} through {@code name.part} and a rename, so a reader sees the whole
     * file or nothing. A file already there with the same bytes counts as uploaded (a resend after a lost answer);
     * one with other bytes is a {@link BankFileException}, never overwritten.
     */
    void upload(String folder, String name, byte[] content);

    /** The names of the complete files in {@code folder}, sorted; {@code .part} files and folders left out. */
    List<String> list(String folder);

    byte[] read(String folder, String name);

    /**
     * Moves {@code folder/name} into {@code toFolder} (created if missing), as an inbound file is archived once
     * processed. A file already moved with the same bytes counts as moved.
     */
    void move(String folder, String name, String toFolder);

    /** Ends the connection, if one is open. */
    @Override
    void close();
}
