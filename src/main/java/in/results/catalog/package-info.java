/**
 * Exam releases: which exam codes exist for each semester of each programme and regulation, and which are special
 * programmes' (minor degree, Ph.D. course work) instead. Pure; no I/O.
 */
package in.results.catalog;
