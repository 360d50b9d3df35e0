package in.results.store;

/** How an answer was obtained, sent to clients as {@code X-Cache}. */
public enum CacheStatus {
    /** Fresh copy from the store. */
    HIT,
    /** Loaded now (this caller's load, or one it shared with concurrent identical callers). */
    MISS,
    /** The load failed; this is the last good copy, older than its time to live. */
    STALE
}
