package in.results.catalog;

import java.util.Locale;

/** The degree a release belongs to. */
public enum Degree {
    BTECH("btech"),
    BPHARMACY("bpharmacy"),
    MTECH("mtech"),
    MPHARMACY("mpharmacy"),
    MBA("mba"),
    MCA("mca"),
    /** Neither the title nor the link names a degree this catalog knows. */
    UNKNOWN("");

    private final String key;

    Degree(String key) {
        this.key = key;
    }

    /** The lower-case name the university uses in links ({@code degree=btech}); {@code ""} for UNKNOWN. */
    public String key() {
        return key;
    }

    /** The degree whose {@link #key()} is {@code key}, ignoring case and surrounding spaces; UNKNOWN otherwise. */
    static Degree ofKey(String key) {
        if (key == null || key.isBlank()) {
            return UNKNOWN;
        }
        String wanted = key.strip().toLowerCase(Locale.ROOT);
        for (Degree degree : values()) {
            if (degree != UNKNOWN && degree.key.equals(wanted)) {
                return degree;
            }
        }
        return UNKNOWN;
    }
}
