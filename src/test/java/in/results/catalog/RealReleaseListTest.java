package in.results.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.Regulation;
import in.results.scrape.ReleaseListing;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The university's whole release list as it stood on 27 March 2025 (2,781 rows, every programme, back to 2018;
 * {@code src/test/resources/upstream/release-list-2025-03.tsv}, a copy of the public snapshot), each row read as the
 * release-list parser reads the page, and what the catalog makes of it. Expected values come from reading the
 * titles, not from the code.
 */
class RealReleaseListTest {
    private static final String TSV = "/upstream/release-list-2025-03.tsv";
    private static final DateTimeFormatter LISTED_DATE = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("dd-MMM-uuuu")
            .toFormatter(Locale.ENGLISH);

    /** One TSV row: the list's columns as the snapshot holds them. */
    private record Row(String releaseDate, String dateAsListed, String query, String title) {}

    private static final List<Row> ROWS = rows();
    private static final List<ReleaseListing> LISTINGS = listings(ROWS);
    private static final List<ExamRelease> RELEASES = LISTINGS.stream()
            .map(listing -> ExamCatalog.releaseOf(listing).orElseThrow())
            .toList();
    private static final ExamCatalog CATALOG = ExamCatalog.from(LISTINGS);

    @Test
    void every_row_is_a_release_with_the_title_date_and_link_of_the_list() {
        assertThat(LISTINGS).hasSize(2_781);
        for (int i = 0; i < ROWS.size(); i++) {
            Row row = ROWS.get(i);
            ReleaseListing listing = LISTINGS.get(i);
            assertThat(listing.title())
                    .isEqualTo(row.title().replaceAll("\\s+", " ").strip());
            assertThat(listing.query()).isEqualTo(row.query());
            assertThat(LocalDate.parse(listing.releaseDate(), LISTED_DATE))
                    .isEqualTo(LocalDate.parse(row.releaseDate()));
        }
        assertThat(RELEASES).hasSize(2_781);
    }

    @Test
    void programmes_by_title_are_the_readme_s_counts() {
        Map<Degree, Long> byTitle = LISTINGS.stream()
                .collect(Collectors.groupingBy(
                        l -> TitleReader.read(l.title(), Degree.UNKNOWN).degree(),
                        () -> new EnumMap<>(Degree.class),
                        Collectors.counting()));

        // 2,780 rows by the README; the 2,781st, "Others Course Supplementary Examinations Results", names none.
        // B.Pharmacy's 801 include the two "RC/RVB.Pharmacy …" rows, revaluation mark glued to the degree.
        assertThat(byTitle)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        Degree.BTECH, 1_056L,
                        Degree.BPHARMACY, 801L,
                        Degree.MCA, 288L,
                        Degree.MBA, 277L,
                        Degree.MTECH, 193L,
                        Degree.MPHARMACY, 165L,
                        Degree.UNKNOWN, 1L));
    }

    @Test
    void the_catalog_s_programme_is_the_title_s_and_the_link_s_where_the_title_names_none() {
        // The README counts by title; the catalog files the Others Course row under its link's degree=mtech (194 =
        // 193 + 1). The 765 B.Pharmacy rows with an empty degree= are B.Pharmacy by their titles.
        assertThat(countBy(RELEASES, ExamRelease::degree))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        Degree.BTECH, 1_056L,
                        Degree.BPHARMACY, 801L,
                        Degree.MCA, 288L,
                        Degree.MBA, 277L,
                        Degree.MTECH, 194L,
                        Degree.MPHARMACY, 165L));
        assertThat(RELEASES)
                .filteredOn(r -> r.params().get("degree").isEmpty())
                .hasSize(765)
                .allSatisfy(r -> assertThat(r.degree()).isEqualTo(Degree.BPHARMACY));
    }

    /**
     * Counted from the titles with patterns written apart from this code: {@code IV Year I Semester},
     * {@code II B.Tech. I Semester}, {@code III B.Tech Year II Semester}, {@code IV-II Year} and, for postgraduate
     * programmes only, {@code V Semester}. Without one: B.Tech's 117 annual-pattern first years ({@code I B.Tech.
     * (R15)}, {@code B.Tech I Year (R15)}) and whole-year CCC rows ({@code B.Tech.(CCC) IV Year (NR)}); B.Pharmacy's
     * 47 {@code B.Pharmacy I Year (R15)} and {@code I B.Pharmacy (R09)}; M.Tech's four {@code PHD COURSE WORK M.Tech
     * JAN-2020} and the Others Course; MBA's two {@code M.B.A. PHD COURSE WORK Results}.
     */
    @Test
    void rows_with_a_readable_semester_per_programme() {
        assertThat(countBy(
                        RELEASES.stream().filter(r -> r.semester().isPresent()).toList(), ExamRelease::degree))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        Degree.BTECH, 939L,
                        Degree.BPHARMACY, 754L,
                        Degree.MCA, 288L,
                        Degree.MBA, 275L,
                        Degree.MTECH, 189L,
                        Degree.MPHARMACY, 165L));
    }

    /**
     * Counted from the titles' {@code (Rnn)}. Without one: {@code (NR)}, {@code (RR)}, {@code (OR)} and the CCC
     * rows (91 B.Tech, 5 B.Pharmacy, 3 MBA), the Ph.D. course work titles that name none (6 M.Tech, 2 MBA) and the
     * Others Course.
     */
    @Test
    void rows_with_a_readable_regulation_per_programme() {
        assertThat(countBy(
                        RELEASES.stream().filter(r -> !r.regulation().isEmpty()).toList(), ExamRelease::degree))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        Degree.BTECH, 965L,
                        Degree.BPHARMACY, 796L,
                        Degree.MCA, 288L,
                        Degree.MBA, 272L,
                        Degree.MTECH, 187L,
                        Degree.MPHARMACY, 165L));
    }

    @Test
    void twenty_seven_rows_in_five_spellings_are_minor_degree_releases() {
        List<ExamRelease> minor = special(SpecialProgramme.MINOR_DEGREE);

        assertThat(minor).hasSize(27).allSatisfy(r -> assertThat(r.degree()).isEqualTo(Degree.BTECH));
        assertThat(minor).filteredOn(ExamRelease::rcrv).hasSize(5);
        assertThat(minor)
                .filteredOn(r -> r.regulation().equals("R22"))
                .singleElement()
                .extracting(ExamRelease::code)
                .isEqualTo("1845");
        assertThat(minor)
                .extracting(ExamRelease::code)
                .containsOnly(
                        "1638", "1639", "1653", "1654", "1655", "1677", "1695", "1696", "1697", "1698", "1762", "1788",
                        "1789", "1794", "1799", "1812", "1827", "1832", "1845", "1846", "1850", "1861");
    }

    @Test
    void eleven_rows_are_ph_d_course_work_and_one_is_the_others_course() {
        assertThat(countBy(special(SpecialProgramme.PHD_COURSE_WORK), ExamRelease::degree))
                .containsExactlyInAnyOrderEntriesOf(Map.of(Degree.MTECH, 6L, Degree.MBA, 5L));
        assertThat(special(SpecialProgramme.OTHERS_COURSE)).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo("3");
            assertThat(r.degree()).isEqualTo(Degree.MTECH);
            assertThat(r.term()).isEqualTo(Term.UNSTATED);
        });
    }

    @Test
    void no_course_s_semesters_hold_a_special_release() {
        for (Course course : Course.all()) {
            for (Semester semester : course.semesters()) {
                assertThat(CATALOG.releases(course, semester))
                        .as(course + " " + semester)
                        .allSatisfy(r -> assertThat(r.special()).isEqualTo(SpecialProgramme.NONE));
            }
        }
    }

    @Test
    void a_b_tech_r18_student_s_minor_releases_are_the_listed_and_built_in_ones_in_date_order() {
        List<ExamRelease> minor =
                CATALOG.specialReleases(new Course(Degree.BTECH, Regulation.R18), SpecialProgramme.MINOR_DEGREE);

        // The README's twenty M codes, all listed, and 1799, which its table lacks.
        assertThat(minor)
                .extracting(ExamRelease::code)
                .containsExactlyInAnyOrder(
                        "1638", "1639", "1653", "1654", "1655", "1677", "1695", "1696", "1697", "1698", "1762", "1788",
                        "1789", "1794", "1799", "1812", "1827", "1832", "1846", "1850", "1861");
        assertThat(minor).allSatisfy(r -> assertThat(r.source()).isEqualTo(ReleaseSource.RELEASE_LIST));
        assertThat(minor.stream().map(r -> r.releasedOn().orElseThrow()).toList())
                .isSorted();
        assertThat(CATALOG.specialReleases(new Course(Degree.BTECH, Regulation.R22), SpecialProgramme.MINOR_DEGREE))
                .extracting(ExamRelease::code)
                .containsExactly("1845");
    }

    @Test
    void an_exam_whose_rc_rv_row_names_another_semester_is_filed_under_both() {
        // 1690: "B.Tech III Year I Semester (R18) Regular …", its RC/RV row "RC/RV B.Tech III Year II Semester (R18) …"
        Course r18 = new Course(Degree.BTECH, Regulation.R18);
        assertThat(CATALOG.releases(r18, Semester.S3_1))
                .extracting(ExamRelease::code)
                .contains("1690");
        assertThat(CATALOG.releases(r18, Semester.S3_2))
                .extracting(ExamRelease::code)
                .contains("1690");
        assertThat(CATALOG.releases(r18, Semester.S4_1))
                .extracting(ExamRelease::code)
                .doesNotContain("1690");
        // the page's heading decides which it was
        assertThat(Semester.namedIn("III B.Tech. II Semester (R18) Regular, August 2023 Exams", Degree.BTECH))
                .contains(Semester.S3_2);
        assertThat(Semester.namedIn("MCA III Semester (R22) Regular, January 2025", Degree.MCA))
                .contains(Semester.S2_1);
        assertThat(Semester.namedIn("Results", Degree.BTECH)).isEmpty();
    }

    @Test
    void a_code_shared_by_programmes_is_one_exam_of_each() {
        assertThat(CATALOG.all())
                .filteredOn(r -> r.code().equals("122") && !r.rcrv())
                .extracting(ExamRelease::degree)
                .containsExactlyInAnyOrder(Degree.MTECH, Degree.MBA);
        assertThat(CATALOG.all())
                .filteredOn(r -> r.code().equals("398") && !r.rcrv())
                .extracting(ExamRelease::degree)
                .containsExactlyInAnyOrder(Degree.MBA, Degree.MTECH, Degree.MCA);
        assertThat(CATALOG.hasRcrv(Degree.MTECH, "398")).isTrue();
        assertThat(CATALOG.hasRcrv(Degree.MBA, "398")).isFalse();
        assertThat(CATALOG.releases(new Course(Degree.MCA, Regulation.R20), Semester.S1_1))
                .extracting(ExamRelease::code)
                .contains("398");
    }

    @Test
    void an_rc_rv_row_may_name_another_semester_than_its_exam_s_row() {
        // B.Tech 1690: exam "III Year I Semester", RC/RV "III Year II Semester" (the README's table has it in 3-2).
        assertThat(CATALOG.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S3_1))
                .extracting(ExamRelease::code)
                .contains("1690");
        assertThat(CATALOG.rcrvRelease(Degree.BTECH, "1690").orElseThrow().term())
                .isEqualTo(Semester.S3_2);
        // B.Pharmacy 832: exam "I Year I Semester", RC/RV "IV Year I Semester".
        assertThat(CATALOG.releases(new Course(Degree.BPHARMACY, Regulation.R17), Semester.S1_1))
                .extracting(ExamRelease::code)
                .contains("832");
        assertThat(CATALOG.rcrvRelease(Degree.BPHARMACY, "832").orElseThrow().term())
                .isEqualTo(Semester.S4_1);
    }

    /** Hard titles of the list, each row found by its link, with what the title says read by hand. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            degree=btech&examCode=1861&etype=r17&type=intgrade | B.Tech IV Year I Semester (R18) Minor Degree Program Regular Examinations Results | BTECH | R18 | 4-1 | REGULAR | false | MINOR_DEGREE
            degree=btech&examCode=1845&etype=r17&type=intgrade | B.Tech III Year I Semester (R22) Minor Degree Program Regular Examinations Results | BTECH | R22 | 3-1 | REGULAR | false | MINOR_DEGREE
            degree=btech&examCode=1827&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Tech III Year II Semester (R18) Minor degree Regular Examinations Results | BTECH | R18 | 3-2 | REGULAR | true | MINOR_DEGREE
            degree=btech&examCode=1827&etype=r17&type=intgrade | III B.Tech Year II Semester (R18) (Minor degree) Regular Examinations AUGUST-2024 Results | BTECH | R18 | 3-2 | REGULAR | false | MINOR_DEGREE
            degree=btech&examCode=1832&etype=r17&type=intgrade | III B.Tech Year I Semester (R18) (Minor degree) Supplementary Examinations AUGUST-2024 Results | BTECH | R18 | 3-1 | SUPPLEMENTARY | false | MINOR_DEGREE
            degree=btech&examCode=1799&etype=r17&type=intgrade | IV B.Tech Year I Semester (R18) (Minor degree) Supplementary Examinations March-2024 Results | BTECH | R18 | 4-1 | SUPPLEMENTARY | false | MINOR_DEGREE
            degree=btech&examCode=1812&etype=r17&type=intgrade | B.Tech IV Year II Semester (R18) Minor Degree Program ADVANCE Supplementary Examinations Results | BTECH | R18 | 4-2 | ADVANCED_SUPPLEMENTARY | false | MINOR_DEGREE
            degree=btech&examCode=1789&etype=r17&type=intgrade | B.Tech III Year I Semester (R18) (Minor degree) Regular/Supplementary Examinations March-2024 Results | BTECH | R18 | 3-1 | REGULAR | false | MINOR_DEGREE
            degree=btech&examCode=1639&etype=r17&type=intgrade | B.Tech III Year I Semester (R18) Regular (Minior Program) Examinations Results | BTECH | R18 | 3-1 | REGULAR | false | MINOR_DEGREE
            degree=btech&examCode=1653&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Tech IV Year I Semester (R18) Minor degree program Regular Examinations Results | BTECH | R18 | 4-1 | REGULAR | true | MINOR_DEGREE
            degree=btech&examCode=1677&etype=r17&type=intgrade | B.Tech IV Year II Semester (R18) Minor Degree program Regular Examinations Results | BTECH | R18 | 4-2 | REGULAR | false | MINOR_DEGREE
            degree=mtech&examCode=124&grad=pg&etype=null&result=nograde | PHD COURSE WORK M.Tech I YEAR II SEMESTER REGULAR AUG/SEP-2023 Examinations Results | MTECH | none | 1-2 | REGULAR | false | PHD_COURSE_WORK
            degree=mtech&examCode=123&grad=pg&etype=null&result=nograde | PHD COURSE WORK M.Tech I YEAR I SEMESTER SUPPLY AUG/SEP-2023 Examinations Results | MTECH | none | 1-1 | SUPPLEMENTARY | false | PHD_COURSE_WORK
            degree=mtech&examCode=122&grad=pg&etype=null&result=nograde | PHD COURSE WORK M.Tech MARCH-2023 Examinations Results | MTECH | none | none | UNKNOWN | false | PHD_COURSE_WORK
            degree=mba&examCode=122&grad=pg&etype=null&result=nograde | Phd Course work M.B.A. II Semester (R19) Regular Examinations Results | MBA | R19 | 1-2 | REGULAR | false | PHD_COURSE_WORK
            degree=mba&examCode=111&grad=pg&etype=null&result=nograde | M.B.A. PHD COURSE WORK Results | MBA | none | none | UNKNOWN | false | PHD_COURSE_WORK
            degree=mtech&examCode=3&grad=pg&etype=null&result=nograde | Others Course Supplementary Examinations Results | MTECH | none | none | SUPPLEMENTARY | false | OTHERS_COURSE
            degree=mca&examCode=535&grad=pg&etype=null&result=grade17&type=intgrade | M.C.A. V Semester (R19) Supplementary Examinations Results | MCA | R19 | 3-1 | SUPPLEMENTARY | false | NONE
            degree=mca&examCode=429&grad=pg&etype=null&result=grade17&type=intgrade | M.C.A. VI Semester (R19) Regular Examinations Results | MCA | R19 | 3-2 | REGULAR | false | NONE
            degree=mca&examCode=516&grad=pg&etype=r16&result=gradercrv&type=rcrvintgrade | RC/RV M.C.A. V Semester (R15) Supplementary Examinations Results | MCA | R15 | 3-1 | SUPPLEMENTARY | true | NONE
            degree=mtech&examCode=421&grad=pg&etype=null&result=grade17&type=intgrade | M.Tech. I Semester (R22) Supplementary Examinations Results | MTECH | R22 | 1-1 | SUPPLEMENTARY | false | NONE
            degree=mpharmacy&examCode=245&grad=pg&etype=r16&result=gradercrv&type=rcrvintgrade | RC/RV M. Pharmacy II Semester (R22) Regular Examinations Results | MPHARMACY | R22 | 1-2 | REGULAR | true | NONE
            degree=mba&examCode=415&grad=pg&etype=null&result=grade17&type=intgrade | M.B.A. IV Semester (R22) Supplementary Examinations Results | MBA | R22 | 2-2 | SUPPLEMENTARY | false | NONE
            degree=mba&examCode=417&grad=pg&etype=null&result=grade17&type=intgrade | M.B.A. III Semester (R22) Regular Examinations Results | MBA | R22 | 2-1 | REGULAR | false | NONE
            degree=mba&examCode=410&grad=pg&etype=r16&result=gradercrv&type=rcrvintgrade | RC/RV M.B.A. II Semester (R22) Regular Examinations Results | MBA | R22 | 1-2 | REGULAR | true | NONE
            degree=mba&examCode=398&grad=pg&etype=null&result=nograde | M.B.A. I Semester (NR) Supplementary (One time chance) Examinations Results | MBA | none | 1-1 | SUPPLEMENTARY | false | NONE
            degree=mtech&examCode=398&grad=pg&etype=null&result=grade17&type=intgrade | M.Tech. I Semester (R17) Supplementary (One time chance) Examinations Results | MTECH | R17 | 1-1 | SUPPLEMENTARY | false | NONE
            degree=mca&examCode=398&grad=pg&etype=null&result=grade17&type=intgrade | M.C.A. I Semester (R20) Supplementary Examinations Results | MCA | R20 | 1-1 | SUPPLEMENTARY | false | NONE
            degree=mba&examCode=385&grad=pg&etype=r16&result=gradercrv&type=rcrvintgrade | RC/RV M.B.A. IV Semester (R15) Supplementary(One Time Chance)Examinations Results | MBA | R15 | 2-2 | SUPPLEMENTARY | true | NONE
            degree=mba&examCode=359&grad=pg&etype=r16&result=gradercrv&type=rcrvintgrade | RC/RV M.B.A. II Semester (R19) Rrgular Examinations Results | MBA | R19 | 1-2 | REGULAR | true | NONE
            degree=mba&examCode=302&grad=pg&etype=null&result=grade17&type=intgrade | M.B.A. II Semester (R19) Regular during COVID Pandemic Examinations Results | MBA | R19 | 1-2 | REGULAR | false | NONE
            degree=mtech&examCode=413&grad=pg&etype=r16&result=gradercrv&type=rcrvintgrade | RC/RV M.Tech. I Semester (R22) Regular March-2024 Examinations Results | MTECH | R22 | 1-1 | REGULAR | true | NONE
            degree=btech&examCode=1561&etype=r17&type=intgrade | II B.Tech. I Semester (R16) Supplementary Examinations Results | BTECH | R16 | 2-1 | SUPPLEMENTARY | false | NONE
            degree=btech&examCode=1571&etype=r17&type=intgrade | I B.Tech. II Semester (R16) Supplementary Examinations Results | BTECH | R16 | 1-2 | SUPPLEMENTARY | false | NONE
            degree=btech&examCode=1556&etype=r17&type=intgrade | III B.Tech. II Semester (R16) Supplementary Examinations Results | BTECH | R16 | 3-2 | SUPPLEMENTARY | false | NONE
            degree=btech&examCode=1537&etype=rcrv | RC/RV I B.Tech (R09) Supplementary Examinations Results | BTECH | R09 | year 1 | SUPPLEMENTARY | true | NONE
            degree=btech&examCode=99154&etype=ccc | B.Tech.(CCC) IV Year (NR) Supplementary Examinations Results | BTECH | none | year 4 | SUPPLEMENTARY | false | NONE
            degree=btech&examCode=99173&etype=rcrv | RC/RV B.Tech.(CCC) I Year (OR) Special Supplementary(One time chance) Examinations Results | BTECH | none | year 1 | SUPPLEMENTARY | true | NONE
            degree=btech&examCode=1757&etype=rcrv | RC/RV B.Tech I Year (R07) Supplementary Examinations (One time chance) Results | BTECH | R07 | year 1 | SUPPLEMENTARY | true | NONE
            degree=btech&examCode=1465&etype=rcrv | RC/RV B.Tech IV Year II (R13) Supplementary Examinations Results | BTECH | R13 | 4-2 | SUPPLEMENTARY | true | NONE
            degree=btech&examCode=1637 | B.Tech II Year I Semester(R13) Special Supplementary Examinations Results | BTECH | R13 | 2-1 | SUPPLEMENTARY | false | NONE
            degree=btech&examCode=1623&etype=r17&type=intgrade | B.Tech IV Year II Semester (R18) Special Supplementary Examinations Results | BTECH | R18 | 4-2 | SUPPLEMENTARY | false | NONE
            degree=btech&examCode=1808&etype=r17&type=intgrade | B.Tech IV Year II Semester (R18) ADVANCE Supplementary Examinations Results | BTECH | R18 | 4-2 | ADVANCED_SUPPLEMENTARY | false | NONE
            degree=btech&examCode=1808&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Tech IV Year II Semester (R18) Advance Supplementary Examinations Results | BTECH | R18 | 4-2 | ADVANCED_SUPPLEMENTARY | true | NONE
            degree=btech&examCode=1413&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Tech IV Year II Semester (R16) Adv.Supplementary Examinations Results | BTECH | R16 | 4-2 | ADVANCED_SUPPLEMENTARY | true | NONE
            degree=btech&examCode=1483&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Tech IV Year II Semester (R16) Adv. Supplementary Examinations Results | BTECH | R16 | 4-2 | ADVANCED_SUPPLEMENTARY | true | NONE
            degree=btech&examCode=1447&etype=r17&type=intgrade | B.Tech II Year II Semester (R18) Regular during COVID Pandemic Examinations Results | BTECH | R18 | 2-2 | REGULAR | false | NONE
            degree=btech&examCode=1690&etype=r17&type=intgrade | B.Tech III Year I Semester (R18) Regular Examinations Results | BTECH | R18 | 3-1 | REGULAR | false | NONE
            degree=btech&examCode=1690&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Tech III Year II Semester (R18) Regular Examinations Results | BTECH | R18 | 3-2 | REGULAR | true | NONE
            degree=btech&examCode=1851&etype=r17&type=intgrade | B.Tech I Year I Semester (R22) Regular Examinations Results | BTECH | R22 | 1-1 | REGULAR | false | NONE
            degree=&examCode=969&etype=r22&type=intgrade | B.Pharmacy I Year II Semester (R22) Regular Examinations Results | BPHARMACY | R22 | 1-2 | REGULAR | false | NONE
            degree=&examCode=791&etype=rcrv | RC/RVB.Pharmacy IV Year II Semester (R15) Supplementary Examinations Results | BPHARMACY | R15 | 4-2 | SUPPLEMENTARY | true | NONE
            degree=&examCode=663&etype=r17&type=intgrade | B.Pharmacy Iv Year I Semester (R17) Regular Examinations Results | BPHARMACY | R17 | 4-1 | REGULAR | false | NONE
            degree=&examCode=754&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Pharmacy IV Year I Semester (R17) Regualr Examinations Results | BPHARMACY | R17 | 4-1 | REGULAR | true | NONE
            degree=&examCode=899&etype=rcrv | RC/RV B.Pharmacy IV-II Year (R13) Supplementary (One time chance) (One time chance) Examinations Results | BPHARMACY | R13 | 4-2 | SUPPLEMENTARY | true | NONE
            degree=&examCode=919&etype=rcrv | RC/RV B.Pharmacy III-II Year (OR) Supplementary (One time chance) Examinations Results | BPHARMACY | none | 3-2 | SUPPLEMENTARY | true | NONE
            degree=&examCode=621&etype=r17&result=gradercrv&type=rcrvintgrade | RCRV B.Pharmacy IV Year II Sem. (R16) Regular Examinations Results | BPHARMACY | R16 | 4-2 | REGULAR | true | NONE
            degree=&examCode=622 | B.Pharmacy IV Year II Sem. (R15) Supplementary Results | BPHARMACY | R15 | 4-2 | SUPPLEMENTARY | false | NONE
            degree=&examCode=832&etype=r17&type=intgrade | B.Pharmacy I Year I Semester (R17) Supplementary Examinations Results | BPHARMACY | R17 | 1-1 | SUPPLEMENTARY | false | NONE
            degree=&examCode=832&etype=r17&result=gradercrv&type=rcrvintgrade | RC/RV B.Pharmacy IV Year I Semester (R17) Supplementary Examinations Results | BPHARMACY | R17 | 4-1 | SUPPLEMENTARY | true | NONE
            degree=&examCode=746&etype=rcrv | RC/RV I B.Pharmacy (R09) Supplementary Examinations Results | BPHARMACY | R09 | year 1 | SUPPLEMENTARY | true | NONE
            degree=&examCode=602&etype=r17&type=supply | B.Pharmacy II Year I Semester (R18) Regular Examinations Results | BPHARMACY | R18 | 2-1 | REGULAR | false | NONE
            """)
    void hard_title_reads_as_written(
            String query,
            String title,
            Degree degree,
            String regulation,
            String term,
            ReleaseKind kind,
            boolean rcrv,
            SpecialProgramme special) {
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < LISTINGS.size(); i++) {
            if (LISTINGS.get(i).query().equals(query)) {
                rows.add(i);
            }
        }
        assertThat(rows).as("rows with the link " + query).hasSize(1);
        ExamRelease release = RELEASES.get(rows.get(0));

        assertThat(release.title()).isEqualTo(title);
        assertThat(release.degree()).isEqualTo(degree);
        assertThat(release.regulation()).isEqualTo(regulation.equals("none") ? "" : regulation);
        assertThat(release.term()).isEqualTo(TitleReaderTest.termOf(term));
        assertThat(release.kind()).isEqualTo(kind);
        assertThat(release.rcrv()).isEqualTo(rcrv);
        assertThat(release.special()).isEqualTo(special);
    }

    private static List<ExamRelease> special(SpecialProgramme programme) {
        return RELEASES.stream().filter(r -> r.special() == programme).toList();
    }

    private static <K> Map<K, Long> countBy(List<ExamRelease> releases, Function<ExamRelease, K> key) {
        return releases.stream().collect(Collectors.groupingBy(key, Collectors.counting()));
    }

    private static List<Row> rows() {
        try (InputStream in = RealReleaseListTest.class.getResourceAsStream(TSV)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + TSV);
            }
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII)
                    .lines()
                    .toList();
            assertThat(lines.get(0)).isEqualTo("release_date\tdate_as_listed\tquery\ttitle_as_listed");
            return lines.stream()
                    .skip(1)
                    .map(line -> line.split("\t", -1))
                    .map(f -> new Row(f[0], f[1], f[2], f[3]))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rows as the release-list parser reads them from the page: each a table row with its link and date. */
    private static List<ReleaseListing> listings(List<Row> rows) {
        return ReleaseListFixture.listOf(rows.stream()
                .map(row -> ReleaseListFixture.row(row.query(), row.title(), row.dateAsListed()))
                .toArray(String[]::new));
    }
}
