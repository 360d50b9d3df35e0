/** The university's list pages (release list, notifications), kept and refreshed, and the exam catalog built from the release list. */
package in.results.releases;
