package in.results.simulator.cohort;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * R18 B.Tech courses per branch and semester. Codes follow the university's pattern: {@code 15},
 * the semester number, then two letters for theory or two digits for labs ({@code 153AE},
 * {@code 15307}). Pages list rows sorted by code, so {@link #subjects} returns them in that order.
 */
final class Syllabus {

    static final String CSE = "05";
    static final String CSE_AIML = "66";
    static final String ECE = "04";

    private static final Map<String, List<List<Subject>>> BY_BRANCH = new HashMap<>();

    static {
        List<List<Subject>> cse = List.of(
                List.of(
                        theory("151AA", "MATHEMATICS - I", "4"),
                        theory("151AH", "CHEMISTRY", "4"),
                        theory("151AD", "BASIC ELECTRICAL ENGINEERING", "4"),
                        theory("151AB", "ENGLISH", "2"),
                        lab("15102", "ENGINEERING CHEMISTRY LAB", "1.5"),
                        lab("15103", "ENGLISH LANGUAGE AND COMMUNICATION SKILLS LAB", "1"),
                        lab("15104", "BASIC ELECTRICAL ENGINEERING LAB", "1"),
                        lab("15105", "ENGINEERING WORKSHOP", "2")),
                List.of(
                        theory("152AB", "MATHEMATICS - II", "4"),
                        theory("152AE", "APPLIED PHYSICS", "4"),
                        theory("152AF", "PROGRAMMING FOR PROBLEM SOLVING", "4"),
                        theory("152AG", "ENGINEERING GRAPHICS", "3"),
                        lab("15202", "APPLIED PHYSICS LAB", "1.5"),
                        lab("15203", "PROGRAMMING FOR PROBLEM SOLVING LAB", "1.5"),
                        lab("15204", "IT WORKSHOP", "1"),
                        mandatory("152AJ", "ENVIRONMENTAL SCIENCE")),
                List.of(
                        theory("153AE", "BUSINESS ECONOMICS & FINANCIAL ANALYSIS", "3"),
                        theory("153AG", "COMPUTER ORGANIZATION AND ARCHITECTURE", "3"),
                        theory("153AK", "DATA STRUCTURES", "4"),
                        theory("153CD", "PYTHON PROGRAMMING", "2"),
                        theory("153CF", "DISCRETE MATHEMATICS", "3"),
                        theory("153CH", "MATHEMATICAL AND STATISTICAL FOUNDATIONS", "3"),
                        lab("15307", "DATA STRUCTURES LAB", "1.5"),
                        lab("15336", "PYTHON PROGRAMMING LAB", "1.5"),
                        mandatory("15332", "GENDER SENSITIZATION LAB")),
                List.of(
                        theory("154AP", "OPERATING SYSTEMS", "3"),
                        theory("154AR", "DATABASE MANAGEMENT SYSTEMS", "3"),
                        theory("154CK", "FORMAL LANGUAGES AND AUTOMATA THEORY", "3"),
                        theory("154CL", "OBJECT ORIENTED PROGRAMMING USING JAVA", "3"),
                        theory("154CM", "SOFTWARE ENGINEERING", "3"),
                        lab("15411", "OPERATING SYSTEMS LAB", "1"),
                        lab("15412", "DATABASE MANAGEMENT SYSTEMS LAB", "1"),
                        lab("15413", "JAVA PROGRAMMING LAB", "1.5"),
                        mandatory("154AA", "CONSTITUTION OF INDIA")),
                List.of(
                        theory("155BG", "COMPUTER NETWORKS", "3"),
                        theory("155BH", "DESIGN AND ANALYSIS OF ALGORITHMS", "4"),
                        theory("155BJ", "WEB TECHNOLOGIES", "3"),
                        theory("155CT", "DATA WAREHOUSING AND DATA MINING", "3"),
                        theory("155AN", "FUNDAMENTALS OF MANAGEMENT", "3"),
                        lab("15508", "COMPUTER NETWORKS AND WEB TECHNOLOGIES LAB", "1.5"),
                        lab("15509", "ADVANCED COMMUNICATION SKILLS LAB", "1"),
                        lab("15510", "SOFTWARE ENGINEERING LAB", "1"),
                        mandatory("155AA", "INTELLECTUAL PROPERTY RIGHTS")),
                List.of(
                        theory("156BM", "MACHINE LEARNING", "3"),
                        theory("156BN", "COMPILER DESIGN", "3"),
                        theory("156BP", "INFORMATION SECURITY", "3"),
                        theory("156CE", "DISTRIBUTED SYSTEMS", "3"),
                        theory("156AN", "DISASTER MANAGEMENT", "3"),
                        lab("15614", "MACHINE LEARNING LAB", "1.5"),
                        lab("15615", "COMPILER DESIGN LAB", "1"),
                        lab("15616", "SOFTWARE TESTING LAB", "1"),
                        mandatory("156AA", "ESSENCE OF INDIAN TRADITIONAL KNOWLEDGE")),
                List.of(
                        theory("157AB", "CRYPTOGRAPHY AND NETWORK SECURITY", "3"),
                        theory("157BT", "CLOUD COMPUTING", "3"),
                        theory("157BU", "INTERNET OF THINGS", "3"),
                        theory("157CS", "BIG DATA ANALYTICS", "3"),
                        theory("157AR", "ENTREPRENEURSHIP", "3"),
                        lab("15702", "CRYPTOGRAPHY AND NETWORK SECURITY LAB", "1"),
                        lab("15717", "INDUSTRIAL ORIENTED MINI PROJECT/ SUMMER INTERNSHIP", "2"),
                        new Subject("15718", "SEMINAR", "2", 50, 0),
                        new Subject("15719", "PROJECT STAGE - I", "4", 100, 0)),
                List.of(
                        theory("158AB", "ORGANIZATIONAL BEHAVIOUR", "3"),
                        theory("158BU", "DEEP LEARNING", "3"),
                        theory("158BW", "SOFTWARE PROCESS & PROJECT MANAGEMENT", "3"),
                        theory("158CA", "ADHOC & SENSOR NETWORKS", "3"),
                        theory("158AT", "ENERGY MANAGEMENT", "3"),
                        new Subject("15818", "PROJECT STAGE - II", "4", 30, 70),
                        lab("15819", "COMPREHENSIVE VIVA", "1"),
                        new Subject("15820", "TECHNICAL SEMINAR", "1", 50, 0),
                        mandatory("158AA", "PROFESSIONAL PRACTICE, LAW & ETHICS")));
        BY_BRANCH.put(CSE, cse);
        BY_BRANCH.put(
                CSE_AIML,
                List.of(
                        cse.get(0),
                        cse.get(1),
                        cse.get(2),
                        replace(cse.get(3), "154CK", theory("154DB", "INTRODUCTION TO ARTIFICIAL INTELLIGENCE", "3")),
                        replace(
                                replace(cse.get(4), "155CT", theory("155DE", "NEURAL NETWORKS AND DEEP LEARNING", "3")),
                                "155BJ",
                                theory("155DF", "AUTOMATA THEORY AND COMPILER DESIGN", "3")),
                        replace(
                                replace(cse.get(5), "156BP", theory("156DH", "NATURAL LANGUAGE PROCESSING", "3")),
                                "15616",
                                lab("15620", "NATURAL LANGUAGE PROCESSING LAB", "1")),
                        replace(cse.get(6), "157BU", theory("157DJ", "REINFORCEMENT LEARNING", "3")),
                        replace(cse.get(7), "158BU", theory("158DK", "SPEECH AND VIDEO PROCESSING", "3"))));
        BY_BRANCH.put(
                ECE,
                List.of(
                        List.of(
                                theory("151AA", "MATHEMATICS - I", "4"),
                                theory("151AF", "APPLIED PHYSICS", "4"),
                                theory("151AG", "PROGRAMMING FOR PROBLEM SOLVING", "4"),
                                theory("151AJ", "ENGINEERING GRAPHICS", "3"),
                                lab("15101", "APPLIED PHYSICS LAB", "1.5"),
                                lab("15106", "PROGRAMMING FOR PROBLEM SOLVING LAB", "1.5"),
                                theory("151AL", "ELEMENTS OF ELECTRONICS ENGINEERING", "2"),
                                mandatory("151AK", "ENVIRONMENTAL SCIENCE")),
                        List.of(
                                theory("152AB", "MATHEMATICS - II", "4"),
                                theory("152AC", "CHEMISTRY", "4"),
                                theory("152AD", "BASIC ELECTRICAL ENGINEERING", "4"),
                                theory("152AA", "ENGLISH", "2"),
                                lab("15201", "ENGINEERING CHEMISTRY LAB", "1.5"),
                                lab("15205", "ENGLISH LANGUAGE AND COMMUNICATION SKILLS LAB", "1"),
                                lab("15206", "BASIC ELECTRICAL ENGINEERING LAB", "1"),
                                lab("15207", "ENGINEERING WORKSHOP", "2")),
                        List.of(
                                theory("153AB", "ELECTRONIC DEVICES AND CIRCUITS", "3"),
                                theory("153AC", "NETWORK ANALYSIS AND TRANSMISSION LINES", "3"),
                                theory("153AD", "DIGITAL SYSTEM DESIGN", "3"),
                                theory("153AF", "SIGNALS AND SYSTEMS", "4"),
                                theory("153AH", "PROBABILITY THEORY AND STOCHASTIC PROCESSES", "3"),
                                lab("15301", "ELECTRONIC DEVICES AND CIRCUITS LAB", "1.5"),
                                lab("15302", "DIGITAL SYSTEM DESIGN LAB", "1.5"),
                                lab("15303", "BASIC SIMULATION LAB", "1"),
                                mandatory("15332", "GENDER SENSITIZATION LAB")),
                        List.of(
                                theory("154AC", "LAPLACE TRANSFORMS, NUMERICAL METHODS & COMPLEX VARIABLES", "4"),
                                theory("154AD", "ELECTROMAGNETIC FIELDS AND WAVES", "3"),
                                theory("154AE", "ANALOG AND DIGITAL COMMUNICATIONS", "4"),
                                theory("154AF", "LINEAR IC APPLICATIONS", "3"),
                                theory("154AG", "ELECTRONIC CIRCUIT ANALYSIS", "3"),
                                lab("15401", "ANALOG AND DIGITAL COMMUNICATIONS LAB", "1.5"),
                                lab("15402", "IC APPLICATIONS LAB", "1.5"),
                                lab("15403", "ELECTRONIC CIRCUIT ANALYSIS LAB", "1.5"),
                                mandatory("154AA", "CONSTITUTION OF INDIA")),
                        List.of(
                                theory("155AB", "MICROPROCESSORS AND MICROCONTROLLERS", "4"),
                                theory("155AC", "DATA COMMUNICATIONS AND NETWORKS", "3"),
                                theory("155AD", "CONTROL SYSTEMS", "3"),
                                theory("155AE", "BUSINESS ECONOMICS & FINANCIAL ANALYSIS", "3"),
                                theory("155AF", "COMPUTER ORGANIZATION & OPERATING SYSTEMS", "3"),
                                lab("15501", "MICROPROCESSORS AND MICROCONTROLLERS LAB", "1.5"),
                                lab("15502", "DATA COMMUNICATIONS AND NETWORKS LAB", "1.5"),
                                lab("15509", "ADVANCED COMMUNICATION SKILLS LAB", "1"),
                                mandatory("155AA", "INTELLECTUAL PROPERTY RIGHTS")),
                        List.of(
                                theory("156AB", "ANTENNAS AND PROPAGATION", "3"),
                                theory("156AC", "DIGITAL SIGNAL PROCESSING", "4"),
                                theory("156AD", "VLSI DESIGN", "3"),
                                theory("156AE", "EMBEDDED SYSTEMS", "3"),
                                theory("156AF", "DIGITAL IMAGE PROCESSING", "3"),
                                lab("15601", "DIGITAL SIGNAL PROCESSING LAB", "1.5"),
                                lab("15602", "VLSI DESIGN LAB", "1.5"),
                                lab("15603", "E-CAD LAB", "1"),
                                mandatory("156AA", "ESSENCE OF INDIAN TRADITIONAL KNOWLEDGE")),
                        List.of(
                                theory("157AC", "MICROWAVE AND OPTICAL COMMUNICATIONS", "3"),
                                theory("157AD", "CELLULAR AND MOBILE COMMUNICATIONS", "3"),
                                theory("157AE", "RADAR SYSTEMS", "3"),
                                theory("157AF", "SATELLITE COMMUNICATIONS", "3"),
                                theory("157AR", "ENTREPRENEURSHIP", "3"),
                                lab("15701", "MICROWAVE AND OPTICAL COMMUNICATIONS LAB", "1"),
                                lab("15717", "INDUSTRIAL ORIENTED MINI PROJECT/ SUMMER INTERNSHIP", "2"),
                                new Subject("15718", "SEMINAR", "2", 50, 0),
                                new Subject("15719", "PROJECT STAGE - I", "4", 100, 0)),
                        List.of(
                                theory("158AB", "ORGANIZATIONAL BEHAVIOUR", "3"),
                                theory("158AC", "WIRELESS SENSOR NETWORKS", "3"),
                                theory("158AD", "SPREAD SPECTRUM COMMUNICATIONS", "3"),
                                theory("158AE", "OPTICAL NETWORKS", "3"),
                                theory("158AT", "ENERGY MANAGEMENT", "3"),
                                new Subject("15818", "PROJECT STAGE - II", "4", 30, 70),
                                lab("15819", "COMPREHENSIVE VIVA", "1"),
                                new Subject("15820", "TECHNICAL SEMINAR", "1", 50, 0),
                                mandatory("158AA", "PROFESSIONAL PRACTICE, LAW & ETHICS"))));
        // Sorted once: every sitting of every student asks for a semester's courses.
        BY_BRANCH.replaceAll((branch, semesters) ->
                semesters.stream().map(Syllabus::sortedByCode).toList());
    }

    private Syllabus() {}

    static List<String> branches() {
        return List.of(CSE, CSE_AIML, ECE);
    }

    /** Courses of {@code branch} in semester number {@code semester} (1 = 1-1 … 8 = 4-2), sorted by code. */
    static List<Subject> subjects(String branch, int semester) {
        List<List<Subject>> semesters = BY_BRANCH.get(branch);
        if (semesters == null) {
            throw new IllegalArgumentException("unknown branch " + branch);
        }
        return semesters.get(semester - 1);
    }

    /** {@code subjects} in code order, as result pages list them. */
    static List<Subject> sortedByCode(List<Subject> subjects) {
        List<Subject> sorted = new ArrayList<>(subjects);
        sorted.sort(Comparator.comparing(Subject::code));
        return List.copyOf(sorted);
    }

    private static Subject theory(String code, String name, String credits) {
        return new Subject(code, name, credits, 25, 75);
    }

    private static Subject lab(String code, String name, String credits) {
        return new Subject(code, name, credits, 25, 75);
    }

    /** 0-credit mandatory course, assessed internally out of 100 (the fixture shows 95 / 0 / 95). */
    private static Subject mandatory(String code, String name) {
        return new Subject(code, name, "0", 100, 0);
    }

    private static List<Subject> replace(List<Subject> subjects, String code, Subject replacement) {
        return subjects.stream()
                .map(subject -> subject.code().equals(code) ? replacement : subject)
                .toList();
    }
}
