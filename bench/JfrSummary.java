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
 * Where the CPU of a JFR recording goes, grouped the way the payout service is tuned: by library (any frame of the
 * stack, and the top frame), by thread group (measured CPU and samples), by the service's own methods (entry points
 * and the methods closest to the work), the hottest frames, and where the allocations come from.
 *
 * <pre>
 * java bench/JfrSummary.java prof.jfr                      every table, top 30
 * java bench/JfrSummary.java prof.jfr --top 50             longer lists
 * java bench/JfrSummary.java prof.jfr --thread 'http-nio'  only samples of threads whose name matches (regex, find)
 * java bench/JfrSummary.java prof.jfr --lines              frames with line numbers
 * java bench/JfrSummary.java prof.jfr --wrappers REGEX     which io.payouts classes are pass-through (see below)
 * java bench/JfrSummary.java prof.jfr --event jdk.NativeMethodSample
 * </pre>
 *
 * Shares are of the jdk.ExecutionSample events kept (after --thread). "on stack": some frame of the sample is in
 * the library, so these shares add up to more than 100 %. "self": the top frame's library. "Entry point": the
 * outermost io.payouts frame that is not a pass-through wrapper (servlet filters, Axon interceptors, the sandbox
 * command gate, the poller), i.e. the controller, event handler, query handler or job the work was done for.
 * "Innermost": the io.payouts frame closest to the top, the service method that asked for the work.
 * Samples only catch threads running Java code; the measured CPU per thread group (jdk.ThreadCPULoad, when
 * recorded, as with bench/cpu.jfc) also counts native and GC-free kernel time of those threads.
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
            {"org.jboss.logging.", "logging"},
            {"net.bytebuddy.", "bytebuddy"},
            {"java.", "jdk"},
            {"javax.", "jdk"},
            {"jdk.", "jdk"},
            {"sun.", "jdk"},
            {"com.sun.", "jdk"},
    };
    static final String DEFAULT_WRAPPERS = "Filter$|Filter\\$|Interceptor$|Interceptor\\$|CommandGate$|\\.Poller$|"
            + "\\.Poller\\$|\\$\\$Lambda|\\$Proxy";
    static final Pattern TRAILING_NUMBER = Pattern.compile("[-_#\\s]*\\d+$");
    static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda[$/].*|\\$\\$Lambda$");
    static final Pattern PROXY = Pattern.compile("\\$Proxy\\d+");

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: java bench/JfrSummary.java recording.jfr [--top N] [--thread REGEX] [--lines] "
                    + "[--wrappers REGEX] [--event jdk.ExecutionSample]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int top = 30;
        Pattern threadFilter = null;
        boolean lines = false;
        String eventName = "jdk.ExecutionSample";
        Pattern wrappers = Pattern.compile(DEFAULT_WRAPPERS);
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--top" -> top = Integer.parseInt(args[++i]);
                case "--thread" -> threadFilter = Pattern.compile(args[++i]);
                case "--lines" -> lines = true;
                case "--event" -> eventName = args[++i];
                case "--wrappers" -> wrappers = Pattern.compile(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }

        Map<String, Long> onStack = new HashMap<>();
        Map<String, Long> self = new HashMap<>();
        Map<String, Long> threads = new HashMap<>();
        Map<String, Long> selfFrames = new HashMap<>();
        Map<String, Long> innermostApp = new HashMap<>();
        Map<String, Long> entries = new HashMap<>();
        Map<String, Map<String, Long>> entriesByThread = new HashMap<>();
        Map<String, Map<String, Long>> librariesByThread = new HashMap<>();
        Map<String, Double> threadCpu = new HashMap<>();
        Set<Long> cpuThreadsSeen = new HashSet<>();
        Map<String, Long> allocByThread = new HashMap<>();
        Map<String, Long> allocByApp = new HashMap<>();
        long cpuLoadEvents = 0;
        double jvmCpuSum = 0;
        double machineCpuSum = 0;
        int hwThreads = 0;
        long gcCount = 0;
        double gcMillis = 0;
        long samples = 0;
        long truncated = 0;
        Instant first = null;
        Instant last = null;
        Map<String, String> libraryCache = new HashMap<>();

        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                String type = event.getEventType().getName();
                switch (type) {
                    case "jdk.ThreadCPULoad" -> {
                        RecordedThread thread = event.getThread("eventThread");
                        if (thread == null || cpuThreadsSeen.add(thread.getId())) {
                            continue; // a thread's first load event may cover time before the recording
                        }
                        String group = threadGroup(threadName(thread));
                        threadCpu.merge(group, (double) event.getFloat("user") + event.getFloat("system"),
                                Double::sum);
                        continue;
                    }
                    case "jdk.CPULoad" -> {
                        cpuLoadEvents++;
                        jvmCpuSum += event.getFloat("jvmUser") + event.getFloat("jvmSystem");
                        machineCpuSum += event.getFloat("machineTotal");
                        continue;
                    }
                    case "jdk.CPUInformation" -> {
                        hwThreads = event.getInt("hwThreads");
                        continue;
                    }
                    case "jdk.GarbageCollection" -> {
                        gcCount++;
                        gcMillis += event.getDuration("sumOfPauses").toNanos() / 1e6;
                        continue;
                    }
                    case "jdk.ObjectAllocationSample" -> {
                        String name = threadName(event.getThread("eventThread"));
                        if (threadFilter != null && !threadFilter.matcher(name).find()) {
                            continue;
                        }
                        long weight = event.getLong("weight");
                        allocByThread.merge(threadGroup(name), weight, Long::sum);
                        RecordedStackTrace stack = event.getStackTrace();
                        String site = "(no stack)";
                        if (stack != null) {
                            site = "(no io.payouts frame) " + threadGroup(name);
                            for (RecordedFrame frame : stack.getFrames()) {
                                if (frame.getMethod() != null
                                        && frame.getMethod().getType().getName().startsWith("io.payouts.")) {
                                    site = frameName(frame, lines);
                                    break;
                                }
                            }
                        }
                        allocByApp.merge(site, weight, Long::sum);
                        continue;
                    }
                    default -> {
                        if (!type.equals(eventName)) {
                            continue;
                        }
                    }
                }
                String threadName = threadName(event.getThread("sampledThread"));
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
                String entry = null;
                String innermostWrapper = null;
                for (int i = 0; i < frames.size(); i++) {
                    RecordedFrame frame = frames.get(i);
                    if (!frame.isJavaFrame() || frame.getMethod() == null) {
                        continue;
                    }
                    String className = frame.getMethod().getType().getName();
                    String library = libraryCache.computeIfAbsent(className, JfrSummary::library);
                    if (seen.add(library)) {
                        add(onStack, library);
                        add(librariesByThread.computeIfAbsent(group, g -> new HashMap<>()), library);
                    }
                    if (library.equals("io.payouts")) {
                        String name = frameName(frame, lines);
                        if (innermost == null) {
                            innermost = name;
                        }
                        if (wrappers.matcher(className).find()) {
                            if (innermostWrapper == null) {
                                innermostWrapper = name;
                            }
                        } else {
                            entry = name; // the last one seen is the outermost
                        }
                    }
                }
                RecordedFrame topFrame = frames.get(0);
                String topType = topFrame.getMethod() == null ? "?" : topFrame.getMethod().getType().getName();
                add(self, libraryCache.computeIfAbsent(topType, JfrSummary::library));
                add(selfFrames, frameName(topFrame, lines));
                add(innermostApp, innermost == null ? "(no io.payouts frame) " + group : innermost);
                String e = entry != null ? entry : innermostWrapper != null ? innermostWrapper + " (wrapper: "
                        + "framework code below it)" : "(no io.payouts frame) " + group;
                add(entries, e);
                add(entriesByThread.computeIfAbsent(group, g -> new HashMap<>()), e);
            }
        }

        System.out.printf(Locale.ROOT, "%s: %d %s samples over %s%s%s%n", file.getFileName(), samples, eventName,
                first == null ? "?" : format(Duration.between(first, last)),
                threadFilter == null ? "" : ", threads matching /" + threadFilter + "/",
                truncated == 0 ? "" : String.format(Locale.ROOT, " (%.1f %% of stacks truncated: raise the "
                        + "JVM's -XX:FlightRecorderOptions=stackdepth)", 100.0 * truncated / samples));
        if (cpuLoadEvents > 0) {
            int cores = hwThreads > 0 ? hwThreads : Runtime.getRuntime().availableProcessors();
            System.out.printf(Locale.ROOT, "CPU (jdk.CPULoad): JVM %.2f cores, machine %.2f of %d cores%n",
                    jvmCpuSum / cpuLoadEvents * cores, machineCpuSum / cpuLoadEvents * cores, cores);
        }
        if (gcCount > 0) {
            System.out.printf(Locale.ROOT, "GC: %d collections, %.0f ms of pauses%n", gcCount, gcMillis);
        }
        System.out.println();
        if (samples == 0) {
            System.out.println("no " + eventName + " events" + (threadFilter == null ? "" : " for threads matching "
                    + threadFilter));
            return;
        }

        table("Library anywhere on the stack (a sample counts once per library)", "library", onStack, samples, 100);
        table("Library of the top frame (self)", "library", self, samples, 100);
        if (!threadCpu.isEmpty() && threadFilter == null) {
            double total = threadCpu.values().stream().mapToDouble(Double::doubleValue).sum();
            int cores = hwThreads > 0 ? hwThreads : Runtime.getRuntime().availableProcessors();
            double jvmCores = cpuLoadEvents == 0 ? Double.NaN : jvmCpuSum / cpuLoadEvents * cores;
            System.out.println("Thread group by measured CPU (jdk.ThreadCPULoad, user + system)");
            System.out.println("| share of JVM thread CPU | cores (share × JVM cores) | samples share | thread group |");
            System.out.println("|---:|---:|---:|---|");
            List<Map.Entry<String, Double>> cpu = new ArrayList<>(threadCpu.entrySet());
            cpu.sort(Map.Entry.<String, Double>comparingByValue().reversed());
            for (Map.Entry<String, Double> t : cpu.subList(0, Math.min(top, cpu.size()))) {
                System.out.printf(Locale.ROOT, "| %5.1f %% | %.2f | %5.1f %% | %s |%n", t.getValue() * 100 / total,
                        t.getValue() / total * jvmCores,
                        threads.getOrDefault(t.getKey(), 0L) * 100.0 / samples, t.getKey());
            }
            System.out.println();
        } else {
            table("Thread group (names without their numbers)", "thread group", threads, samples, top);
        }
        List<Map.Entry<String, Long>> groups = sorted(threads);
        System.out.println("Per thread group (by samples): libraries on the stack, and the entry points");
        for (Map.Entry<String, Long> g : groups.subList(0, Math.min(10, groups.size()))) {
            if (g.getValue() * 100.0 / samples < 1) {
                break;
            }
            System.out.printf(Locale.ROOT, "  %s (%.1f %% of all samples)%n", g.getKey(), g.getValue() * 100.0 / samples);
            StringBuilder libs = new StringBuilder("    libraries:");
            List<Map.Entry<String, Long>> l = sorted(librariesByThread.get(g.getKey()));
            for (Map.Entry<String, Long> lib : l.subList(0, Math.min(8, l.size()))) {
                libs.append(String.format(Locale.ROOT, " %s %.0f %%,", lib.getKey(), lib.getValue() * 100.0 / g.getValue()));
            }
            System.out.println(libs.substring(0, libs.length() - 1));
            List<Map.Entry<String, Long>> e = sorted(entriesByThread.get(g.getKey()));
            for (Map.Entry<String, Long> entry : e.subList(0, Math.min(6, e.size()))) {
                System.out.printf(Locale.ROOT, "    %5.1f %%  %s%n", entry.getValue() * 100.0 / g.getValue(),
                        entry.getKey());
            }
        }
        System.out.println();
        table("Entry point: outermost io.payouts frame that is not a filter, interceptor or gate", "frame", entries,
                samples, top);
        table("Innermost io.payouts frame (the service method closest to where the CPU went)", "frame", innermostApp,
                samples, top);
        table("Top frames (self)", "frame", selfFrames, samples, top);
        if (!allocByThread.isEmpty()) {
            table("Allocation (jdk.ObjectAllocationSample weight) by thread group", "thread group", allocByThread,
                    allocByThread.values().stream().mapToLong(Long::longValue).sum(), 10);
            table("Allocation by innermost io.payouts frame", "frame", allocByApp,
                    allocByApp.values().stream().mapToLong(Long::longValue).sum(), 15);
        }
    }

    static String threadName(RecordedThread thread) {
        if (thread == null) {
            return "?";
        }
        String name = thread.getJavaName() != null ? thread.getJavaName() : thread.getOSName();
        return name == null ? "?" : name;
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

    static void table(String title, String what, Map<String, Long> counts, long total, int top) {
        System.out.println(title);
        System.out.println("| share | " + (title.startsWith("Allocation") ? "bytes (sampled weight)" : "samples") + " | "
                + what + " |");
        System.out.println("|---:|---:|---|");
        List<Map.Entry<String, Long>> entries = sorted(counts);
        for (Map.Entry<String, Long> e : entries.subList(0, Math.min(top, entries.size()))) {
            System.out.printf(Locale.ROOT, "| %5.1f %% | %d | %s |%n", e.getValue() * 100.0 / total, e.getValue(),
                    e.getKey());
        }
        if (entries.size() > top) {
            long rest = entries.subList(top, entries.size()).stream().mapToLong(Map.Entry::getValue).sum();
            System.out.printf(Locale.ROOT, "| %5.1f %% | %d | (%d more) |%n", rest * 100.0 / total, rest,
                    entries.size() - top);
        }
        System.out.println();
    }

    static String format(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
