/** Lookups: single exam, semester, all semesters and bulk jobs, each answering through the shared caches. */
package in.results.lookup;
