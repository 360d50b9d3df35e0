/**
 * The transcript PDF: a student's final rows and report figures laid out on A4 pages, with a subset of a bundled font
 * embedded, marked unofficial on every page.
 */
package in.results.report.pdf;
