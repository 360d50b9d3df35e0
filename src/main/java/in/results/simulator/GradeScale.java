package in.results.simulator;

/** The grade legend printed under every result page: letter grade from the percentage of marks. */
final class GradeScale {

    private GradeScale() {}

    /** O ≥ 90 %, A+ ≥ 80, A ≥ 70, B+ ≥ 60, B ≥ 50, C ≥ 40, else F. */
    static String gradeOf(int total, int maxTotal) {
        // Integer comparison so that exactly 40 % is a pass, as the legend says.
        long scaled = 100L * total;
        if (scaled >= 90L * maxTotal) {
            return "O";
        }
        if (scaled >= 80L * maxTotal) {
            return "A+";
        }
        if (scaled >= 70L * maxTotal) {
            return "A";
        }
        if (scaled >= 60L * maxTotal) {
            return "B+";
        }
        if (scaled >= 50L * maxTotal) {
            return "B";
        }
        if (scaled >= 40L * maxTotal) {
            return "C";
        }
        return "F";
    }

    /** The smallest total that passes out of {@code maxTotal}. */
    static int passMark(int maxTotal) {
        return (40 * maxTotal + 99) / 100;
    }
}
