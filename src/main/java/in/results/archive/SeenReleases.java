package in.results.archive;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The releases a lookup knew, each named by its exam code, an RC/RV release by its code followed by {@code R}
 * ({@code 1501}, {@code 1501R}), and one the release list did not show (known only from the built-in table) with a
 * {@code U} after that ({@code 1758U}): a release the university lists later is one this set does not hold by that
 * name. A set rather than the newest code, because an RC/RV release reuses its exam's code and is listed months after
 * it, and a built-in code may be listed only after newer codes of other programmes.
 */
public record SeenReleases(Set<String> releases) {
    /** No release: a student never looked up, whose every release is new. */
    public static final SeenReleases NONE = new SeenReleases(Set.of());

    public SeenReleases {
        releases = Set.copyOf(releases);
    }

    /** The name of a release in the set; {@code listed}: whether the release list shows it. */
    public static String nameOf(String examCode, boolean rcrv, boolean listed) {
        return examCode + (rcrv ? "R" : "") + (listed ? "" : "U");
    }

    /** Whether the release was known, listed as it is now or unlisted as it is now. */
    public boolean contains(String examCode, boolean rcrv, boolean listed) {
        return releases.contains(nameOf(examCode, rcrv, listed));
    }

    /** Whether every release of {@code other} was known: then {@code other} holds nothing new. */
    public boolean containsAll(SeenReleases other) {
        return releases.containsAll(other.releases);
    }

    /** The names in code order, separated by spaces: the archive's column. */
    public String text() {
        return String.join(" ", new TreeSet<>(releases));
    }

    /** Whether {@code text} ({@link #text}) names every release of {@code names}, read without building the set. */
    static boolean textNamesAll(String text, Set<String> names) {
        String spaced = " " + text + " ";
        return names.stream().allMatch(name -> spaced.contains(" " + name + " "));
    }

    /** Reads {@link #text}. */
    public static SeenReleases parse(String text) {
        Objects.requireNonNull(text, "text");
        return new SeenReleases(
                Arrays.stream(text.split(" ")).filter(name -> !name.isEmpty()).collect(Collectors.toSet()));
    }
}
