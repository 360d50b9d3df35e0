package in.results.simulator.cohort;

import java.util.Objects;
import java.util.Set;

/**
 * A course of the syllabus: its code and name as result pages print them, the credits it carries
 * and how its marks are split. Mandatory courses carry 0 credits; some courses are internal only.
 */
record Subject(String code, String name, String credits, int maxInternal, int maxExternal) {

    /** Credits of B.Tech courses up to 4; projects and dissertations of other programmes carry more. */
    private static final Set<String> CREDITS = Set.of("0", "1", "1.5", "2", "3", "4", "5", "6", "8", "10", "12", "14");

    Subject {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(name, "name");
        if (!CREDITS.contains(credits)) {
            throw new IllegalArgumentException(code + ": credits must be one of " + CREDITS + ", got " + credits);
        }
        if (maxInternal <= 0 || maxExternal < 0) {
            throw new IllegalArgumentException(code + ": bad mark split " + maxInternal + "/" + maxExternal);
        }
    }

    int maxTotal() {
        return maxInternal + maxExternal;
    }

    boolean internalOnly() {
        return maxExternal == 0;
    }
}
