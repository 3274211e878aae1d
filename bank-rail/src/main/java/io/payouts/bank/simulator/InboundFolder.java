package io.payouts.bank.simulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;

/**
 * Where the simulated bank puts its answers: each file appears whole (written aside, then moved in) under a name that
 * sorts in the order the files were written, {@code <epoch millis>-<sequence>-<kind>-<reference>.xml}. The time keeps
 * names unique across restarts of the simulator, whose sequence starts again.
 */
final class InboundFolder {

    private final Path folder;
    private final Clock clock;
    private int sequence;

    InboundFolder(Path folder, Clock clock) {
        this.folder = folder;
        this.clock = clock;
    }

    /** Unique within this simulator's run, and sortable: the id of the next message and the stem of its file. */
    synchronized String nextId() {
        sequence++;
        return String.format("%013d-%04d", clock.millis(), sequence);
    }

    /** Puts {@code content} in as {@code <id>-<kind>-<reference>.xml} and returns that name. */
    synchronized String write(String id, String kind, String reference, byte[] content) {
        String name = id + "-" + kind + "-" + reference.replaceAll("[^A-Za-z0-9-]", "_") + ".xml";
        Path aside = folder.resolve(name + ".part");
        try {
            Files.write(aside, content);
            Files.move(aside, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            return name;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + name + " into " + folder, e);
        }
    }
}
