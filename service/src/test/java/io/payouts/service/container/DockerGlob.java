package io.payouts.service.container;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/**
 * Docker's path patterns as regular expressions, translated the way moby's patternmatcher does: {@code *} and
 * {@code ?} stay within one path segment, {@code [...]} is a character class and {@code \} escapes the next character.
 * In {@code .dockerignore}, {@code **} also spans any number of segments, none included ({@code **}{@code /target}
 * matches {@code target} and {@code a/b/target}); in COPY's sources it is two single stars.
 */
final class DockerGlob {

    private DockerGlob() {
    }

    static Pattern compile(String glob, boolean doubleStarSpansSegments) {
        StringBuilder regex = new StringBuilder("^");
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && doubleStarSpansSegments && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                i++;
                if (i + 1 < glob.length() && glob.charAt(i + 1) == '/') {
                    i++;
                }
                regex.append(i + 1 == glob.length() ? ".*" : "(.*/)?");
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else if (c == '[') {
                int end = glob.indexOf(']', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unclosed character class in " + glob);
                }
                regex.append(glob, i, end + 1);
                i = end;
            } else if (c == '\\' && i + 1 < glob.length()) {
                regex.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
            } else if (Character.isLetterOrDigit(c) || c == '/') {
                regex.append(c);
            } else {
                regex.append('\\').append(c);
            }
        }
        return Pattern.compile(regex.append('$').toString());
    }

    /** A path as Go's filepath.Clean leaves it, relative: no empty, {@code .} or {@code ..} segments. */
    static String clean(String path) {
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : path.split("/")) {
            if (segment.equals("..")) {
                segments.pollLast();
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                segments.addLast(segment);
            }
        }
        return String.join("/", segments);
    }
}
