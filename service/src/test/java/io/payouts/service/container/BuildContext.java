package io.payouts.service.container;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.SortedSet;
import java.util.TreeSet;

/** The files {@code docker build} sends from a folder: all of them but those its {@code .dockerignore} excludes. */
final class BuildContext {

    private BuildContext() {
    }

    /** Paths relative to {@code root}, {@code /}-separated. */
    static SortedSet<String> files(Path root, Dockerignore ignore) throws IOException {
        SortedSet<String> files = new TreeSet<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                boolean skipped = !dir.equals(root) && ignore.excludes(relative(root, dir))
                        && !ignore.mayIncludeBelowAnExcludedDirectory();
                return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                String path = relative(root, file);
                if (!ignore.excludes(path)) {
                    files.add(path);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return files;
    }

    static String relative(Path root, Path path) {
        return root.relativize(path).toString().replace('\\', '/');
    }
}
