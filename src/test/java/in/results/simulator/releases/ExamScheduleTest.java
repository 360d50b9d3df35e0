package in.results.simulator.releases;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.SharedCohort;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ExamScheduleTest {

    /** The "Known R18 B.Tech exam codes" table of the fixtures README, copied verbatim. */
    private static final String README_TABLE = """
            | 1-1 | 1323R 1358S 1404R 1430S 1467R 1504S 1572R 1615 1658 1700 1732 1764 1804 1852 |
            | 1-2 | 1356R 1363R 1381AS 1435R 1448R 1481S 1503R 1570S 1620 1622 1656 1705 1730 1769 1801 1856 |
            | 2-1 | 1391R 1425S 1449R 1496S 1560R 1610 1628 1667 1671 1707 1728 1772 1819 1834 |
            | 2-2 | 1437R 1447R 1476S 1501R 1565S 1605 1627 1663 1711 1715 1725 1776 1814 1838 |
            | 3-1 | 1454R 1491S 1550R 1590S 1626 1639 1645 1655 1686 1697 1722 1784 1789 1828 1832 1842 1846 |
            | 3-2 | 1502R 1555S 1595R 1625 1638 1649 1654 1682 1690 1696 1719 1780 1788 1823 1827 1847 1850 |
            | 4-1 | 1545R 1585S 1624 1640 1644 1653 1678 1695 1717 1758 1762 1795 1858 1861 |
            | 4-2 | 1580R 1600S 1623 1672 1673 1677 1691 1698 1716 1790 1794 1808 1812 |
            """;

    private final Cohort cohort = SharedCohort.DEFAULT;

    @Test
    void r18_codes_semesters_and_kinds_match_the_readme_table() {
        Map<String, String[]> table = readmeTable();
        List<Exam> r18 = r18Releases();

        assertThat(r18).extracting(Exam::code).containsExactlyInAnyOrderElementsOf(table.keySet());
        for (Exam exam : r18) {
            String[] row = table.get(exam.code());
            assertThat(exam.semester()).as(exam.code()).isEqualTo(row[0]);
            switch (row[1]) {
                case "R" -> assertThat(exam.kind()).as(exam.code()).isEqualTo(ExamKind.REGULAR);
                case "S" -> assertThat(exam.kind()).as(exam.code()).isEqualTo(ExamKind.SUPPLEMENTARY);
                case "AS" -> assertThat(exam.kind()).as(exam.code()).isEqualTo(ExamKind.ADVANCED_SUPPLEMENTARY);
                default -> assertThat(exam.kind()).as(exam.code()).isIn(ExamKind.SUPPLEMENTARY, ExamKind.REGULAR);
            }
        }
    }

    @Test
    void link_parameters_follow_the_readme_per_code() {
        Set<String> grade16 = Set.of("1323", "1356", "1358", "1381");
        Set<String> grade17 = Set.of("1363", "1391", "1404");

        for (Exam exam : r18Releases()) {
            Map<String, String> expected = new LinkedHashMap<>();
            expected.put("degree", "btech");
            expected.put("examCode", exam.code());
            expected.put("etype", grade16.contains(exam.code()) ? "r16" : "r17");
            expected.put(
                    "type",
                    grade16.contains(exam.code()) ? "grade16" : grade17.contains(exam.code()) ? "grade17" : "intgrade");

            assertThat(exam.linkParams()).as(exam.code()).containsExactlyEntriesOf(expected);
            assertThat(exam.layout())
                    .as(exam.code())
                    .isEqualTo(grade16.contains(exam.code()) ? MarksLayout.FOUR_COLUMN : MarksLayout.SEVEN_COLUMN);
        }
        assertThat(cohort.exam("1545").orElseThrow().link())
                .isEqualTo("/jsp/SearchResult.jsp?degree=btech&examCode=1545&etype=r17&type=intgrade");
    }

    @Test
    void titles_use_the_university_wording() {
        Map<String, String> titles = r18Releases().stream().collect(Collectors.toMap(Exam::code, Exam::title));

        assertThat(titles.get("1560")).isEqualTo("B.Tech II Year I Semester (R18) Regular Examinations Results");
        assertThat(titles.get("1481")).isEqualTo("B.Tech I Year II Semester (R18) Supplementary Examinations Results");
        assertThat(titles.get("1381"))
                .isEqualTo("B.Tech I Year II Semester (R18) Advanced Supplementary Examinations Results");
        assertThat(titles.get("1437")).isEqualTo("II B.Tech. II Semester (R18) Regular Examinations Results");
    }

    @Test
    void some_but_not_all_exams_have_an_rcrv_release_a_few_weeks_later() {
        List<Exam> twins = cohort.exams().stream()
                .filter(exam -> exam.rcrv() && exam.regulation().equals("R18"))
                .toList();
        double share = (double) twins.size() / r18Releases().size();

        assertThat(share).isBetween(0.25, 0.6);
        for (Exam twin : twins) {
            Exam exam = cohort.exam(twin.code()).orElseThrow();
            Map<String, String> expected = new LinkedHashMap<>();
            expected.put("degree", "btech");
            expected.put("examCode", twin.code());
            expected.put("etype", "r17");
            expected.put("result", "gradercrv");
            expected.put("type", "rcrvintgrade");
            assertThat(twin.linkParams()).containsExactlyEntriesOf(expected);
            assertThat(twin.title())
                    .matches("( RC/RV |RC/RV |RCRV )\\S.*")
                    .endsWith(exam.title().strip());
            assertThat(ChronoUnit.DAYS.between(exam.releaseDate(), twin.releaseDate()))
                    .isBetween(21L, 42L);
            assertThat(twin.semester()).isEqualTo(exam.semester());
        }
        assertThat(twins).anyMatch(twin -> twin.title().startsWith(" RC/RV "));
    }

    @Test
    void release_dates_rise_with_the_code_number() {
        // R22 releases carry their real dates, which the calendar of the other codes does not follow to the day.
        List<Exam> byCode = cohort.exams().stream()
                .filter(exam -> !exam.rcrv() && !isR22Btech(exam))
                .sorted(Comparator.comparingInt(exam -> Integer.parseInt(exam.code())))
                .toList();

        for (int i = 1; i < byCode.size(); i++) {
            assertThat(byCode.get(i).releaseDate())
                    .as(byCode.get(i).code())
                    .isAfterOrEqualTo(byCode.get(i - 1).releaseDate());
        }
        assertThat(cohort.exam("1545").orElseThrow().releaseDate()).isEqualTo(LocalDate.of(2022, 5, 5));
        assertThat(cohort.exam("1323").orElseThrow().releaseDate())
                .isBetween(LocalDate.of(2019, 2, 1), LocalDate.of(2019, 4, 30));
        assertThat(cohort.exam("1861").orElseThrow().releaseDate())
                .isBetween(LocalDate.of(2025, 6, 1), LocalDate.of(2025, 7, 31));
    }

    @Test
    void noise_releases_use_other_codes_regulations_and_degrees() {
        Set<String> r18Codes = readmeTable().keySet();
        List<Exam> noise = cohort.exams().stream()
                .filter(exam -> !exam.rcrv()
                        && !(exam.regulation().equals("R18") && exam.degree().equals("btech"))
                        && !isR22Btech(exam))
                .toList();

        assertThat(noise).hasSizeBetween(40, 80);
        assertThat(noise)
                .extracting(Exam::code)
                .doesNotContainAnyElementsOf(r18Codes)
                .doesNotHaveDuplicates()
                .doesNotContainAnyElementsOf(R22_PUBLIC_RECORD.keySet());
        assertThat(noise)
                .filteredOn(exam -> exam.degree().equals("btech"))
                .extracting(Exam::regulation)
                .doesNotContain("R22");
        assertThat(noise).extracting(Exam::regulation).contains("R16", "R22").doesNotContain("R18");
        assertThat(noise).extracting(Exam::degree).contains("btech", "bpharmacy", "mtech", "mba", "mca");
    }

    /** The "Known R22 B.Tech releases" of the fixtures README: code to semester, kind and release date. */
    private static final Map<String, String> R22_PUBLIC_RECORD = Map.ofEntries(
            Map.entry("1662", "1-1 REGULAR 2023-05-27"),
            Map.entry("1699", "1-1 SUPPLEMENTARY 2023-10-19"),
            Map.entry("1704", "1-2 REGULAR 2023-10-19"),
            Map.entry("1763", "1-1 REGULAR 2024-03-07"),
            Map.entry("1768", "1-2 SUPPLEMENTARY 2024-03-12"),
            Map.entry("1771", "2-1 REGULAR 2024-04-01"),
            Map.entry("1800", "1-2 REGULAR 2024-08-21"),
            Map.entry("1803", "1-1 SUPPLEMENTARY 2024-08-21"),
            Map.entry("1813", "2-2 REGULAR 2024-09-22"),
            Map.entry("1818", "2-1 SUPPLEMENTARY 2024-09-22"),
            Map.entry("1833", "2-1 REGULAR 2025-02-08"),
            Map.entry("1837", "2-2 SUPPLEMENTARY 2025-02-08"),
            Map.entry("1841", "3-1 REGULAR 2025-03-03"),
            Map.entry("1851", "1-1 REGULAR 2025-03-17"),
            Map.entry("1855", "1-2 SUPPLEMENTARY 2025-03-17"));

    @Test
    void r22_releases_of_the_public_record_are_listed_with_their_real_codes_semesters_kinds_and_dates() {
        R22_PUBLIC_RECORD.forEach((code, facts) -> {
            Exam exam = cohort.exam(code).orElseThrow();
            assertThat(exam.regulation() + " " + exam.semester() + " " + exam.kind() + " " + exam.releaseDate())
                    .as(code)
                    .isEqualTo("R22 " + facts);
            assertThat(exam.linkParams())
                    .containsExactly(
                            Map.entry("degree", "btech"),
                            Map.entry("examCode", code),
                            Map.entry("etype", "r17"),
                            Map.entry("type", "intgrade"));
            assertThat(exam.layout()).isEqualTo(MarksLayout.SEVEN_COLUMN);
        });
    }

    @Test
    void r22_titles_name_the_regulation_and_some_since_2025_end_with_the_exam_session() {
        List<Exam> r22 =
                cohort.exams().stream().filter(ExamScheduleTest::isR22Btech).toList();

        assertThat(r22).allSatisfy(exam -> assertThat(exam.title()).contains("(R22)"));
        assertThat(r22)
                .filteredOn(exam -> exam.title().matches(".*Results [A-Z][a-z]+-20\\d\\d"))
                .isNotEmpty()
                .allSatisfy(exam -> assertThat(exam.releaseDate()).isAfterOrEqualTo(LocalDate.of(2025, 1, 1)));
        assertThat(cohort.exam("1662").orElseThrow().title())
                .isEqualTo("B.Tech I Year I Semester (R22) Regular Examinations Results");
    }

    @Test
    void most_r22_exams_have_an_rc_rv_release_one_or_two_months_later() {
        List<Exam> exams = cohort.exams().stream()
                .filter(exam -> isR22Btech(exam) && !exam.rcrv())
                .toList();
        List<Exam> twins = cohort.exams().stream()
                .filter(exam -> isR22Btech(exam) && exam.rcrv())
                .toList();

        assertThat((double) twins.size() / exams.size()).isBetween(0.5, 0.95);
        for (Exam twin : twins) {
            Exam exam = cohort.exam(twin.code()).orElseThrow();
            assertThat(twin.linkParams()).containsEntry("result", "gradercrv").containsEntry("type", "rcrvintgrade");
            assertThat(ChronoUnit.DAYS.between(exam.releaseDate(), twin.releaseDate()))
                    .isBetween(30L, 60L);
        }
    }

    private static boolean isR22Btech(Exam exam) {
        return exam.regulation().equals("R22") && exam.degree().equals("btech");
    }

    private List<Exam> r18Releases() {
        return cohort.exams().stream()
                .filter(exam -> !exam.rcrv()
                        && exam.regulation().equals("R18")
                        && exam.degree().equals("btech"))
                .toList();
    }

    /** code to {semester, letter}. */
    private static Map<String, String[]> readmeTable() {
        Map<String, String[]> table = new LinkedHashMap<>();
        for (String line : README_TABLE.strip().split("\n")) {
            String[] cells = line.split("\\|");
            String semester = cells[1].strip();
            for (String token : cells[2].strip().split(" ")) {
                String code = token.replaceAll("\\D", "");
                table.put(code, new String[] {semester, token.substring(code.length())});
            }
        }
        return table;
    }

    @Test
    void readme_table_is_read_completely() {
        List<String> codes = new ArrayList<>(readmeTable().keySet());
        assertThat(codes).hasSize(14 + 16 + 14 + 14 + 17 + 17 + 14 + 13).contains("1323", "1861", "1812");
    }
}
