package in.results.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.scrape.ReleaseListing;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TitleReaderTest {

    /**
     * One real title per distinct pattern of the May 2022 list (pattern = the title with its
     * Roman numerals and regulation blanked out, see {@link #patternOf}), and what it says,
     * written by hand from the title text.
     */
    private static final String REPRESENTATIVES = """
            B.Tech IV Year I Semester (R18) Regular Examinations Results                 | BTECH | R18 | 4-1    | REGULAR                | false
            B.Tech IV Year I Semester (R16) Supplementary Examinations Results           | BTECH | R16 | 4-1    | SUPPLEMENTARY          | false
            RC/RV B.Tech I Year II Semester (R18) Regular Examinations Results           | BTECH | R18 | 1-2    | REGULAR                | true
            RC/RV B.Tech I Year I Semester (R18) Supplementary Examinations Results      | BTECH | R18 | 1-1    | SUPPLEMENTARY          | true
            RCRV B.Tech III Year I Semester (R16) Supplementary Examinations Results     | BTECH | R16 | 3-1    | SUPPLEMENTARY          | true
            RCRV B.Tech III Year II Semester (R16) Regular Examinations Results          | BTECH | R16 | 3-2    | REGULAR                | true
            I B.Tech. (R15) Supplementary Examinations Results                           | BTECH | R15 | year 1 | SUPPLEMENTARY          | false
            RC/RV I B.Tech. (R15) Supplementary Examinations Results                     | BTECH | R15 | year 1 | SUPPLEMENTARY          | true
            RCRV I B.Tech. (R07) Supplementary Examinations Results                      | BTECH | R07 | year 1 | SUPPLEMENTARY          | true
            B.Tech IV Year II Semester (R15) Advance Supplementary Examinations Results  | BTECH | R15 | 4-2    | ADVANCED_SUPPLEMENTARY | false
            RCRV B.Tech IV Year II Semester (R13) Advance Supplementary Examinations Results | BTECH | R13 | 4-2 | ADVANCED_SUPPLEMENTARY | true
            B.Tech IV Year II Semester (R16) Adv.Supplementary Examinations Results      | BTECH | R16 | 4-2    | ADVANCED_SUPPLEMENTARY | false
            RC/RV B.Tech IV Year II Semester (R16) Adv.Supplementary Examinations Results | BTECH | R16 | 4-2   | ADVANCED_SUPPLEMENTARY | true
            RC/RV B.Tech IV Year II Semester (R09) Adv. Supplementary Examinations Results | BTECH | R09 | 4-2  | ADVANCED_SUPPLEMENTARY | true
            B.Tech I Year II Semester (R18) Advanced Supplementary Examinations Results  | BTECH | R18 | 1-2    | ADVANCED_SUPPLEMENTARY | false
            RCRV B.Tech I Year II Semester (R18) Advanced Supplementary Examinations Results | BTECH | R18 | 1-2 | ADVANCED_SUPPLEMENTARY | true
            RC/RV B.Tech I Year (R13) Supplementary Examinations Results                 | BTECH | R13 | year 1 | SUPPLEMENTARY          | true
            II B.Tech. II Semester (R16) Supplementary Examinations Results              | BTECH | R16 | 2-2    | SUPPLEMENTARY          | false
            I B.Tech. II Semester (R16) Regular Examinations Results                     | BTECH | R16 | 1-2    | REGULAR                | false
            RCRV II B.Tech. II Semester (R16) Regular Examinations Results               | BTECH | R16 | 2-2    | REGULAR                | true
            B.Tech II Year II Semester (R18) Regular during COVID Pandemic Examinations Results | BTECH | R18 | 2-2 | REGULAR           | false
            RC/RV B.Tech III Year II Semester (R16) Regular during COVID Pandemic Examinations Results | BTECH | R16 | 3-2 | REGULAR    | true
            B.Tech IV Year I (R13) Supplementary Examinations Results                    | BTECH | R13 | 4-1    | SUPPLEMENTARY          | false
            RC/RV B.Tech IV Year II (R13) Supplementary Examinations Results             | BTECH | R13 | 4-2    | SUPPLEMENTARY          | true
            RC/RV B.Tech. II Year II Semester (R16) Supplementary Examinations Results   | BTECH | R16 | 2-2    | SUPPLEMENTARY          | true
            I B.Tech. II Semester (R18) Regular Examination Results(Studied 1-1 in R16 AND 1-2 IN R18 Regulation students) | BTECH | R18 | 1-2 | REGULAR | false
            RCRV B.Tech I Year II Semester (R18) Regular Examinations Results(Studied 1-1 in R16 AND 1-2 IN R18 Regulation students) | BTECH | R18 | 1-2 | REGULAR | true
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = REPRESENTATIVES)
    void representative_title_of_each_pattern_in_the_may_2022_list_reads_as_written(
            String title, Degree degree, String regulation, String term, ReleaseKind kind, boolean rcrv) {
        assertThat(fixtureTitles()).as("the title is a real one").contains(title);

        assertThat(TitleReader.read(title, Degree.UNKNOWN))
                .isEqualTo(new ReleaseTitle(degree, regulation, termOf(term), kind, SpecialProgramme.NONE, rcrv));
    }

    @Test
    void every_title_pattern_of_the_may_2022_list_has_a_representative_above() {
        Set<String> covered = representativeTitles().stream()
                .map(TitleReaderTest::patternOf)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> inFixture =
                fixtureTitles().stream().map(TitleReaderTest::patternOf).collect(Collectors.toCollection(TreeSet::new));

        assertThat(inFixture).hasSize(27);
        assertThat(covered).containsExactlyInAnyOrderElementsOf(inFixture);
    }

    @Test
    void every_title_of_the_may_2022_list_reads_fully() {
        for (String title : fixtureTitles()) {
            ReleaseTitle read = TitleReader.read(title, Degree.UNKNOWN);
            assertThat(read.degree()).as(title).isEqualTo(Degree.BTECH);
            assertThat(read.regulation()).as(title).matches("R(07|09|13|15|16|18)");
            assertThat(read.kind()).as(title).isNotEqualTo(ReleaseKind.UNKNOWN);
            assertThat(read.term()).as(title).isNotEqualTo(Term.UNSTATED);
            if (read.term() instanceof Term.WholeYear whole) {
                assertThat(whole.year())
                        .as("only the first year was annual: " + title)
                        .isEqualTo(1);
            }
        }
    }

    @Test
    void second_year_first_semester_title_in_old_style_reads_2_1() {
        assertThat(TitleReader.read("II B.Tech. I Semester (R16) Regular Examinations Results", Degree.UNKNOWN)
                        .term())
                .isEqualTo(Semester.S2_1);
    }

    @Test
    void first_year_second_semester_title_in_new_style_reads_1_2() {
        assertThat(TitleReader.read("B.Tech I Year II Semester (R18) Regular Examinations Results", Degree.UNKNOWN)
                        .term())
                .isEqualTo(Semester.S1_2);
    }

    @Test
    void fourth_year_second_half_without_the_word_semester_reads_4_2() {
        assertThat(TitleReader.read("B.Tech IV Year II (R18) Supplementary Examinations Results", Degree.UNKNOWN)
                        .term())
                .isEqualTo(Semester.S4_2);
    }

    @Test
    void annual_first_year_titles_name_the_whole_year_and_no_semester() {
        assertThat(TitleReader.read("I B.Tech. (R15) Supplementary Examinations Results", Degree.UNKNOWN)
                        .term())
                .isEqualTo(new Term.WholeYear(1));
        assertThat(TitleReader.read("B.Tech I Year  (R15) Supplementary Examinations Results", Degree.UNKNOWN)
                        .term())
                .isEqualTo(new Term.WholeYear(1));
    }

    @Test
    void leading_and_doubled_spaces_as_in_the_raw_page_do_not_matter() {
        ReleaseTitle read = TitleReader.read(
                "  RC/RV B.Tech I Year  (R15)\u00A0Supplementary   Examinations Results ", Degree.UNKNOWN);

        assertThat(read)
                .isEqualTo(new ReleaseTitle(
                        Degree.BTECH,
                        "R15",
                        new Term.WholeYear(1),
                        ReleaseKind.SUPPLEMENTARY,
                        SpecialProgramme.NONE,
                        true));
    }

    @Test
    void regulation_comes_from_the_parentheses_not_from_the_studied_in_suffix() {
        assertThat(TitleReader.read(
                                "I B.Tech. II Semester (R18) Regular Examination Results(Studied 1-1 in R16 AND 1-2 IN R18 Regulation students)",
                                Degree.UNKNOWN)
                        .regulation())
                .isEqualTo("R18");
    }

    @Test
    void bare_regulation_counts_only_when_it_is_the_only_one_named() {
        assertThat(TitleReader.read("B.Tech I Year I Semester R22 Regular Examinations Results", Degree.UNKNOWN)
                        .regulation())
                .isEqualTo("R22");
        assertThat(TitleReader.read(
                                "B.Tech I Year II Semester Regular (Studied 1-1 in R16 AND 1-2 IN R18)", Degree.UNKNOWN)
                        .regulation())
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "RC/RV B.Tech I Year I Semester (R18) Regular Examinations Results",
                "rc/rv B.Tech I Year I Semester (R18) Regular Examinations Results",
                "RCRV B.Tech I Year I Semester (R18) Regular Examinations Results",
                "Rcrv B.Tech I Year I Semester (R18) Regular Examinations Results",
                "B.Tech I Year I Semester (R18) Regular Examinations RC/RV Results",
            })
    void rc_rv_in_front_or_inside_in_any_case_marks_revaluation(String title) {
        assertThat(TitleReader.read(title, Degree.UNKNOWN).rcrv()).isTrue();
    }

    @Test
    void a_title_without_rc_rv_is_not_revaluation() {
        assertThat(TitleReader.read("B.Tech I Year I Semester (R18) Regular Examinations Results", Degree.UNKNOWN)
                        .rcrv())
                .isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            B.Tech I Year I Semester (R18) REGULAR Examinations Results                       | REGULAR
            B.Tech I Year I Semester (R18) Regular during COVID Pandemic Examinations Results | REGULAR
            B.Tech I Year I Semester (R18) Supplementary Examinations Results                 | SUPPLEMENTARY
            B.Tech I Year I Semester (R18) Advance Supplementary Examinations Results         | ADVANCED_SUPPLEMENTARY
            B.Tech I Year I Semester (R18) Advanced Supplementary Examinations Results        | ADVANCED_SUPPLEMENTARY
            B.Tech I Year I Semester (R18) Adv.Supplementary Examinations Results             | ADVANCED_SUPPLEMENTARY
            B.Tech I Year I Semester (R18) Adv. Supplementary Examinations Results            | ADVANCED_SUPPLEMENTARY
            B.Tech I Year I Semester (R18) Examinations Results                               | UNKNOWN
            """)
    void kind_is_regular_iff_the_title_says_regular_then_advanced_then_supplementary(String title, ReleaseKind kind) {
        assertThat(TitleReader.read(title, Degree.UNKNOWN).kind()).isEqualTo(kind);
    }

    // Not in the 2022 list (one table, B.Tech only); newer pages have one table per degree.
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            B.Pharmacy IV Year I Semester (R17) Regular Examinations Results | BPHARMACY | R17 | 4-1
            B.Pharm II Year II Semester (R17) Supplementary Examinations Results | BPHARMACY | R17 | 2-2
            M.Tech I Year II Semester (R19) Regular Examinations Results     | MTECH     | R19 | 1-2
            M.Pharmacy I Semester (R19) Regular Examinations Results         | MPHARMACY | R19 | 1-1
            MBA II Year I Semester (R19) Supplementary Examinations Results  | MBA       | R19 | 2-1
            MCA I Year I Semester (R22) Regular Examinations Results         | MCA       | R22 | 1-1
            Pharm.D V Year (R17) Regular Examinations Results                | UNKNOWN   | R17 | none
            """)
    void other_degrees_are_told_apart_and_m_tech_is_not_b_tech(
            String title, Degree degree, String regulation, String term) {
        ReleaseTitle read = TitleReader.read(title, Degree.UNKNOWN);

        assertThat(read.degree()).isEqualTo(degree);
        assertThat(read.regulation()).isEqualTo(regulation);
        assertThat(read.term()).isEqualTo(termOf(term));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            M.C.A. I Semester (R22) Regular Examinations Results   | 1-1
            M.B.A. II Semester (R22) Regular Examinations Results  | 1-2
            M.Tech. III Semester (R19) Supplementary Examinations Results | 2-1
            M. Pharmacy IV Semester (R22) Regular Examinations Results    | 2-2
            M.C.A. V Semester (R19) Supplementary Examinations Results    | 3-1
            M.C.A. VI Semester (R19) Regular Examinations Results         | 3-2
            PHD COURSE WORK M.Tech I YEAR II SEMESTER REGULAR AUG/SEP-2023 Examinations Results | 1-2
            """)
    void postgraduate_semesters_count_through_the_course(String title, String semester) {
        assertThat(TitleReader.read(title, Degree.UNKNOWN).term())
                .isEqualTo(Semester.parse(semester).orElseThrow());
    }

    @Test
    void a_semester_count_is_read_only_for_a_postgraduate_programme() {
        assertThat(TitleReader.read("II B.Tech. I Semester (R16) Regular Examinations Results", Degree.MCA)
                        .term())
                .as("the title's B.Tech wins over the assumed programme")
                .isEqualTo(Semester.S2_1);
        assertThat(TitleReader.read("I Semester (R22) Regular Examinations Results", Degree.UNKNOWN)
                        .term())
                .isEqualTo(Term.UNSTATED);
        assertThat(TitleReader.read("I Semester (R22) Regular Examinations Results", Degree.MBA))
                .isEqualTo(new ReleaseTitle(
                        Degree.MBA, "R22", Semester.S1_1, ReleaseKind.REGULAR, SpecialProgramme.NONE, false));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            B.Tech IV Year I Semester (R18) Minor Degree Program Regular Examinations Results             | MINOR_DEGREE
            RC/RV B.Tech III Year II Semester (R18) Minor degree Regular Examinations Results              | MINOR_DEGREE
            B.Tech IV Year I Semester (R18) Minor degree program Regular Examinations Results             | MINOR_DEGREE
            B.Tech III Year I Semester (R18) Regular (Minior Program) Examinations Results                 | MINOR_DEGREE
            III B.Tech Year I Semester (R18) (Minor degree) Supplementary Examinations AUGUST-2024 Results | MINOR_DEGREE
            PHD COURSE WORK M.Tech MARCH-2023 Examinations Results                                         | PHD_COURSE_WORK
            Phd Course work M.B.A. II Semester (R19) Regular Examinations Results                          | PHD_COURSE_WORK
            M.B.A. PHD COURSE WORK Results                                                                 | PHD_COURSE_WORK
            Pre-Ph.D Course Work Examinations Results                                                      | PHD_COURSE_WORK
            Others Course Supplementary Examinations Results                                               | OTHERS_COURSE
            B.Pharmacy IV Year I Semester (R17) Regular Examinations Results                               | NONE
            Pharm.D V Year (R17) Regular Examinations Results                                              | NONE
            """)
    void special_programmes_are_told_in_every_spelling(String title, SpecialProgramme special) {
        assertThat(TitleReader.read(title, Degree.UNKNOWN).special()).isEqualTo(special);
    }

    @Test
    void revaluation_mark_glued_to_the_degree_hides_neither() {
        ReleaseTitle read = TitleReader.read(
                "RC/RVB.Pharmacy IV Year II Semester (R15) Supplementary Examinations Results", Degree.UNKNOWN);

        assertThat(read)
                .isEqualTo(new ReleaseTitle(
                        Degree.BPHARMACY,
                        "R15",
                        Semester.S4_2,
                        ReleaseKind.SUPPLEMENTARY,
                        SpecialProgramme.NONE,
                        true));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            RC/RV M.B.A. II Semester (R19) Rrgular Examinations Results                                       | REGULAR
            RC/RV B.Pharmacy I Year I Semester (R17) Regualr Examinations Results                             | REGULAR
            B.Tech III Year I Semester (R18) (Minor degree) Regular/Supplementary Examinations March-2024 Results | REGULAR
            B.Tech III Year I Semester (R18) Special Supplementary Examinations Results                       | SUPPLEMENTARY
            M.B.A. I Semester (R19) Supplementary (One time chance) Examinations Results                      | SUPPLEMENTARY
            PHD COURSE WORK M.Tech I YEAR I SEMESTER SUPPLY AUG/SEP-2023 Examinations Results                 | SUPPLEMENTARY
            B.Tech IV Year II Semester (R18) ADVANCE Supplementary Examinations Results                       | ADVANCED_SUPPLEMENTARY
            """)
    void misspelt_combined_and_special_sittings_have_a_kind(String title, ReleaseKind kind) {
        assertThat(TitleReader.read(title, Degree.UNKNOWN).kind()).isEqualTo(kind);
    }

    @Test
    void a_title_naming_nothing_reads_as_unknown_everywhere() {
        assertThat(TitleReader.read("Results", Degree.UNKNOWN))
                .isEqualTo(new ReleaseTitle(
                        Degree.UNKNOWN, "", Term.UNSTATED, ReleaseKind.UNKNOWN, SpecialProgramme.NONE, false));
    }

    @Test
    void release_titles_with_the_same_parts_are_equal() {
        ReleaseTitle one =
                new ReleaseTitle(Degree.BTECH, "R18", Semester.S1_2, ReleaseKind.REGULAR, SpecialProgramme.NONE, true);

        assertThat(one)
                .isEqualTo(new ReleaseTitle(
                        Degree.BTECH, "R18", Semester.S1_2, ReleaseKind.REGULAR, SpecialProgramme.NONE, true))
                .hasSameHashCodeAs(new ReleaseTitle(
                        Degree.BTECH, "R18", Semester.S1_2, ReleaseKind.REGULAR, SpecialProgramme.NONE, true));
        assertThat(one)
                .isNotEqualTo(new ReleaseTitle(
                        Degree.BTECH, "R18", Semester.S1_2, ReleaseKind.REGULAR, SpecialProgramme.NONE, false));
        assertThat(one)
                .isNotEqualTo(new ReleaseTitle(
                        Degree.BTECH, "R16", Semester.S1_2, ReleaseKind.REGULAR, SpecialProgramme.NONE, true));
        assertThat(one)
                .isNotEqualTo(new ReleaseTitle(
                        Degree.BTECH, "R18", Semester.S2_1, ReleaseKind.REGULAR, SpecialProgramme.NONE, true));
        assertThat(one)
                .isNotEqualTo(new ReleaseTitle(
                        Degree.BTECH, "R18", Semester.S1_2, ReleaseKind.SUPPLEMENTARY, SpecialProgramme.NONE, true));
        assertThat(one)
                .isNotEqualTo(new ReleaseTitle(
                        Degree.MTECH, "R18", Semester.S1_2, ReleaseKind.REGULAR, SpecialProgramme.NONE, true));
    }

    @Test
    void terms_with_the_same_parts_are_equal() {
        assertThat(new Term.WholeYear(1)).isEqualTo(new Term.WholeYear(1)).hasSameHashCodeAs(new Term.WholeYear(1));
        assertThat(new Term.WholeYear(1)).isNotEqualTo(new Term.WholeYear(2));
        assertThat(new Term.Unstated()).isEqualTo(Term.UNSTATED);
    }

    private static List<String> fixtureTitles() {
        return ReleaseListFixture.may2022().stream().map(ReleaseListing::title).toList();
    }

    private static List<String> representativeTitles() {
        return REPRESENTATIVES
                .lines()
                .filter(line -> !line.isBlank())
                .map(line -> line.substring(0, line.indexOf('|')).strip())
                .toList();
    }

    /** A title with its Roman numerals and regulation blanked: the shape the reader must handle. */
    private static String patternOf(String title) {
        return title.replaceAll("\\(R\\d{2}\\)", "(Rnn)").replaceAll("\\b(IV|III|II|I)\\b", "N");
    }

    /** The term a test table writes as {@code none}, {@code year 2} or {@code 2-1}. */
    static Term termOf(String text) {
        if (text.equals("none")) {
            return Term.UNSTATED;
        }
        if (text.startsWith("year ")) {
            return new Term.WholeYear(Integer.parseInt(text.substring(5)));
        }
        return Semester.parse(text).orElseThrow();
    }
}
