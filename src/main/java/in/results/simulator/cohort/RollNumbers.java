package in.results.simulator.cohort;

/**
 * The last two characters of a hall ticket: {@code 01}–{@code 99}, then a letter and a digit
 * ({@code A0}…). Most colleges skip I and O to avoid confusion with 1 and 0; some do not.
 */
final class RollNumbers {

    private static final String ALL_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final String WITHOUT_I_AND_O = "ABCDEFGHJKLMNPQRSTUVWXYZ";

    private RollNumbers() {}

    /** The {@code index}-th roll (1-based). */
    static String roll(int index, boolean usesIAndO) {
        if (index < 1) {
            throw new IllegalArgumentException("rolls start at 1: " + index);
        }
        if (index <= 99) {
            return String.format("%02d", index);
        }
        String letters = usesIAndO ? ALL_LETTERS : WITHOUT_I_AND_O;
        int beyond = index - 100;
        if (beyond / 10 >= letters.length()) {
            throw new IllegalArgumentException("roll " + index + " does not fit in two characters");
        }
        return letters.charAt(beyond / 10) + Integer.toString(beyond % 10);
    }
}
