package in.results.simulator.cohort;

import in.results.simulator.releases.Programme;
import java.util.ArrayList;
import java.util.List;

/**
 * The courses of one programme, regulation and specialisation, semester by semester, as data: one record per
 * programme and regulation, written as one line per course ({@code code | name | credits | internal/external}) and a
 * line {@code --} between semesters. The university publishes no syllabus with its results, so these are plausible
 * courses in the university's code style, covering the semesters the real list has releases of.
 *
 * @param specialisation hall-ticket positions 7–8 of the students who study it
 * @param semesters      courses per semester (index 0 = the first), each sorted by code as pages list them
 */
record ProgrammeSyllabus(Programme programme, String regulation, String specialisation, List<List<Subject>> semesters) {

    /** B.Pharmacy R22, I and II Year: theory 25/75, practicals 15/35, mandatory courses internal out of 50. */
    static final ProgrammeSyllabus BPHARMACY_R22 = of(Programme.BPHARMACY, "R22", "00", """
            BP101T | HUMAN ANATOMY AND PHYSIOLOGY I | 4 | 25/75
            BP102T | PHARMACEUTICAL ANALYSIS I | 4 | 25/75
            BP103T | PHARMACEUTICS I | 4 | 25/75
            BP104T | PHARMACEUTICAL INORGANIC CHEMISTRY | 4 | 25/75
            BP105T | COMMUNICATION SKILLS | 2 | 25/75
            BP107P | HUMAN ANATOMY AND PHYSIOLOGY I LAB | 2 | 15/35
            BP108P | PHARMACEUTICAL ANALYSIS I LAB | 2 | 15/35
            BP109P | PHARMACEUTICS I LAB | 2 | 15/35
            --
            BP201T | HUMAN ANATOMY AND PHYSIOLOGY II | 4 | 25/75
            BP202T | PHARMACEUTICAL ORGANIC CHEMISTRY I | 4 | 25/75
            BP203T | BIOCHEMISTRY | 4 | 25/75
            BP204T | PATHOPHYSIOLOGY | 4 | 25/75
            BP205T | COMPUTER APPLICATIONS IN PHARMACY | 3 | 25/75
            BP206T | ENVIRONMENTAL SCIENCES | 0 | 50/0
            BP207P | HUMAN ANATOMY AND PHYSIOLOGY II LAB | 2 | 15/35
            BP208P | PHARMACEUTICAL ORGANIC CHEMISTRY I LAB | 2 | 15/35
            --
            BP301T | PHARMACEUTICAL ORGANIC CHEMISTRY II | 4 | 25/75
            BP302T | PHYSICAL PHARMACEUTICS I | 4 | 25/75
            BP303T | PHARMACEUTICAL MICROBIOLOGY | 4 | 25/75
            BP304T | PHARMACEUTICAL ENGINEERING | 4 | 25/75
            BP305P | PHARMACEUTICAL ORGANIC CHEMISTRY II LAB | 2 | 15/35
            BP306P | PHYSICAL PHARMACEUTICS I LAB | 2 | 15/35
            BP307P | PHARMACEUTICAL MICROBIOLOGY LAB | 2 | 15/35
            --
            BP401T | PHARMACEUTICAL ORGANIC CHEMISTRY III | 4 | 25/75
            BP402T | MEDICINAL CHEMISTRY I | 4 | 25/75
            BP403T | PHYSICAL PHARMACEUTICS II | 4 | 25/75
            BP404T | PHARMACOLOGY I | 4 | 25/75
            BP405T | PHARMACOGNOSY AND PHYTOCHEMISTRY I | 4 | 25/75
            BP406P | MEDICINAL CHEMISTRY I LAB | 2 | 15/35
            BP407P | PHARMACOLOGY I LAB | 2 | 15/35
            """);

    /** M.Tech R22, Computer Science and Engineering: 40/60, the dissertation marked internally in phase I. */
    static final ProgrammeSyllabus MTECH_R22 = of(Programme.MTECH, "R22", "58", """
            MCS101 | MATHEMATICAL FOUNDATIONS OF COMPUTER SCIENCE | 3 | 40/60
            MCS102 | ADVANCED DATA STRUCTURES | 3 | 40/60
            MCS103 | MACHINE LEARNING | 3 | 40/60
            MCS104 | CLOUD COMPUTING | 3 | 40/60
            MCS105 | ADVANCED DATA STRUCTURES LAB | 2 | 40/60
            MCS106 | RESEARCH METHODOLOGY AND IPR | 2 | 40/60
            --
            MCS201 | ADVANCED ALGORITHMS | 3 | 40/60
            MCS202 | ADVANCED COMPUTER ARCHITECTURE | 3 | 40/60
            MCS203 | DEEP LEARNING | 3 | 40/60
            MCS204 | BIG DATA ANALYTICS | 3 | 40/60
            MCS205 | ADVANCED ALGORITHMS LAB | 2 | 40/60
            MCS206 | MINI PROJECT WITH SEMINAR | 2 | 100/0
            --
            MCS301 | DATA SECURITY AND ACCESS CONTROL | 3 | 40/60
            MCS302 | OPTIMIZATION TECHNIQUES | 3 | 40/60
            MCS303 | DISSERTATION PHASE I | 10 | 100/0
            --
            MCS401 | DISSERTATION PHASE II | 14 | 40/60
            """);

    /** MBA R22: 40/60, the summer internship and project internal. */
    static final ProgrammeSyllabus MBA_R22 = of(Programme.MBA, "R22", "00", """
            MB101 | MANAGEMENT AND ORGANIZATIONAL BEHAVIOUR | 4 | 40/60
            MB102 | MANAGERIAL ECONOMICS | 4 | 40/60
            MB103 | FINANCIAL ACCOUNTING AND ANALYSIS | 4 | 40/60
            MB104 | BUSINESS STATISTICS | 4 | 40/60
            MB105 | BUSINESS LAW | 3 | 40/60
            MB106 | BUSINESS COMMUNICATION LAB | 2 | 40/60
            --
            MB201 | FINANCIAL MANAGEMENT | 4 | 40/60
            MB202 | MARKETING MANAGEMENT | 4 | 40/60
            MB203 | HUMAN RESOURCE MANAGEMENT | 4 | 40/60
            MB204 | OPERATIONS MANAGEMENT | 4 | 40/60
            MB205 | RESEARCH METHODOLOGY | 3 | 40/60
            MB206 | BUSINESS ANALYTICS LAB | 2 | 40/60
            --
            MB301 | STRATEGIC MANAGEMENT | 4 | 40/60
            MB302 | ENTREPRENEURSHIP | 4 | 40/60
            MB303 | INVESTMENT MANAGEMENT | 4 | 40/60
            MB304 | CONSUMER BEHAVIOUR | 4 | 40/60
            MB305 | SUMMER INTERNSHIP | 2 | 100/0
            --
            MB401 | INTERNATIONAL BUSINESS | 4 | 40/60
            MB402 | FINANCIAL DERIVATIVES | 4 | 40/60
            MB403 | DIGITAL MARKETING | 4 | 40/60
            MB404 | PROJECT WORK | 6 | 40/60
            """);

    /** MCA R22 (two years): 40/60. */
    static final ProgrammeSyllabus MCA_R22 = of(Programme.MCA, "R22", "00", """
            MC101 | DISCRETE MATHEMATICS | 4 | 40/60
            MC102 | COMPUTER ORGANIZATION | 3 | 40/60
            MC103 | DATA STRUCTURES USING C | 4 | 40/60
            MC104 | OPERATING SYSTEMS | 3 | 40/60
            MC105 | DATA STRUCTURES LAB | 2 | 40/60
            MC106 | OPERATING SYSTEMS LAB | 2 | 40/60
            --
            MC201 | DATABASE MANAGEMENT SYSTEMS | 4 | 40/60
            MC202 | JAVA PROGRAMMING | 4 | 40/60
            MC203 | COMPUTER NETWORKS | 3 | 40/60
            MC204 | SOFTWARE ENGINEERING | 3 | 40/60
            MC205 | DATABASE MANAGEMENT SYSTEMS LAB | 2 | 40/60
            MC206 | JAVA PROGRAMMING LAB | 2 | 40/60
            --
            MC301 | MACHINE LEARNING | 4 | 40/60
            MC302 | WEB TECHNOLOGIES | 4 | 40/60
            MC303 | CLOUD COMPUTING | 3 | 40/60
            MC304 | MACHINE LEARNING LAB | 2 | 40/60
            MC305 | WEB TECHNOLOGIES LAB | 2 | 40/60
            --
            MC401 | BIG DATA ANALYTICS | 3 | 40/60
            MC402 | CYBER SECURITY | 3 | 40/60
            MC403 | PROJECT WORK | 12 | 40/60
            """);

    /** M.Pharmacy R22, Pharmaceutics: theory 25/75, practicals 40/60, seminars and research internal. */
    static final ProgrammeSyllabus MPHARMACY_R22 = of(Programme.MPHARMACY, "R22", "06", """
            MPH101T | MODERN PHARMACEUTICAL ANALYTICAL TECHNIQUES | 4 | 25/75
            MPH102T | DRUG DELIVERY SYSTEM | 4 | 25/75
            MPH103T | MODERN PHARMACEUTICS | 4 | 25/75
            MPH104T | REGULATORY AFFAIRS | 4 | 25/75
            MPH105P | PHARMACEUTICS PRACTICAL I | 6 | 40/60
            --
            MPH201T | MOLECULAR PHARMACEUTICS | 4 | 25/75
            MPH202T | ADVANCED BIOPHARMACEUTICS AND PHARMACOKINETICS | 4 | 25/75
            MPH203T | COMPUTER AIDED DRUG DEVELOPMENT | 4 | 25/75
            MPH204T | COSMETICS AND COSMECEUTICALS | 4 | 25/75
            MPH205P | PHARMACEUTICS PRACTICAL II | 6 | 40/60
            --
            MRM301T | RESEARCH METHODOLOGY AND BIOSTATISTICS | 4 | 25/75
            MPH302 | JOURNAL CLUB | 1 | 100/0
            MPH303 | DISCUSSION AND PRESENTATION | 2 | 100/0
            MPH304 | RESEARCH WORK | 14 | 100/0
            --
            MPH401 | JOURNAL CLUB | 1 | 100/0
            MPH402 | RESEARCH WORK | 14 | 40/60
            MPH403 | DISCUSSION AND FINAL PRESENTATION | 3 | 100/0
            """);

    /**
     * A B.Tech minor-degree programme (R18 and R22 alike), studied in III and IV Year beside the degree: its courses
     * are not part of the degree's semesters, so they are never on a semester's page.
     */
    static final ProgrammeSyllabus BTECH_MINOR = of(Programme.BTECH, "", "", """
            --
            --
            --
            --
            MN501DS | MINOR: FOUNDATIONS OF DATA SCIENCE | 3 | 40/60
            MN502DS | MINOR: DATA SCIENCE LAB | 1 | 40/60
            --
            MN601DS | MINOR: DATA VISUALIZATION | 3 | 40/60
            MN602DS | MINOR: DATA VISUALIZATION LAB | 1 | 40/60
            --
            MN701DS | MINOR: PREDICTIVE ANALYTICS | 3 | 40/60
            --
            MN801DS | MINOR: DATA SCIENCE PROJECT | 3 | 40/60
            """);

    ProgrammeSyllabus {
        semesters = semesters.stream().map(Syllabus::sortedByCode).toList();
    }

    /** Courses of semester number {@code semester} (1 = the first), sorted by code; {@code branch} is not used. */
    List<Subject> subjects(String branch, int semester) {
        return semesters.get(semester - 1);
    }

    private static ProgrammeSyllabus of(Programme programme, String regulation, String specialisation, String courses) {
        List<List<Subject>> semesters = new ArrayList<>();
        List<Subject> semester = new ArrayList<>();
        for (String line : courses.strip().split("\n")) {
            if (line.strip().equals("--")) {
                semesters.add(List.copyOf(semester));
                semester.clear();
                continue;
            }
            String[] fields = line.split("\\|");
            String[] split = fields[3].strip().split("/");
            semester.add(new Subject(
                    fields[0].strip(),
                    fields[1].strip(),
                    fields[2].strip(),
                    Integer.parseInt(split[0]),
                    Integer.parseInt(split[1])));
        }
        semesters.add(List.copyOf(semester));
        return new ProgrammeSyllabus(programme, regulation, specialisation, semesters);
    }
}
