package in.results.catalog;

/**
 * A programme a release belongs to that is not one of its degree's semesters, although its title names a year and
 * semester like one. Such a release is never an attempt of the degree's semester: its subjects are not part of the
 * degree's SGPA or CGPA, and it is never a batch's regular exam.
 */
public enum SpecialProgramme {
    /** An ordinary release of the degree's own semesters. */
    NONE,
    /**
     * A minor-degree programme taken alongside B.Tech: {@code Minor Degree Program}, {@code (Minor degree)},
     * {@code Minor degree program}, {@code (Minior Program)} in the titles.
     */
    MINOR_DEGREE,
    /** Ph.D. or Pre-Ph.D. course work, filed under a postgraduate programme's codes: {@code PHD COURSE WORK}. */
    PHD_COURSE_WORK,
    /** {@code Others Course}: a course outside every programme, filed under M.Tech codes. */
    OTHERS_COURSE
}
