package in.results.archive;

import java.util.OptionalLong;

/**
 * The archive as {@code /health} shows it.
 *
 * @param kind      {@code embedded} or {@code postgresql}
 * @param reachable whether the last call answered (false before the schema is in place)
 * @param rows      kept pages, counted at most once a minute in the background; empty until first counted
 * @param queued    writes waiting for the database
 */
public record ArchiveHealth(String kind, boolean reachable, OptionalLong rows, int queued) {}
