import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU samples of a JFR recording fall, grouped the way the payout service is tuned: by library (any frame
 * of the stack, and the top frame), by thread group, by the service's own methods, and the hottest frames.
 *
 * <pre>
 * java bench/JfrSummary.java prof.jfr                      every table, top 30
 * java bench/JfrSummary.java prof.jfr --top 50             longer lists
 * java bench/JfrSummary.java prof.jfr --thread 'http-nio'  only samples of threads whose name matches (regex, find)
 * java bench/JfrSummary.java prof.jfr --lines              frames with line numbers
 * java bench/JfrSummary.java prof.jfr --event jdk.NativeMethodSample
 * </pre>
 *
 * Shares are of all samples kept (after --thread). "on stack": any frame of the sample is in the library, so shares
 * add up to more than 100 %. "self": the top frame's library. "innermost io.payouts": the io.payouts frame closest to
 * the top (the service method that asked for the work); "outermost io.payouts": the one closest to the thread's
 * start (the entry point: a controller, an event handler, a scheduled job).
 */
public class JfrSummary {

    /** Library by class name prefix; the first match wins. */
    static final String[][] LIBRARIES = {
            {"io.payouts.", "io.payouts"},
            {"org.hibernate.validator.", "hibernate-validator"},
            {"org.hibernate.", "org.hibernate"},
            {"jakarta.persistence.", "org.hibernate"},
            {"com.fasterxml.jackson.", "com.fasterxml.jackson"},
            {"org.axonframework.", "org.axonframework"},
            {"org.postgresql.", "org.postgresql"},
            {"com.zaxxer.hikari.", "com.zaxxer.hikari"},
            {"org.springframework.security.", "spring-security"},
            {"org.springframework.web.", "spring-web/mvc"},
            {"org.springframework.orm.", "spring-orm/tx/jdbc"},
            {"org.springframework.transaction.", "spring-orm/tx/jdbc"},
            {"org.springframework.jdbc.", "spring-orm/tx/jdbc"},
            {"org.springframework.data.", "spring-data"},
            {"org.springframework.", "spring (core, aop, other)"},
            {"org.apache.catalina.", "tomcat"},
            {"org.apache.coyote.", "tomcat"},
            {"org.apache.tomcat.", "tomcat"},
            {"jakarta.servlet.", "tomcat"},
            {"io.github.bucket4j.", "bucket4j"},
            {"com.bucket4j.", "bucket4j"},
            {"com.github.kagkarlsson.", "db-scheduler"},
            {"com.thoughtworks.xstream.", "xstream"},
            {"io.micrometer.", "micrometer"},
            {"ch.qos.logback.", "logging"},
            {"org.slf4j.", "logging"},
            {"org.apache.logging.", "logging"},
            {"net.bytebuddy.", "bytebuddy"},
            {"java.", "jdk"},
            {"javax.", "jdk"},
            {"jdk.", "jdk"},
            {"sun.", "jdk"},
            {"com.sun.", "jdk"},
    };
    static final Pattern TRAILING_NUMBER = Pattern.compile("[-_#\\s]*\\d+$");
    static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda[$/].*|\\$\\$Lambda$");
    static final Pattern PROXY = Pattern.compile("\\$Proxy\\d+");

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: java bench/JfrSummary.java recording.jfr [--top N] [--thread REGEX] [--lines] "
                    + "[--event jdk.ExecutionSample]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int top = 30;
        Pattern threadFilter = null;
        boolean lines = false;
        String eventName = "jdk.ExecutionSample";
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--top" -> top = Integer.parseInt(args[++i]);
                case "--thread" -> threadFilter = Pattern.compile(args[++i]);
                case "--lines" -> lines = true;
                case "--event" -> eventName = args[++i];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }

        Map<String, Long> onStack = new HashMap<>();
        Map<String, Long> self = new HashMap<>();
        Map<String, Long> threads = new HashMap<>();
        Map<String, Long> selfFrames = new HashMap<>();
        Map<String, Long> innermostApp = new HashMap<>();
        Map<String, Long> outermostApp = new HashMap<>();
        Map<String, Map<String, Long>> outermostByThread = new HashMap<>();
        Map<String, Map<String, Long>> librariesByThread = new HashMap<>();
        long samples = 0;
        long truncated = 0;
        Instant first = null;
        Instant last = null;
        Map<String, String> libraryCache = new HashMap<>();

        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                if (!event.getEventType().getName().equals(eventName)) {
                    continue;
                }
                RecordedThread thread = event.getThread("sampledThread");
                String threadName = thread == null ? "?" : thread.getJavaName() != null ? thread.getJavaName()
                        : thread.getOSName();
                if (threadName == null) {
                    threadName = "?";
                }
                if (threadFilter != null && !threadFilter.matcher(threadName).find()) {
                    continue;
                }
                RecordedStackTrace stack = event.getStackTrace();
                if (stack == null || stack.getFrames().isEmpty()) {
                    continue;
                }
                samples++;
                if (stack.isTruncated()) {
                    truncated++;
                }
                Instant at = event.getStartTime();
                first = first == null || at.isBefore(first) ? at : first;
                last = last == null || at.isAfter(last) ? at : last;
                String group = threadGroup(threadName);
                add(threads, group);

                List<RecordedFrame> frames = stack.getFrames();
                Set<String> seen = new HashSet<>();
                String innermost = null;
                String outermost = null;
                for (int i = 0; i < frames.size(); i++) {
                    RecordedFrame frame = frames.get(i);
                    if (!frame.isJavaFrame() || frame.getMethod() == null) {
                        continue;
                    }
                    String type = frame.getMethod().getType().getName();
                    String library = libraryCache.computeIfAbsent(type, JfrSummary::library);
                    if (seen.add(library)) {
                        add(onStack, library);
                        add(librariesByThread.computeIfAbsent(group, g -> new HashMap<>()), library);
                    }
                    if (library.equals("io.payouts")) {
                        String name = frameName(frame, lines);
                        if (innermost == null) {
                            innermost = name;
                        }
                        outermost = name;
                    }
                }
                RecordedFrame topFrame = frames.get(0);
                String topType = topFrame.getMethod() == null ? "?" : topFrame.getMethod().getType().getName();
                add(self, libraryCache.computeIfAbsent(topType, JfrSummary::library));
                add(selfFrames, frameName(topFrame, lines));
                add(innermostApp, innermost == null ? "(no io.payouts frame) " + group : innermost);
                String entry = outermost == null ? "(no io.payouts frame) " + group : outermost;
                add(outermostApp, entry);
                add(outermostByThread.computeIfAbsent(group, g -> new HashMap<>()), entry);
            }
        }

        if (samples == 0) {
            System.out.println("no " + eventName + " events" + (threadFilter == null ? "" : " for threads matching "
                    + threadFilter));
            return;
        }
        System.out.printf(Locale.ROOT, "%s: %d %s samples over %s%s%s%n%n", file.getFileName(), samples, eventName,
                first == null ? "?" : format(Duration.between(first, last)),
                threadFilter == null ? "" : ", threads matching /" + threadFilter + "/",
                truncated == 0 ? "" : String.format(Locale.ROOT, " (%.1f %% of stacks truncated: raise the "
                        + "recording's stackdepth)", 100.0 * truncated / samples));

        table("Library anywhere on the stack (a sample counts once per library)", onStack, samples, 100);
        table("Library of the top frame (self)", self, samples, 100);
        table("Thread group (names without their numbers)", threads, samples, top);
        List<Map.Entry<String, Long>> groups = sorted(threads);
        System.out.println("Per thread group: libraries on the stack, and the outermost io.payouts frames");
        for (Map.Entry<String, Long> g : groups.subList(0, Math.min(8, groups.size()))) {
            if (g.getValue() * 100.0 / samples < 1) {
                break;
            }
            System.out.printf(Locale.ROOT, "  %s (%.1f %% of all samples)%n", g.getKey(), g.getValue() * 100.0 / samples);
            StringBuilder libs = new StringBuilder("    libraries:");
            for (Map.Entry<String, Long> l : sorted(librariesByThread.get(g.getKey())).subList(0,
                    Math.min(7, librariesByThread.get(g.getKey()).size()))) {
                libs.append(String.format(Locale.ROOT, " %s %.0f %%,", l.getKey(), l.getValue() * 100.0 / g.getValue()));
            }
            System.out.println(libs.substring(0, libs.length() - 1));
            for (Map.Entry<String, Long> e : sorted(outermostByThread.get(g.getKey())).subList(0,
                    Math.min(5, outermostByThread.get(g.getKey()).size()))) {
                System.out.printf(Locale.ROOT, "    %5.1f %%  %s%n", e.getValue() * 100.0 / g.getValue(), e.getKey());
            }
        }
        System.out.println();
        table("Outermost io.payouts frame (entry point: controller, handler, job)", outermostApp, samples, top);
        table("Innermost io.payouts frame (the service method closest to where the CPU went)", innermostApp, samples,
                top);
        table("Top frames (self)", selfFrames, samples, top);
    }

    static String library(String type) {
        for (String[] l : LIBRARIES) {
            if (type.startsWith(l[0])) {
                return l[1];
            }
        }
        String[] parts = type.split("\\.");
        return parts.length > 2 ? parts[0] + "." + parts[1] : type;
    }

    static String threadGroup(String name) {
        String previous;
        String group = name;
        do {
            previous = group;
            group = TRAILING_NUMBER.matcher(group).replaceAll("");
        } while (!group.equals(previous) && !group.isEmpty());
        return group.isEmpty() ? name : group;
    }

    static String frameName(RecordedFrame frame, boolean lines) {
        RecordedMethod method = frame.getMethod();
        if (method == null) {
            return "?";
        }
        String type = PROXY.matcher(LAMBDA.matcher(method.getType().getName()).replaceAll("\\$\\$Lambda"))
                .replaceAll("\\$Proxy");
        String name = type + "." + method.getName();
        return lines && frame.getLineNumber() > 0 ? name + ":" + frame.getLineNumber() : name;
    }

    static void add(Map<String, Long> counts, String key) {
        counts.merge(key, 1L, Long::sum);
    }

    static List<Map.Entry<String, Long>> sorted(Map<String, Long> counts) {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        return entries;
    }

    static void table(String title, Map<String, Long> counts, long samples, int top) {
        System.out.println(title);
        System.out.println("| share | samples | " + (title.startsWith("Library") ? "library" : title.startsWith("Thread")
                ? "thread group" : "frame") + " |");
        System.out.println("|---:|---:|---|");
        List<Map.Entry<String, Long>> entries = sorted(counts);
        for (Map.Entry<String, Long> e : entries.subList(0, Math.min(top, entries.size()))) {
            System.out.printf(Locale.ROOT, "| %5.1f %% | %d | %s |%n", e.getValue() * 100.0 / samples, e.getValue(),
                    e.getKey());
        }
        if (entries.size() > top) {
            long rest = entries.subList(top, entries.size()).stream().mapToLong(Map.Entry::getValue).sum();
            System.out.printf(Locale.ROOT, "| %5.1f %% | %d | (%d more) |%n", rest * 100.0 / samples, rest,
                    entries.size() - top);
        }
        System.out.println();
    }

    static String format(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
