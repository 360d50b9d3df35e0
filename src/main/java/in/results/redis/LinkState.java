package in.results.redis;

import java.time.Instant;

/**
 * What {@code /health} and {@code /metrics} show about Redis.
 *
 * @param where      host:port/database (never the password)
 * @param up         whether commands are answered
 * @param since      when it last changed between up and down (or the link was opened)
 * @param errors     commands that got no reply in time or no connection, since start
 * @param unreadable copies read as a miss because they could not be read, since start
 * @param problem    why it is down ("" while up)
 */
public record LinkState(String where, boolean up, Instant since, long errors, long unreadable, String problem) {}
