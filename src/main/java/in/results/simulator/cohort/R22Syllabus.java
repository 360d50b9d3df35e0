package in.results.simulator.cohort;

import java.util.List;
import java.util.Map;

/**
 * R22 B.Tech courses per branch and semester: 20 credits in every semester, courses marked 40 internal / 60
 * external, 0-credit mandatory courses and seminars marked internally out of 50 (a real R22 page shows such a row
 * as 46 / 0 / 46). Codes follow the R22 pattern: department, semester digit and serial, course type
 * ({@code MA101BS}, {@code CS302PC}). Pages list rows sorted by code, so {@link #subjects} returns them in that order.
 */
final class R22Syllabus {

    /** Credits every R22 semester carries. */
    static final String CREDITS_PER_SEMESTER = "20";

    private static final List<List<Subject>> CSE = sorted(List.of(
            List.of(
                    course("MA101BS", "MATRICES AND CALCULUS", "4"),
                    course("PH102BS", "APPLIED PHYSICS", "4"),
                    course("CS103ES", "PROGRAMMING FOR PROBLEM SOLVING", "3"),
                    course("ME104ES", "COMPUTER AIDED ENGINEERING GRAPHICS", "3"),
                    course("CS105ES", "ELEMENTS OF COMPUTER SCIENCE & ENGINEERING", "1"),
                    course("PH106BS", "APPLIED PHYSICS LABORATORY", "1.5"),
                    course("CS107ES", "PROGRAMMING FOR PROBLEM SOLVING LABORATORY", "1"),
                    course("EN108HS", "ENGLISH LANGUAGE AND COMMUNICATION SKILLS LABORATORY", "1"),
                    course("ME109ES", "ENGINEERING WORKSHOP", "1.5"),
                    mandatory("MC110ES", "ENVIRONMENTAL SCIENCE")),
            List.of(
                    course("MA201BS", "ORDINARY DIFFERENTIAL EQUATIONS AND VECTOR CALCULUS", "4"),
                    course("CH202BS", "ENGINEERING CHEMISTRY", "4"),
                    course("EE203ES", "BASIC ELECTRICAL ENGINEERING", "3"),
                    course("EC204ES", "ELECTRONIC DEVICES AND CIRCUITS", "2"),
                    course("EN205HS", "ENGLISH FOR SKILL ENHANCEMENT", "2"),
                    course("CH206BS", "ENGINEERING CHEMISTRY LABORATORY", "1"),
                    course("CS207ES", "PYTHON PROGRAMMING LABORATORY", "1"),
                    course("EE208ES", "BASIC ELECTRICAL ENGINEERING LABORATORY", "1"),
                    course("CS209ES", "IT WORKSHOP", "1"),
                    course("EN210HS", "ENGLISH COMMUNICATION SKILLS LABORATORY", "1")),
            List.of(
                    course("MA301BS", "MATHEMATICAL AND STATISTICAL FOUNDATIONS", "4"),
                    course("CS302PC", "DATA STRUCTURES", "3"),
                    course("CS303PC", "COMPUTER ORGANIZATION AND ARCHITECTURE", "3"),
                    course("CS304PC", "SOFTWARE ENGINEERING", "3"),
                    course("CS305PC", "OPERATING SYSTEMS", "3"),
                    course("CS306PC", "DATA STRUCTURES LAB", "1"),
                    course("CS307PC", "OPERATING SYSTEMS LAB", "1"),
                    course("CS308PC", "SOFTWARE ENGINEERING LAB", "1"),
                    course("CS309SD", "SKILL DEVELOPMENT COURSE (NODE JS/ REACT JS/ DJANGO)", "1"),
                    mandatory("MC310HS", "GENDER SENSITIZATION LAB")),
            List.of(
                    course("CS401PC", "DISCRETE MATHEMATICS", "3"),
                    course("SM402MS", "BUSINESS ECONOMICS & FINANCIAL ANALYSIS", "3"),
                    course("CS403PC", "DATABASE MANAGEMENT SYSTEMS", "3"),
                    course("CS404PC", "COMPUTER NETWORKS", "3"),
                    course("CS405PC", "JAVA PROGRAMMING", "3"),
                    course("CS406PC", "DATABASE MANAGEMENT SYSTEMS LAB", "1"),
                    course("CS407PC", "JAVA PROGRAMMING LAB", "1"),
                    course("CS408PC", "REAL-TIME RESEARCH PROJECT/ FIELD BASED PROJECT", "2"),
                    course("CS409SD", "SKILL DEVELOPMENT COURSE (DATA VISUALIZATION)", "1"),
                    mandatory("MC410HS", "CONSTITUTION OF INDIA")),
            List.of(
                    course("CS501PC", "DESIGN AND ANALYSIS OF ALGORITHMS", "3"),
                    course("CS502PC", "MACHINE LEARNING", "3"),
                    course("CS503PC", "FORMAL LANGUAGES AND AUTOMATA THEORY", "3"),
                    course("SM504MS", "FUNDAMENTALS OF MANAGEMENT AND ENTREPRENEURSHIP", "3"),
                    course("CS515PE", "SOFTWARE TESTING METHODOLOGIES", "3"),
                    course("CS505PC", "MACHINE LEARNING LAB", "1"),
                    course("CS516PE", "SOFTWARE TESTING METHODOLOGIES LAB", "1"),
                    course("EN508HS", "ADVANCED ENGLISH COMMUNICATION SKILLS LAB", "1"),
                    course("CS509SD", "UI DESIGN - FLUTTER", "2"),
                    mandatory("MC510HS", "INTELLECTUAL PROPERTY RIGHTS")),
            List.of(
                    course("CS601PC", "ARTIFICIAL INTELLIGENCE", "3"),
                    course("CS602PC", "DEVOPS", "3"),
                    course("CS603PC", "COMPILER DESIGN", "3"),
                    course("CS611PE", "SOFTWARE PROCESS & PROJECT MANAGEMENT", "3"),
                    course("CE621OE", "DISASTER PREPAREDNESS & PLANNING MANAGEMENT", "3"),
                    course("CS604PC", "ARTIFICIAL INTELLIGENCE LAB", "1"),
                    course("CS605PC", "DEVOPS LAB", "1"),
                    course("CS606PC", "COMPILER DESIGN LAB", "1"),
                    course("CS607PC", "INDUSTRIAL ORIENTED MINI PROJECT/ INTERNSHIP", "2"),
                    mandatory("MC609ES", "ENVIRONMENTAL STUDIES AND ETHICS")),
            List.of(
                    course("CS701PC", "CRYPTOGRAPHY AND NETWORK SECURITY", "3"),
                    course("CS702PC", "CLOUD COMPUTING", "3"),
                    course("CS711PE", "DEEP LEARNING", "3"),
                    course("CS721PE", "BLOCKCHAIN TECHNOLOGY", "3"),
                    course("EC731OE", "ELECTRONIC SENSORS", "3"),
                    course("CS703PC", "CRYPTOGRAPHY AND NETWORK SECURITY LAB", "2"),
                    course("CS704PC", "INDUSTRIAL ORIENTED MINI PROJECT/ SUMMER INTERNSHIP", "2"),
                    internal("CS705PC", "PROJECT STAGE - I", "1")),
            List.of(
                    course("SM801MS", "ORGANIZATIONAL BEHAVIOUR", "3"),
                    course("CS811PE", "NATURAL LANGUAGE PROCESSING", "3"),
                    course("CS821PE", "CYBER FORENSICS", "3"),
                    course("ME831OE", "RENEWABLE ENERGY SOURCES", "3"),
                    course("SM802MS", "ENTREPRENEURSHIP", "3"),
                    course("CS803PC", "PROJECT STAGE - II", "4"),
                    internal("CS804PC", "TECHNICAL SEMINAR", "1"),
                    mandatory("MC805HS", "ESSENCE OF INDIAN TRADITIONAL KNOWLEDGE"))));

    /** CSE (AI & ML) shares the first year and the common courses; its core courses differ from the second year on. */
    private static final List<List<Subject>> CSE_AIML = sorted(List.of(
            CSE.get(0),
            CSE.get(1),
            replace(
                    CSE.get(2),
                    Map.of(
                            "CS304PC",
                            course("AM304PC", "INTRODUCTION TO ARTIFICIAL INTELLIGENCE", "3"),
                            "CS308PC",
                            course("AM308PC", "ARTIFICIAL INTELLIGENCE LAB", "1"))),
            replace(
                    CSE.get(3),
                    Map.of(
                            "CS404PC",
                            course("AM404PC", "MACHINE LEARNING", "3"),
                            "CS407PC",
                            course("AM407PC", "MACHINE LEARNING LAB", "1"))),
            replace(
                    CSE.get(4),
                    Map.of(
                            "CS502PC",
                            course("AM502PC", "NEURAL NETWORKS & DEEP LEARNING", "3"),
                            "CS505PC",
                            course("AM505PC", "NEURAL NETWORKS & DEEP LEARNING LAB", "1"))),
            replace(
                    CSE.get(5),
                    Map.of(
                            "CS601PC",
                            course("AM601PC", "NATURAL LANGUAGE PROCESSING", "3"),
                            "CS604PC",
                            course("AM604PC", "NATURAL LANGUAGE PROCESSING LAB", "1"))),
            replace(CSE.get(6), Map.of("CS711PE", course("AM711PE", "REINFORCEMENT LEARNING", "3"))),
            replace(CSE.get(7), Map.of("CS811PE", course("AM811PE", "SPEECH AND VIDEO PROCESSING", "3")))));

    private R22Syllabus() {}

    static List<String> branches() {
        return List.of(Syllabus.CSE, Syllabus.CSE_AIML);
    }

    /** Courses of {@code branch} in semester number {@code semester} (1 = 1-1 … 8 = 4-2), sorted by code. */
    static List<Subject> subjects(String branch, int semester) {
        List<List<Subject>> semesters = switch (branch) {
            case Syllabus.CSE -> CSE;
            case Syllabus.CSE_AIML -> CSE_AIML;
            default -> throw new IllegalArgumentException("no R22 branch " + branch);
        };
        return semesters.get(semester - 1);
    }

    private static Subject course(String code, String name, String credits) {
        return new Subject(code, name, credits, 40, 60);
    }

    /** Assessed internally only, out of 50. */
    private static Subject internal(String code, String name, String credits) {
        return new Subject(code, name, credits, 50, 0);
    }

    /** 0-credit mandatory course, assessed internally out of 50. */
    private static Subject mandatory(String code, String name) {
        return internal(code, name, "0");
    }

    /** Sorted once: every sitting of every student asks for a semester's courses. */
    private static List<List<Subject>> sorted(List<List<Subject>> semesters) {
        return semesters.stream().map(Syllabus::sortedByCode).toList();
    }

    private static List<Subject> replace(List<Subject> subjects, Map<String, Subject> replacements) {
        return subjects.stream()
                .map(subject -> replacements.getOrDefault(subject.code(), subject))
                .toList();
    }
}
