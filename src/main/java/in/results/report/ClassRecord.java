package in.results.report;

import in.results.catalog.Course;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import in.results.grading.GradeScale;
import in.results.grading.Sgpa;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A class's whole record, what a class teacher asks of it: every student's report figures ranked by CGPA, the CGPA
 * distribution, backlog and promotion counts, and per semester the top SGPAs and each subject's pass rate and top
 * grade. Built by {@link #of} from the reports and transcripts of a finished class job; nothing here asks the
 * university. A plain record of strings and numbers, so that a fleet keeps it in Redis as it is.
 *
 * @param degree           the course's programme ({@code btech})
 * @param regulation       the course's regulation ({@code R18})
 * @param hallTickets      hall tickets in the range
 * @param noResult         hall tickets the university has no result of the course for, in roll order
 * @param missing          hall tickets left out because the university kept failing for them, in roll order
 * @param cgpaAverage      mean of the students' CGPAs, rounded half-up to 2 decimals (0 when none has one)
 * @param cgpaDistribution the CGPAs counted in the bands of {@link PointBand#LIMITS}, lowest band first
 * @param withoutCgpa      students whose CGPA is not computed (no grade points known): unranked, in no band
 * @param backlogCounts    students by open backlogs: {@code "0"}, {@code "1"}, {@code "2"}, {@code "3+"}
 * @param promotionCounts  students by {@link Row#promotionStatus}: {@code met}, {@code short}, {@code not known}
 * @param students         every student with a result: ranked first (best CGPA first, ties in roll order), then
 *     those without a CGPA in roll order
 * @param semesters        per semester anyone has a result in, in order {@code 1-1} … {@code 4-2}
 */
public record ClassRecord(
        String degree,
        String regulation,
        int hallTickets,
        List<String> noResult,
        List<String> missing,
        BigDecimal cgpaAverage,
        List<PointBand> cgpaDistribution,
        int withoutCgpa,
        Map<String, Integer> backlogCounts,
        Map<String, Integer> promotionCounts,
        List<Row> students,
        List<SemesterFigures> semesters) {

    /** Promotion status of a student a step whose year has ended finds short of credits. */
    public static final String SHORT = "short";
    /** Promotion status of a student no step due finds short. */
    public static final String MET = "met";
    /** Promotion status where the course's promotion rules are not known. */
    public static final String NOT_KNOWN = "not known";
    /** How many of the best SGPAs of a semester are shown (more when the third place is shared). */
    public static final int TOP_SGPAS = 3;

    private static final List<String> BACKLOG_KEYS = List.of("0", "1", "2", "3+");

    public ClassRecord {
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(regulation, "regulation");
        noResult = List.copyOf(noResult);
        missing = List.copyOf(missing);
        Objects.requireNonNull(cgpaAverage, "cgpaAverage");
        cgpaDistribution = List.copyOf(cgpaDistribution);
        backlogCounts = Collections.unmodifiableMap(new LinkedHashMap<>(backlogCounts));
        promotionCounts = Collections.unmodifiableMap(new LinkedHashMap<>(promotionCounts));
        students = List.copyOf(students);
        semesters = List.copyOf(semesters);
    }

    /**
     * One student's figures, as {@code /report} gives them.
     *
     * @param rank            1 + the number of students with a higher CGPA; 0 when the CGPA is not computed
     * @param cgpa            awarded, or not computed
     * @param creditsRequired credits the degree needs; 0 where the university's figure is not known
     * @param promotion       the standing per step; empty where the rules are not known
     * @param promotionStatus {@link #SHORT}, {@link #MET} or {@link #NOT_KNOWN}
     * @param shortFor        the first step found short ({@code "3-1"}), {@code ""} unless short
     */
    public record Row(
            int rank,
            String hallTicket,
            String name,
            Sgpa cgpa,
            BigDecimal creditsEarned,
            int creditsRequired,
            int openBacklogs,
            List<Step> promotion,
            String promotionStatus,
            String shortFor) {
        public Row {
            Objects.requireNonNull(hallTicket, "hallTicket");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(cgpa, "cgpa");
            Objects.requireNonNull(creditsEarned, "creditsEarned");
            promotion = List.copyOf(promotion);
            Objects.requireNonNull(promotionStatus, "promotionStatus");
            Objects.requireNonNull(shortFor, "shortFor");
        }
    }

    /** One promotion step of a student: {@code into} 2-1, 3-1, 4-1 or degree; status as {@code /report} says it. */
    public record Step(
            String into, String status, BigDecimal creditsEarned, int creditsRequired, BigDecimal creditsShort) {
        public Step {
            Objects.requireNonNull(into, "into");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(creditsEarned, "creditsEarned");
            Objects.requireNonNull(creditsShort, "creditsShort");
        }
    }

    /**
     * One semester of the class.
     *
     * @param students  students with a result in the semester
     * @param topSgpas  the students whose awarded SGPA ranks in the best {@link #TOP_SGPAS} (ties share a rank, in
     *     roll order)
     * @param subjects  per subject, in the order subjects first appear in roll order
     */
    public record SemesterFigures(String semester, int students, List<Topper> topSgpas, List<SubjectFigures> subjects) {
        public SemesterFigures {
            Objects.requireNonNull(semester, "semester");
            topSgpas = List.copyOf(topSgpas);
            subjects = List.copyOf(subjects);
        }
    }

    /** A student among a semester's best SGPAs. */
    public record Topper(int rank, String hallTicket, String name, BigDecimal sgpa) {
        public Topper {
            Objects.requireNonNull(hallTicket, "hallTicket");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(sgpa, "sgpa");
        }
    }

    /**
     * One subject of a semester, over the students' final rows (every attempt merged: a supplementary pass counts).
     *
     * @param students       students whose final rows hold the subject
     * @param passed         of those, the ones with a pass grade
     * @param passPercentage passed / students × 100, rounded half-up to 2 decimals
     * @param topGrade       the best pass grade (in {@link ClassSummary#GRADE_ORDER}), {@code ""} when nobody passed
     */
    public record SubjectFigures(
            String code, String name, int students, int passed, BigDecimal passPercentage, String topGrade) {
        public SubjectFigures {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(passPercentage, "passPercentage");
            Objects.requireNonNull(topGrade, "topGrade");
        }
    }

    /**
     * The record of a class of {@code course}: {@code members} in roll order (those with a result), the hall tickets
     * without one and those left out.
     */
    public static ClassRecord of(
            Course course,
            int hallTickets,
            List<ClassMember> members,
            List<HallTicket> noResult,
            List<HallTicket> missing) {
        List<ClassMember> withCgpa = members.stream()
                .filter(member -> member.report().cgpa() instanceof Sgpa.Awarded)
                .toList();
        List<BigDecimal> cgpas = withCgpa.stream().map(ClassRecord::cgpaOf).toList();
        List<Row> rows = new ArrayList<>();
        ClassFigures.ranked(withCgpa, ClassRecord::cgpaOf)
                .forEach(ranked -> rows.add(rowOf(ranked.rank(), ranked.entry())));
        members.stream()
                .filter(member -> !(member.report().cgpa() instanceof Sgpa.Awarded))
                .forEach(member -> rows.add(rowOf(0, member)));
        Map<String, Integer> backlogs = new LinkedHashMap<>();
        BACKLOG_KEYS.forEach(key -> backlogs.put(key, 0));
        Map<String, Integer> promotion = new LinkedHashMap<>();
        List.of(MET, SHORT, NOT_KNOWN).forEach(key -> promotion.put(key, 0));
        for (Row row : rows) {
            backlogs.merge(BACKLOG_KEYS.get(Math.min(row.openBacklogs(), BACKLOG_KEYS.size() - 1)), 1, Integer::sum);
            promotion.merge(row.promotionStatus(), 1, Integer::sum);
        }
        return new ClassRecord(
                course.degree().key(),
                course.regulation().code(),
                hallTickets,
                noResult.stream().map(HallTicket::value).toList(),
                missing.stream().map(HallTicket::value).toList(),
                ClassFigures.average(cgpas),
                PointBand.distribution(cgpas),
                members.size() - withCgpa.size(),
                backlogs,
                promotion,
                rows,
                semestersOf(members));
    }

    private static BigDecimal cgpaOf(ClassMember member) {
        return ((Sgpa.Awarded) member.report().cgpa()).value();
    }

    private static Row rowOf(int rank, ClassMember member) {
        StudentReport report = member.report();
        List<Step> steps = report.promotion() instanceof Promotion.Standing standing
                ? standing.steps().stream()
                        .map(step -> new Step(
                                step.rule().into().key(),
                                step.status().key(),
                                step.creditsEarned(),
                                step.rule().required(),
                                step.creditsShort()))
                        .toList()
                : List.of();
        String shortFor = steps.stream()
                .filter(step -> step.status().equals(Promotion.Status.SHORT.key()))
                .map(Step::into)
                .findFirst()
                .orElse("");
        String status = steps.isEmpty() ? NOT_KNOWN : shortFor.isEmpty() ? MET : SHORT;
        return new Row(
                rank,
                report.details().hallTicket(),
                report.details().name(),
                report.cgpa(),
                report.creditsEarned(),
                report.creditsRequired().orElse(0),
                report.backlogs().size(),
                steps,
                status,
                shortFor);
    }

    /** A student's result in one semester: who, the SGPA, the final rows. */
    private record Sitting(ClassMember member, Sgpa sgpa, List<SubjectResult> rows) {}

    private static List<SemesterFigures> semestersOf(List<ClassMember> members) {
        Map<Semester, List<Sitting>> bySemester = new TreeMap<>();
        for (ClassMember member : members) {
            member.transcript()
                    .semesters()
                    .forEach(record -> bySemester
                            .computeIfAbsent(record.semester(), key -> new ArrayList<>())
                            .add(new Sitting(member, record.sgpa(), record.finalRows())));
        }
        return bySemester.entrySet().stream()
                .map(entry -> semesterOf(entry.getKey().key(), entry.getValue()))
                .toList();
    }

    private static SemesterFigures semesterOf(String semester, List<Sitting> sittings) {
        List<Sitting> awarded = sittings.stream()
                .filter(sitting -> sitting.sgpa() instanceof Sgpa.Awarded)
                .toList();
        List<Topper> top = ClassFigures.ranked(awarded, ClassRecord::sgpaOf).stream()
                .takeWhile(ranked -> ranked.rank() <= TOP_SGPAS)
                .map(ranked -> new Topper(
                        ranked.rank(),
                        ranked.entry().member().report().details().hallTicket(),
                        ranked.entry().member().report().details().name(),
                        sgpaOf(ranked.entry())))
                .toList();
        Map<String, List<SubjectResult>> bySubject = new LinkedHashMap<>();
        sittings.forEach(sitting -> sitting.rows()
                .forEach(row -> bySubject
                        .computeIfAbsent(row.code(), code -> new ArrayList<>())
                        .add(row)));
        List<SubjectFigures> subjects = bySubject.entrySet().stream()
                .map(entry -> subjectOf(entry.getKey(), entry.getValue()))
                .toList();
        return new SemesterFigures(semester, sittings.size(), top, subjects);
    }

    private static BigDecimal sgpaOf(Sitting sitting) {
        return ((Sgpa.Awarded) sitting.sgpa()).value();
    }

    private static SubjectFigures subjectOf(String code, List<SubjectResult> rows) {
        List<String> passes = rows.stream()
                .map(SubjectResult::grade)
                .filter(grade -> !GradeScale.isFail(grade))
                .toList();
        String top = ClassSummary.GRADE_ORDER.stream()
                .filter(grade -> passes.stream().anyMatch(grade::equalsIgnoreCase))
                .findFirst()
                .orElse(passes.isEmpty() ? "" : passes.getFirst());
        return new SubjectFigures(
                code,
                rows.getFirst().name(),
                rows.size(),
                passes.size(),
                ClassFigures.percent(passes.size(), rows.size()),
                top);
    }
}
