package in.results.report;

import in.results.catalog.Semester;
import in.results.grading.Sgpa;
import in.results.lookup.Transcript;
import in.results.scrape.SubjectResult;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Two students side by side, from their reports and merged transcripts alone: the semesters either has an attempt of,
 * each student's SGPA of them, and the subjects both have. Subjects are matched by subject code, so students of
 * different programmes or regulations compare too (what they share is then often nothing). Built by {@link #of};
 * nothing here asks the university.
 *
 * @param first          the first student's report
 * @param second         the second student's report
 * @param commonSubjects every subject code both have a final row of, in the first student's order (semester by
 *     semester, in page order)
 */
public record StudentComparison(StudentReport first, StudentReport second, List<CommonSubject> commonSubjects) {

    public StudentComparison {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        commonSubjects = List.copyOf(commonSubjects);
    }

    /** A final row of a student's transcript and the semester it is in. */
    public record Taken(Semester semester, SubjectResult row) {
        public Taken {
            Objects.requireNonNull(semester, "semester");
            Objects.requireNonNull(row, "row");
        }
    }

    /** A subject code both students have: each student's final row of it. */
    public record CommonSubject(Taken first, Taken second) {
        public CommonSubject {
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(second, "second");
            if (!first.row().code().equals(second.row().code())) {
                throw new IllegalArgumentException("rows of two subjects: "
                        + first.row().code() + " and " + second.row().code());
            }
        }

        public String code() {
            return first.row().code();
        }
    }

    /**
     * The comparison of two students, each given by their report and the merged transcript it was made from. A
     * subject code a transcript holds in two semesters counts in the first of them.
     */
    public static StudentComparison of(
            StudentReport first, Transcript firstTranscript, StudentReport second, Transcript secondTranscript) {
        Map<String, Taken> secondRows = finalRowsByCode(secondTranscript);
        List<CommonSubject> common = new ArrayList<>();
        for (Taken taken : finalRowsByCode(firstTranscript).values()) {
            Taken other = secondRows.get(taken.row().code());
            if (other != null) {
                common.add(new CommonSubject(taken, other));
            }
        }
        return new StudentComparison(first, second, common);
    }

    /** Every semester either student has an attempt of, in order 1-1 … 4-2. */
    public List<Semester> semesters() {
        Set<Semester> either = EnumSet.noneOf(Semester.class);
        first.semesters().forEach(semester -> either.add(semester.semester()));
        second.semesters().forEach(semester -> either.add(semester.semester()));
        return List.copyOf(either);
    }

    /** The first student's SGPA of {@code semester}; empty when they have no attempt of it. */
    public Optional<Sgpa> firstSgpaOf(Semester semester) {
        return sgpaOf(first, semester);
    }

    /** The second student's SGPA of {@code semester}; empty when they have no attempt of it. */
    public Optional<Sgpa> secondSgpaOf(Semester semester) {
        return sgpaOf(second, semester);
    }

    private static Optional<Sgpa> sgpaOf(StudentReport report, Semester semester) {
        return report.semesters().stream()
                .filter(semesterReport -> semesterReport.semester() == semester)
                .map(StudentReport.SemesterReport::sgpa)
                .findFirst();
    }

    private static Map<String, Taken> finalRowsByCode(Transcript transcript) {
        Map<String, Taken> rows = new LinkedHashMap<>();
        for (Transcript.SemesterRecord record : transcript.semesters()) {
            for (SubjectResult row : record.finalRows()) {
                rows.putIfAbsent(row.code(), new Taken(record.semester(), row));
            }
        }
        return rows;
    }
}
