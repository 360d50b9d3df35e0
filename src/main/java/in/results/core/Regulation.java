package in.results.core;

import java.util.Optional;

/**
 * A B.Tech regulation the service answers for: the rule book a batch follows from admission to graduation. Both
 * use the same grade points and merge rules; they differ in which releases hold their results. Older regulations
 * (R16 and before) are not served.
 */
public enum Regulation {
    /** Batches admitted 2018 to 2021. */
    R18(2018),
    /** Batches admitted 2022 or later. */
    R22(2022);

    private final int firstAdmissionYear;

    Regulation(int firstAdmissionYear) {
        this.firstAdmissionYear = firstAdmissionYear;
    }

    /**
     * The regulation of a batch admitted in {@code year}: the last one whose first batch was admitted in or before
     * that year; empty before 2018.
     */
    public static Optional<Regulation> ofAdmissionYear(int year) {
        Regulation found = null;
        for (Regulation regulation : values()) {
            if (regulation.firstAdmissionYear <= year) {
                found = regulation;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The first admission year of the regulation's batches. */
    public int firstAdmissionYear() {
        return firstAdmissionYear;
    }

    /** How release titles write it, {@code "R18"}. */
    public String code() {
        return name();
    }
}
