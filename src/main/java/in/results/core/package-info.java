/** What every layer shares: the identifiers asked about, the university's replies, the one failure, the deadline. */
package in.results.core;
