package in.results.simulator.releases;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A grading scale as the result page's legend prints it: letter grades by the percentage of marks secured, with
 * their grade points; the last band is the fail grade. Every seven-column page prints its exam's scale
 * ({@link #legend()}), then a row for {@code Ab} (absent, 0 points).
 *
 * @param bands highest first; each band starts at {@link Band#fromPercent()} and the last one, the fail grade, at 0
 */
public record GradeScale(List<Band> bands) {

    /** One letter grade: from {@code fromPercent} % up to the next band; {@code legendLetter} as the legend words it. */
    public record Band(int fromPercent, String letter, String legendLetter, int points) {
        public Band {
            Objects.requireNonNull(letter, "letter");
            Objects.requireNonNull(legendLetter, "legendLetter");
        }
    }

    /** B.Tech R16/R18/R22 (and, as far as is known, R25): pass from 40 %. */
    public static final GradeScale BTECH = new GradeScale(List.of(
            new Band(90, "O", "O (Outstanding)", 10),
            new Band(80, "A+", "A+ (Excellent)", 9),
            new Band(70, "A", "A (Very Good)", 8),
            new Band(60, "B+", "B+ (Good)", 7),
            new Band(50, "B", "B (Average)", 6),
            new Band(40, "C", "C (Pass)", 5),
            new Band(0, "F", "F (Fail)", 0)));

    /**
     * B.Pharmacy R22: O 10, A 9, B 8, C 7, D 6, F 0 (the points are public; the percentage bands are the simulator's
     * choice), so D is a pass grade.
     */
    public static final GradeScale BPHARMACY_R22 = new GradeScale(List.of(
            new Band(90, "O", "O (Outstanding)", 10),
            new Band(80, "A", "A (Excellent)", 9),
            new Band(70, "B", "B (Very Good)", 8),
            new Band(60, "C", "C (Good)", 7),
            new Band(50, "D", "D (Average)", 6),
            new Band(0, "F", "F (Fail)", 0)));

    /**
     * Postgraduate programmes (M.Tech, MBA, MCA, M.Pharmacy): no public scale exists, so the simulator's choice is the
     * B.Tech letters with a pass from 50 % and no C.
     */
    public static final GradeScale POSTGRADUATE = new GradeScale(List.of(
            new Band(90, "O", "O (Outstanding)", 10),
            new Band(80, "A+", "A+ (Excellent)", 9),
            new Band(70, "A", "A (Very Good)", 8),
            new Band(60, "B+", "B+ (Good)", 7),
            new Band(50, "B", "B (Average)", 6),
            new Band(0, "F", "F (Fail)", 0)));

    private static final Map<String, GradeScale> BY_PROGRAMME_AND_REGULATION =
            Map.of(Programme.BPHARMACY.degree() + " R22", BPHARMACY_R22);

    public GradeScale {
        bands = List.copyOf(bands);
        if (bands.size() < 2 || bands.getLast().fromPercent() != 0) {
            throw new IllegalArgumentException("a scale needs pass bands and a fail band from 0 %: " + bands);
        }
    }

    /** The scale pages of {@code programme}'s {@code regulation} print; B.Tech's where nothing else is known. */
    public static GradeScale of(Programme programme, String regulation) {
        GradeScale scale = BY_PROGRAMME_AND_REGULATION.get(programme.degree() + " " + regulation);
        if (scale != null) {
            return scale;
        }
        return programme.postgraduate() ? POSTGRADUATE : BTECH;
    }

    /** The letter for {@code total} out of {@code maxTotal}; integer comparison, so a band's lower edge is in it. */
    public String gradeOf(int total, int maxTotal) {
        long scaled = 100L * total;
        for (Band band : bands) {
            if (scaled >= (long) band.fromPercent() * maxTotal) {
                return band.letter();
            }
        }
        throw new IllegalStateException("the fail band starts at 0 %");
    }

    /** The smallest total that passes out of {@code maxTotal}. */
    public int passMark(int maxTotal) {
        int passPercent = bands.get(bands.size() - 2).fromPercent();
        return (passPercent * maxTotal + 99) / 100;
    }

    /** The fail letter ({@code F}). */
    public String failLetter() {
        return bands.getLast().letter();
    }

    /** Grade points of {@code letter}: a band's, 0 for {@code Ab} and {@code -}; throws for a letter not here. */
    public int pointsOf(String letter) {
        if (letter.equals("Ab") || letter.equals("-")) {
            return 0;
        }
        return bands.stream()
                .filter(band -> band.letter().equals(letter))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no grade " + letter + " in " + this))
                .points();
    }

    /**
     * The legend's rows as the page prints them, each {@code {range, letter, points}}: {@code Greater than or equal
     * to 90 %}, {@code 80 and Less than 90 %} … {@code Below 40 %}, then {@code Absent / Ab / 0}.
     */
    public List<List<String>> legend() {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < bands.size(); i++) {
            Band band = bands.get(i);
            String range;
            if (i == 0) {
                range = "Greater than or equal to " + band.fromPercent() + " %";
            } else if (i == bands.size() - 1) {
                range = "Below " + bands.get(i - 1).fromPercent() + " %";
            } else {
                range = band.fromPercent() + " and Less than "
                        + bands.get(i - 1).fromPercent() + " %";
            }
            rows.add(List.of(range, band.legendLetter(), Integer.toString(band.points())));
        }
        rows.add(List.of("Absent", "Ab", "0"));
        return List.copyOf(rows);
    }
}
