package in.results.scrape;

/** A page did not have the structure the parser relies on; the message names what was missing. */
public final class PageLayoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PageLayoutException(String message) {
        super(message);
    }
}
