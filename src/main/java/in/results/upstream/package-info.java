/** The only code that talks to the university: hosts in order, timeouts, bounded concurrency, page classification. */
package in.results.upstream;
