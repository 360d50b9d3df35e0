/**
 * Figures people read rather than compute: a student's report from the merged transcript and a class summary from
 * a finished bulk job. Pure builders over records; the numbers they rest on live in {@link ReportRules}.
 */
package in.results.report;
