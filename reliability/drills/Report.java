import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/** What one drill saw: its writes, the answers by status, the money check, the recovery, and notes. */
final class Report {

    final String scenario;
    final AtomicLong acknowledged = new AtomicLong();
    final List<String> lost = Collections.synchronizedList(new ArrayList<>());
    final Map<String, Long> statuses = Collections.synchronizedMap(new TreeMap<>());
    final List<String> serverErrors = Collections.synchronizedList(new ArrayList<>());
    final List<String> notes = Collections.synchronizedList(new ArrayList<>());
    final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    String money = "not checked";
    boolean moneyHolds = true;
    String recovery = "—";

    Report(String scenario) {
        this.scenario = scenario;
    }

    void answered(String request, Client.Answer answer) {
        statuses.merge(answer.status() == 0 ? "no answer" : String.valueOf(answer.status()), 1L, Long::sum);
        if (answer.status() >= 500) {
            synchronized (serverErrors) {
                if (serverErrors.size() < 5) {
                    serverErrors.add(request + " → " + answer);
                } else if (serverErrors.size() == 5) {
                    serverErrors.add("...");
                }
            }
        }
    }

    long serverErrorCount(String... allowedStatuses) {
        long count = 0;
        synchronized (statuses) {
            for (Map.Entry<String, Long> entry : statuses.entrySet()) {
                if (entry.getKey().startsWith("5") && !List.of(allowedStatuses).contains(entry.getKey())) {
                    count += entry.getValue();
                }
            }
        }
        return count;
    }

    void note(String note) {
        notes.add(note);
        System.out.println("  " + scenario + ": " + note);
    }

    void fail(String failure) {
        failures.add(failure);
        System.out.println("  " + scenario + " FAILED: " + failure);
    }

    void money(boolean holds, String what) {
        moneyHolds &= holds;
        money = (holds ? "holds: " : "BROKEN: ") + what;
        if (!holds) {
            fail("money: " + what);
        }
    }

    /** Passed: nothing acknowledged was lost, the money holds, no 500 and no failure noted. */
    boolean passed(String... allowedStatuses) {
        return lost.isEmpty() && moneyHolds && failures.isEmpty() && serverErrorCount(allowedStatuses) == 0;
    }

    String row(String... allowedStatuses) {
        return "| " + scenario + " | " + acknowledged.get() + " | " + lost.size() + (lost.isEmpty() ? ""
                : " (" + String.join(", ", lost.subList(0, Math.min(3, lost.size()))) + ")") + " | " + money
                + " | " + serverErrorCount() + " | " + recovery + " | " + statuses + " | "
                + (passed(allowedStatuses) ? "passed" : "FAILED: " + String.join("; ", failures)
                + (serverErrors.isEmpty() ? "" : " 5xx: " + serverErrors)) + " | " + String.join("; ", notes)
                + " |";
    }
}
