package in.results.config;

/** A configuration value is missing or malformed; the message names the setting. Stops start-up. */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
