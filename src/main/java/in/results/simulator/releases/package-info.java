/**
 * The simulated university's calendar and releases: its programmes ({@link Programme}), every row of the release list
 * ({@link Exam}), scheduled from the R18 and R22 timetables or read from the real list ({@link ExamSchedule}), their
 * titles ({@link ExamTitles}), the scale each release's pages grade on ({@link GradeScale}) and the notifications
 * announcing them ({@link Notice}). Uses no other part of the simulator.
 */
package in.results.simulator.releases;
