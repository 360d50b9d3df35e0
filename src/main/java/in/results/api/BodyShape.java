package in.results.api;

/**
 * One way an endpoint turns a cached value into its JSON body ({@code /all-r18}'s transcript, {@code /report}'s
 * report of the same transcript, …): with the value's identity, the key of its encoded body ({@link EncodedBodies}).
 * Compared by identity: each shape is declared once, as a constant of the routes that write it.
 */
final class BodyShape {
    private final String name;

    BodyShape(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
