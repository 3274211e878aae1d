package io.payouts.bank.simulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The files and message ids the simulated bank has answered, kept in a file beside its folders so a simulator started
 * again on the same directory answers nothing twice.
 */
final class SimulatorMemory {

    private final Path file;
    private final Set<String> fileNames = new HashSet<>();
    private final Set<String> messageIds = new HashSet<>();

    SimulatorMemory(Path file) {
        this.file = file;
        try {
            if (Files.exists(file)) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String[] fields = line.split("\t", -1);
                    fileNames.add(fields[0]);
                    if (fields.length > 1 && !fields[1].isEmpty()) {
                        messageIds.add(fields[1]);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the simulator's memory " + file, e);
        }
    }

    synchronized boolean answered(String fileName) {
        return fileNames.contains(fileName);
    }

    synchronized boolean answeredMessage(String messageId) {
        return messageIds.contains(messageId);
    }

    /** Remembers {@code fileName}, and {@code messageId} unless it is empty. */
    synchronized void remember(String fileName, String messageId) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, List.of(fileName + "\t" + messageId), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the simulator's memory " + file, e);
        }
        fileNames.add(fileName);
        if (!messageId.isEmpty()) {
            messageIds.add(messageId);
        }
    }
}
