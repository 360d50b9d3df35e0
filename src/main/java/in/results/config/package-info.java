/** Service configuration: read once at start-up from flags and environment into one record. */
package in.results.config;
