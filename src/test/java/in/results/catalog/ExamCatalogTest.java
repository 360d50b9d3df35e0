package in.results.catalog;

import static in.results.catalog.ReleaseListFixture.listOf;
import static in.results.catalog.ReleaseListFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.core.HallTicket;
import in.results.core.Regulation;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ExamCatalogTest {

    private static List<String> codes(List<ExamRelease> releases) {
        return releases.stream().map(ExamRelease::code).toList();
    }

    private static boolean isR18Btech(ExamRelease release) {
        return new Course(Degree.BTECH, Regulation.R18).holds(release);
    }

    private static ExamRelease only(List<ExamRelease> releases, String code) {
        List<ExamRelease> found =
                releases.stream().filter(r -> r.code().equals(code)).toList();
        assertThat(found).as("releases with code " + code).hasSize(1);
        return found.get(0);
    }

    @Nested
    class BuiltInTableAlone {
        private final ExamCatalog catalog = ExamCatalog.builtIn();

        @Test
        void every_semester_has_the_codes_of_the_readme_table() {
            assertThat(Arrays.stream(Semester.values())
                            .map(s -> catalog.releases(new Course(Degree.BTECH, Regulation.R18), s)
                                    .size()))
                    .as("the README's codes per semester less its 20 minor-degree (M) codes: 6, 6, 4, 4 in 3-1 … 4-2")
                    .containsExactly(14, 16, 14, 14, 11, 11, 10, 9);
            assertThat(Arrays.stream(Semester.values())
                            .map(s -> catalog.releases(new Course(Degree.BTECH, Regulation.R22), s)
                                    .size()))
                    .containsExactly(5, 4, 3, 2, 1, 0, 0, 0);
            assertThat(catalog.all()).hasSize(119 + 15);
        }

        @Test
        void first_semester_regular_releases_are_the_four_r_codes_in_code_order() {
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1404", "1467", "1572");
        }

        @Test
        void second_semester_regular_releases_include_the_r18_second_half_for_r16_first_half_students() {
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2)))
                    .containsExactly("1356", "1363", "1435", "1448", "1503");
        }

        @Test
        void undated_releases_are_in_code_order() {
            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S4_2)))
                    .containsExactly("1580", "1600", "1623", "1672", "1673", "1691", "1716", "1790", "1808");
        }

        @Test
        void letters_give_the_kind_and_codes_without_a_letter_are_unknown() {
            List<ExamRelease> firstYear = catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2);

            assertThat(only(firstYear, "1356").kind()).isEqualTo(ReleaseKind.REGULAR);
            assertThat(only(firstYear, "1381").kind()).isEqualTo(ReleaseKind.ADVANCED_SUPPLEMENTARY);
            assertThat(only(firstYear, "1481").kind()).isEqualTo(ReleaseKind.SUPPLEMENTARY);
            assertThat(only(firstYear, "1620").kind()).isEqualTo(ReleaseKind.UNKNOWN);
        }

        @Test
        void the_twenty_minor_degree_codes_of_the_readme_are_known_but_in_no_semester() {
            Course r18 = new Course(Degree.BTECH, Regulation.R18);
            List<String> minorCodes = List.of(
                    "1638", "1639", "1653", "1654", "1655", "1677", "1695", "1696", "1697", "1698", "1762", "1788",
                    "1789", "1794", "1812", "1827", "1832", "1846", "1850", "1861");

            assertThat(codes(catalog.specialReleases(r18, SpecialProgramme.MINOR_DEGREE)))
                    .as("undated, so in code order")
                    .containsExactlyElementsOf(minorCodes);
            assertThat(catalog.all())
                    .filteredOn(r -> r.special() == SpecialProgramme.MINOR_DEGREE)
                    .extracting(ExamRelease::code)
                    .containsExactlyInAnyOrderElementsOf(minorCodes);
            assertThat(r18.semesters().stream().flatMap(s -> catalog.releases(r18, s).stream()))
                    .extracting(ExamRelease::code)
                    .doesNotContainAnyElementsOf(minorCodes);
            ExamRelease minor = only(catalog.all(), "1861");
            assertThat(minor.term()).as("the semester the title names").isEqualTo(Semester.S4_1);
            assertThat(minor.kind()).isEqualTo(ReleaseKind.UNKNOWN);
            assertThat(catalog.hasRcrv(Degree.BTECH, "1861")).isTrue();
            assertThat(catalog.rcrvRelease(Degree.BTECH, "1861").orElseThrow().special())
                    .isEqualTo(SpecialProgramme.MINOR_DEGREE);
            assertThat(catalog.specialReleases(r18, SpecialProgramme.PHD_COURSE_WORK))
                    .isEmpty();
            assertThat(catalog.specialReleases(new Course(Degree.BTECH, Regulation.R22), SpecialProgramme.MINOR_DEGREE))
                    .isEmpty();
        }

        @Test
        void none_is_no_special_programme() {
            assertThatThrownBy(() ->
                            catalog.specialReleases(new Course(Degree.BTECH, Regulation.R18), SpecialProgramme.NONE))
                    .isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void built_in_r18_releases_have_no_date_no_title_and_say_where_they_come_from() {
            assertThat(catalog.all())
                    .filteredOn(ExamCatalogTest::isR18Btech)
                    .hasSize(99)
                    .allSatisfy(r -> {
                        assertThat(r.releaseDate()).isEqualTo(ReleaseDate.UNKNOWN);
                        assertThat(r.releasedOn()).isEmpty();
                        assertThat(r.title()).isEmpty();
                        assertThat(r.source()).isEqualTo(ReleaseSource.BUILT_IN_TABLE);
                        assertThat(r.rcrv()).isFalse();
                        assertThat(isR18Btech(r)).isTrue();
                    });
        }

        @Test
        void parameters_follow_the_readme_grade16_grade17_intgrade_rule() {
            Map<String, String> grade16 = Map.of("etype", "r16", "type", "grade16");
            Map<String, String> grade17 = Map.of("etype", "r17", "type", "grade17");
            Map<String, String> intgrade = Map.of("etype", "r17", "type", "intgrade");
            for (ExamRelease r : catalog.all()) {
                Map<String, String> expected = switch (r.code()) {
                    case "1323", "1356", "1358", "1381" -> grade16;
                    case "1363", "1391", "1404" -> grade17;
                    default -> intgrade;
                };
                assertThat(r.params())
                        .as(r.code())
                        .containsExactly(
                                Map.entry("degree", "btech"), Map.entry("examCode", r.code()),
                                Map.entry("etype", expected.get("etype")), Map.entry("type", expected.get("type")));
            }
        }

        @Test
        void every_code_may_have_rc_rv_results_asked_with_gradercrv_and_rcrvintgrade() {
            assertThat(catalog.all())
                    .allSatisfy(r ->
                            assertThat(catalog.hasRcrv(Degree.BTECH, r.code())).isTrue());

            ExamRelease rcrv = catalog.rcrvRelease(Degree.BTECH, "1323").orElseThrow();
            assertThat(rcrv.rcrv()).isTrue();
            assertThat(rcrv.term()).isEqualTo(Semester.S1_1);
            assertThat(rcrv.source()).isEqualTo(ReleaseSource.BUILT_IN_TABLE);
            assertThat(rcrv.params())
                    .containsExactly(
                            Map.entry("degree", "btech"),
                            Map.entry("examCode", "1323"),
                            Map.entry("etype", "r16"),
                            Map.entry("result", "gradercrv"),
                            Map.entry("type", "rcrvintgrade"));
        }

        @Test
        void an_empty_list_gives_the_built_in_catalog() {
            assertThat(ExamCatalog.from(List.of()).all()).isEqualTo(catalog.all());
        }

        @Test
        void a_code_nobody_knows_has_no_rc_rv() {
            assertThat(catalog.hasRcrv(Degree.BTECH, "9999")).isFalse();
            assertThat(catalog.rcrvRelease(Degree.BTECH, "9999")).isEmpty();
        }
    }

    @Nested
    class May2022List {
        private final ExamCatalog catalog = ExamCatalog.from(ReleaseListFixture.may2022());

        /** The list as it stood at the end of {@code day}: its rows released by then. */
        private static ExamCatalog listedBy(LocalDate day) {
            return ExamCatalog.from(ReleaseListFixture.may2022().stream()
                    .filter(row -> ExamCatalog.releaseOf(row)
                            .flatMap(ExamRelease::releasedOn)
                            .map(date -> !date.isAfter(day))
                            .orElse(true))
                    .toList());
        }

        @Test
        void
                a_batchs_year_ends_with_its_own_regular_release_of_the_second_semester_not_an_earlier_batchs_delayed_one() {
            Course r18 = new Course(Degree.BTECH, Regulation.R18);
            HallTicket of2018 = new HallTicket("18BD1A0501");
            HallTicket of2019 = new HallTicket("19BD1A0501");
            HallTicket of2020 = new HallTicket("20BD1A0501");
            // mid 2021: the 2018 batch's 2-2 (January 2021) and the 2019 batch's 1-2 (January 2021) are out, dated in
            // the calendar years the later batches sit those semesters, but before those batches' 2-1 and 1-1
            ExamCatalog mid2021 = listedBy(LocalDate.of(2021, 6, 30));

            assertThat(mid2021.listsBatchRegular(r18, Semester.S2_2, of2018)).isTrue();
            assertThat(mid2021.listsBatchRegular(r18, Semester.S2_2, of2019)).isFalse();
            assertThat(mid2021.listsBatchRegular(r18, Semester.S1_2, of2019)).isTrue();
            assertThat(mid2021.listsBatchRegular(r18, Semester.S1_2, of2020)).isFalse();
            // by May 2022 the 2019 batch has had 2-1 (July 2021) and 2-2 (November 2021), the 2020 batch 1-1 and 1-2
            assertThat(catalog.listsBatchRegular(r18, Semester.S2_2, of2019)).isTrue();
            assertThat(catalog.listsBatchRegular(r18, Semester.S1_2, of2020)).isTrue();
            assertThat(catalog.listsBatchRegular(r18, Semester.S2_2, of2020)).isFalse();
        }

        @Test
        void every_row_is_a_release_and_135_are_rc_rv_as_the_readme_link_counts_say() {
            List<ExamRelease> listed = catalog.all().stream()
                    .filter(r -> r.source() == ReleaseSource.RELEASE_LIST)
                    .toList();

            assertThat(listed).hasSize(351);
            // README: etype=rcrv 90, r17 gradercrv/rcrvintgrade 35, r16 gradercrv/grade16 7, r16 gradercrv/rcrvintgrade
            // 3.
            assertThat(listed).filteredOn(ExamRelease::rcrv).hasSize(135);
            assertThat(listed.stream().filter(ExamCatalogTest::isR18Btech).filter(r -> !r.rcrv()))
                    .hasSize(25);
            assertThat(listed.stream().filter(ExamCatalogTest::isR18Btech).filter(ExamRelease::rcrv))
                    .hasSize(18);
        }

        @Test
        void fourth_year_first_semester_regular_is_1545_from_the_list() {
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S4_1)))
                    .containsExactly("1545");

            ExamRelease release = catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S4_1)
                    .get(0);
            assertThat(release.source()).isEqualTo(ReleaseSource.RELEASE_LIST);
            assertThat(release.releasedOn()).contains(LocalDate.of(2022, 5, 5));
            assertThat(release.title()).isEqualTo("B.Tech IV Year I Semester (R18) Regular Examinations Results");
            assertThat(release.params())
                    .containsExactly(
                            Map.entry("degree", "btech"), Map.entry("examCode", "1545"),
                            Map.entry("etype", "r17"), Map.entry("type", "intgrade"));
        }

        @Test
        void fourth_year_first_semester_has_only_1545_because_later_built_in_codes_are_above_the_lists_newest() {
            // The list's newest code is 1549: 1585 … 1861 had not been released when it was written.
            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S4_1)))
                    .containsExactly("1545");
            assertThat(catalog.all())
                    .filteredOn(r -> r.source() == ReleaseSource.BUILT_IN_TABLE)
                    .allSatisfy(r -> assertThat(Integer.parseInt(r.code())).isLessThanOrEqualTo(1549));
        }

        @Test
        void first_year_second_semester_regulars_are_the_five_listed_regular_exams_in_date_order() {
            // 14-JUL-2019, 20-JUL-2019, 21-JAN-2021, 06-MAR-2021 (COVID), 16-DEC-2021
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2)))
                    .containsExactly("1356", "1363", "1435", "1448", "1503");
            assertThat(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2))
                    .allSatisfy(r -> assertThat(r.source()).isEqualTo(ReleaseSource.RELEASE_LIST));
        }

        @Test
        void first_year_second_semester_lists_its_regular_and_supplementary_releases_in_date_order() {
            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2)))
                    .containsExactly("1356", "1363", "1381", "1435", "1448", "1481", "1503");
        }

        @Test
        void first_semester_regulars_are_the_three_listed_ones_and_not_the_later_1572_of_the_table() {
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1404", "1467");
        }

        @Test
        void semester_sizes_are_the_table_codes_up_to_the_lists_newest_code_every_one_of_them_listed() {
            assertThat(Arrays.stream(Semester.values())
                            .map(s -> catalog.releases(new Course(Degree.BTECH, Regulation.R18), s)
                                    .size()))
                    .containsExactly(6, 7, 4, 4, 2, 1, 1, 0);
            assertThat(Arrays.stream(Semester.values())
                            .flatMap(s -> catalog.releases(new Course(Degree.BTECH, Regulation.R18), s).stream()))
                    .allSatisfy(
                            r -> assertThat(catalog.isUnlisted(r)).as(r.code()).isFalse());
            assertThat(Arrays.stream(Semester.values())
                            .map(s -> catalog.releases(new Course(Degree.BTECH, Regulation.R22), s)
                                    .size()))
                    .containsOnly(0);
        }

        @Test
        void the_list_agrees_with_the_built_in_table_on_every_r18_exam_it_shows() {
            ExamCatalog builtIn = ExamCatalog.builtIn();
            List<ExamRelease> listedR18 = catalog.all().stream()
                    .filter(r -> r.source() == ReleaseSource.RELEASE_LIST && isR18Btech(r) && !r.rcrv())
                    .toList();

            assertThat(listedR18).hasSize(25).allSatisfy(listed -> {
                ExamRelease known = only(builtIn.all(), listed.code());
                assertThat(listed.term()).as(listed.code()).isEqualTo(known.term());
                assertThat(listed.kind()).as(listed.code()).isEqualTo(known.kind());
            });
        }

        @Test
        void a_code_with_an_rc_rv_row_has_rc_rv_with_that_rows_own_parameters() {
            assertThat(catalog.hasRcrv(Degree.BTECH, "1503")).isTrue();

            ExamRelease rcrv = catalog.rcrvRelease(Degree.BTECH, "1503").orElseThrow();
            assertThat(rcrv.title()).isEqualTo("RC/RV B.Tech I Year II Semester (R18) Regular Examinations Results");
            assertThat(rcrv.releasedOn()).contains(LocalDate.of(2022, 2, 7));
            assertThat(rcrv.params())
                    .containsExactly(
                            Map.entry("degree", "btech"),
                            Map.entry("examCode", "1503"),
                            Map.entry("etype", "r17"),
                            Map.entry("result", "gradercrv"),
                            Map.entry("type", "rcrvintgrade"));
        }

        @Test
        void an_old_rc_rv_row_keeps_its_bare_etype_rcrv_link() {
            assertThat(catalog.rcrvRelease(Degree.BTECH, "1356").orElseThrow().params())
                    .containsExactly(
                            Map.entry("degree", "btech"), Map.entry("examCode", "1356"), Map.entry("etype", "rcrv"));
        }

        @Test
        void r18_codes_listed_without_an_rc_rv_row_have_no_rc_rv() {
            for (String code : List.of("1545", "1323", "1358", "1391", "1404", "1448", "1476")) {
                assertThat(catalog.hasRcrv(Degree.BTECH, code)).as(code).isFalse();
                assertThat(catalog.rcrvRelease(Degree.BTECH, code)).as(code).isEmpty();
            }
        }

        @Test
        void a_built_in_code_above_the_lists_newest_code_is_not_asked_nor_its_rc_rv() {
            assertThat(catalog.all()).noneMatch(r -> r.code().equals("1572"));
            assertThat(catalog.hasRcrv(Degree.BTECH, "1572")).isFalse();
            assertThat(catalog.mayHaveUnlistedRcrv(Degree.BTECH, "1572")).isFalse();
            assertThat(catalog.rcrvRelease(Degree.BTECH, "1572")).isEmpty();
        }

        @Test
        void an_outdated_copy_of_the_list_keeps_every_built_in_code_with_its_rc_rv() {
            ExamCatalog outdated = ExamCatalog.fromOutdated(ReleaseListFixture.may2022());

            assertThat(Arrays.stream(Semester.values())
                            .map(s -> outdated.releases(new Course(Degree.BTECH, Regulation.R18), s)
                                    .size()))
                    .containsExactly(14, 16, 14, 14, 11, 11, 10, 9);
            ExamRelease later =
                    only(outdated.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1), "1572");
            assertThat(later.source()).isEqualTo(ReleaseSource.BUILT_IN_TABLE);
            assertThat(outdated.isUnlisted(later)).isFalse();
            assertThat(outdated.hasRcrv(Degree.BTECH, "1572")).isTrue();
            assertThat(outdated.rcrvRelease(Degree.BTECH, "1572").orElseThrow().source())
                    .isEqualTo(ReleaseSource.BUILT_IN_TABLE);
            assertThat(outdated.hasRcrv(Degree.BTECH, "1545")).isFalse(); // listed without an RC/RV row
        }

        @Test
        void the_same_code_is_both_the_exam_and_its_rc_rv_release() {
            List<ExamRelease> both =
                    catalog.all().stream().filter(r -> r.code().equals("1503")).toList();

            assertThat(both).extracting(ExamRelease::rcrv).containsExactlyInAnyOrder(true, false);
            assertThat(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2))
                    .filteredOn(r -> r.code().equals("1503"))
                    .singleElement()
                    .extracting(ExamRelease::rcrv)
                    .isEqualTo(false);
        }

        @Test
        void rc_rv_rows_titled_like_the_exam_are_told_apart_by_their_links() {
            // 1487: "B.Tech IV Year I Semester (R16) Supplementary ..." twice; 17-JAN-2022 links gradercrv.
            List<ExamRelease> both =
                    catalog.all().stream().filter(r -> r.code().equals("1487")).toList();

            assertThat(both).hasSize(2);
            assertThat(catalog.rcrvRelease(Degree.BTECH, "1487").orElseThrow().releasedOn())
                    .contains(LocalDate.of(2022, 1, 17));
            assertThat(both)
                    .filteredOn(r -> !r.rcrv())
                    .singleElement()
                    .extracting(ExamRelease::releasedOn)
                    .isEqualTo(Optional.of(LocalDate.of(2021, 10, 9)));
        }

        @Test
        void rc_rv_rows_whose_exam_is_no_longer_listed_imply_the_exam() {
            List<ExamRelease> implied = catalog.all().stream()
                    .filter(r -> r.source() == ReleaseSource.RCRV_ROW)
                    .toList();

            // 1483–1486: "RC/RV B.Tech IV Year II Semester (R16|R15|R13|R09) Adv. Supplementary".
            assertThat(codes(implied)).containsExactly("1483", "1484", "1485", "1486");
            ExamRelease r16 = implied.get(0);
            assertThat(r16.regulation()).isEqualTo("R16");
            assertThat(r16.term()).isEqualTo(Semester.S4_2);
            assertThat(r16.kind()).isEqualTo(ReleaseKind.ADVANCED_SUPPLEMENTARY);
            assertThat(r16.rcrv()).isFalse();
            assertThat(r16.params()).containsExactly(Map.entry("degree", "btech"), Map.entry("examCode", "1483"));
            assertThat(catalog.hasRcrv(Degree.BTECH, "1483")).isTrue();
        }

        @Test
        void rc_rv_releases_never_appear_in_the_semester_lists() {
            for (Semester semester : Semester.values()) {
                assertThat(catalog.releases(new Course(Degree.BTECH, Regulation.R18), semester))
                        .as(semester.key())
                        .allSatisfy(r -> {
                            assertThat(r.rcrv()).isFalse();
                            assertThat(isR18Btech(r)).isTrue();
                            assertThat(r.semester()).contains(semester);
                        });
            }
        }

        @Test
        void the_semester_lists_are_unmodifiable() {
            List<ExamRelease> releases = catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1);

            assertThat(releases).isUnmodifiable();
            assertThat(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1))
                    .isUnmodifiable();
            assertThat(catalog.all()).isUnmodifiable();
        }
    }

    @Nested
    class Merge {
        private static final String BTECH_1_1_REGULAR = "B.Tech I Year I Semester (R18) Regular Examinations Results";

        @Test
        void a_list_with_one_r18_code_gives_that_release_from_the_list_and_the_older_ones_from_the_table() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1467&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "06-SEP-2021")));

            List<ExamRelease> firstSemester = catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1);
            assertThat(codes(firstSemester)).containsExactly("1323", "1358", "1404", "1430", "1467");
            ExamRelease listed = only(firstSemester, "1467");
            assertThat(listed.source()).isEqualTo(ReleaseSource.RELEASE_LIST);
            assertThat(listed.title()).isEqualTo(BTECH_1_1_REGULAR);
            assertThat(listed.releasedOn()).contains(LocalDate.of(2021, 9, 6));
            assertThat(only(firstSemester, "1323").source()).isEqualTo(ReleaseSource.BUILT_IN_TABLE);
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1404", "1467");
            // The table's codes up to 1467: 1-1 five, 1-2 five, 2-1 three, 2-2 two, 3-1 one; none of R22.
            assertThat(catalog.all()).hasSize(16);
        }

        @Test
        void listed_minor_degree_releases_are_the_course_s_special_releases_in_date_order_never_its_semesters() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row(
                            "degree=btech&examCode=1845&etype=r17&type=intgrade",
                            "B.Tech III Year I Semester (R22) Minor Degree Program Regular Examinations Results",
                            "03-MAR-2025"),
                    row(
                            "degree=btech&examCode=1841&etype=r17&type=intgrade",
                            "B.Tech III Year I Semester (R22) Regular Examinations Results",
                            "03-MAR-2025"),
                    row(
                            "degree=btech&examCode=1827&etype=r17&result=gradercrv&type=rcrvintgrade",
                            "RC/RV B.Tech III Year II Semester (R18) Minor degree Regular Examinations Results",
                            "30-NOV-2024"),
                    row(
                            "degree=btech&examCode=1827&etype=r17&type=intgrade",
                            "III B.Tech Year II Semester (R18) (Minor degree) Regular Examinations AUGUST-2024 Results",
                            "06-OCT-2024"),
                    row(
                            "degree=btech&examCode=1799&etype=r17&type=intgrade",
                            "IV B.Tech Year I Semester (R18) (Minor degree) Supplementary Examinations March-2024 Results",
                            "21-JUL-2024")));
            Course r18 = new Course(Degree.BTECH, Regulation.R18);
            Course r22 = new Course(Degree.BTECH, Regulation.R22);

            assertThat(codes(catalog.releases(r22, Semester.S3_1))).containsExactly("1841");
            assertThat(codes(catalog.regularReleases(r22, Semester.S3_1))).containsExactly("1841");
            assertThat(codes(catalog.specialReleases(r22, SpecialProgramme.MINOR_DEGREE)))
                    .containsExactly("1845");
            // 1799 is on the list only: the README's table does not have it. Listed ones by date, the table's M codes
            // up to the newest listed code placed by code among them.
            assertThat(codes(catalog.specialReleases(r18, SpecialProgramme.MINOR_DEGREE)))
                    .containsExactly(
                            "1638", "1639", "1653", "1654", "1655", "1677", "1695", "1696", "1697", "1698", "1762",
                            "1788", "1789", "1794", "1799", "1812", "1827", "1832");
            assertThat(catalog.releases(r18, Semester.S3_2))
                    .extracting(ExamRelease::code)
                    .doesNotContain("1827");
            assertThat(catalog.hasRcrv(Degree.BTECH, "1827")).isTrue();
        }

        @Test
        void a_built_in_code_above_the_newest_code_of_the_list_is_left_out_with_its_rc_rv() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1467&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "06-SEP-2021")));

            assertThat(catalog.all()).noneMatch(r -> Integer.parseInt(r.code()) > 1467);
            for (String code : List.of("1504", "1572", "1852", "1662", "1855")) {
                assertThat(catalog.hasRcrv(Degree.BTECH, code)).as(code).isFalse();
                assertThat(catalog.mayHaveUnlistedRcrv(Degree.BTECH, code))
                        .as(code)
                        .isFalse();
                assertThat(catalog.rcrvRelease(Degree.BTECH, code)).as(code).isEmpty();
            }
        }

        @Test
        void a_built_in_code_the_list_does_not_show_below_its_newest_code_is_unlisted_with_rc_rv_only_on_a_result() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1467&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "06-SEP-2021")));

            ExamRelease unlisted =
                    only(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1), "1404");
            assertThat(catalog.isUnlisted(unlisted)).isTrue();
            assertThat(catalog.isUnlisted(only(catalog.all(), "1467"))).isFalse();
            assertThat(catalog.hasRcrv(Degree.BTECH, "1404")).isFalse();
            assertThat(catalog.mayHaveUnlistedRcrv(Degree.BTECH, "1404")).isTrue();
            assertThat(catalog.rcrvRelease(Degree.BTECH, "1404").orElseThrow().params())
                    .containsExactly(
                            Map.entry("degree", "btech"),
                            Map.entry("examCode", "1404"),
                            Map.entry("etype", "r17"),
                            Map.entry("result", "gradercrv"),
                            Map.entry("type", "rcrvintgrade"));
            assertThat(catalog.hasRcrv(Degree.BTECH, "1467")).isFalse();
            assertThat(catalog.mayHaveUnlistedRcrv(Degree.BTECH, "1467")).isFalse();
        }

        @Test
        void a_built_in_code_above_the_newest_exam_code_is_released_when_its_rc_rv_row_is_listed() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row(
                            "degree=btech&examCode=1504&etype=r17&result=gradercrv&type=rcrvintgrade",
                            "RC/RV B.Tech I Year I Semester (R18) Supplementary Examinations Results",
                            "10-FEB-2022"),
                    row("degree=btech&examCode=1467&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "06-SEP-2021")));

            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .contains("1504")
                    .doesNotContain("1572");
            assertThat(catalog.hasRcrv(Degree.BTECH, "1504")).isTrue();
        }

        @Test
        void the_newest_code_comes_from_exam_rows_of_a_regulation_not_ccc_rows_or_an_early_rc_rv_row() {
            // The real list's B.Tech.(CCC) rows are numbered 99150 and up, and dates 1762's RC/RV row a year before
            // its exam: neither says which built-in codes are out.
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row(
                            "degree=btech&examCode=99150",
                            "B.Tech.(CCC) Supplementary Examinations Results",
                            "10-NOV-2023"),
                    row(
                            "degree=btech&examCode=1762&etype=r17&result=gradercrv&type=rcrvintgrade",
                            "RC/RV B.Tech IV Year I Semester (R18) Minor degree Regular Examinations Results",
                            "04-MAR-2023"),
                    row("degree=btech&examCode=1467&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "06-SEP-2021")));

            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1358", "1404", "1430", "1467");
            assertThat(catalog.all()).noneMatch(r -> r.code().equals("1504"));
        }

        @Test
        void the_newest_code_is_the_newest_b_tech_code_because_each_programme_numbers_its_own() {
            // An MBA code above every built-in B.Tech code says nothing of which B.Tech exams were released.
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1467&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "06-SEP-2021"),
                    row(
                            "degree=mba&examCode=1575",
                            "MBA I Semester (R19) Regular Examinations Results",
                            "20-JUL-2022")));

            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1358", "1404", "1430", "1467");
            assertThat(catalog.isUnlisted(only(catalog.all(), "1430"))).isTrue();
            assertThat(catalog.all()).noneMatch(r -> r.code().equals("1504"));
        }

        @Test
        void the_list_wins_over_the_table_for_a_code_it_shows() {
            // 1615 has no letter in the table; the list says what it was.
            ExamCatalog catalog = ExamCatalog.from(listOf(row(
                    "degree=btech&examCode=1615&etype=r17&type=intgrade&result=null",
                    BTECH_1_1_REGULAR,
                    "10-JAN-2023")));

            ExamRelease listed =
                    only(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1), "1615");
            assertThat(listed.kind()).isEqualTo(ReleaseKind.REGULAR);
            assertThat(listed.params())
                    .containsExactly(
                            Map.entry("degree", "btech"),
                            Map.entry("examCode", "1615"),
                            Map.entry("etype", "r17"),
                            Map.entry("type", "intgrade"),
                            Map.entry("result", "null"));
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1404", "1467", "1572", "1615");
        }

        @Test
        void a_new_code_from_the_list_joins_its_semester_after_the_older_undated_codes() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1900&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "10-JAN-2026")));

            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly("1323", "1404", "1467", "1572", "1900");
            assertThat(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1))
                    .hasSize(15)
                    .last()
                    .extracting(ExamRelease::code)
                    .isEqualTo("1900");
            assertThat(catalog.hasRcrv(Degree.BTECH, "1900")).isFalse();
        }

        @Test
        void dated_releases_go_by_date_and_undated_ones_follow_the_latest_dated_lower_code() {
            // Dates deliberately out of code order: 1404 is listed as released after 1430. A later B.Tech row makes
            // the list's newest B.Tech code 1900, so that every built-in code is in.
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row(
                            "degree=btech&examCode=1900",
                            "B.Tech II Year I Semester (R22) Regular Examinations Results",
                            "10-JAN-2026"),
                    row("degree=btech&examCode=1404&etype=r17&type=grade17", BTECH_1_1_REGULAR, "01-FEB-2021"),
                    row(
                            "degree=btech&examCode=1430&etype=r17&type=intgrade",
                            "B.Tech I Year I Semester (R18) Supplementary Examinations Results",
                            "11-JAN-2021")));

            // 1323, 1358: undated, no lower dated code → first, by code. 1430 (11-JAN) before
            // 1404 (01-FEB). 1467…: undated, after the latest date of lower codes (01-FEB), by code.
            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .containsExactly(
                            "1323", "1358", "1430", "1404", "1467", "1504", "1572", "1615", "1658", "1700", "1732",
                            "1764", "1804", "1852");
        }

        @Test
        void releases_of_the_same_day_go_by_code() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row(
                            "degree=btech&examCode=1448&etype=r17&type=intgrade",
                            "B.Tech I Year II Semester (R18) Regular during COVID Pandemic Examinations Results",
                            "06-MAR-2021"),
                    row(
                            "degree=btech&examCode=1435&etype=r17&type=intgrade",
                            "B.Tech I Year II Semester (R18) Regular Examinations Results",
                            "06-MAR-2021")));

            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_2))
                            .subList(0, 4))
                    .containsExactly("1356", "1363", "1435", "1448");
        }

        @Test
        void a_row_repeated_on_the_list_counts_once_and_the_top_one_wins() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1900&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "10-JAN-2026"),
                    row(
                            "degree=btech&examCode=1900&etype=r17&type=intgrade",
                            BTECH_1_1_REGULAR + " (corrected)",
                            "11-JAN-2026")));

            assertThat(catalog.all())
                    .filteredOn(r -> r.code().equals("1900"))
                    .singleElement()
                    .extracting(ExamRelease::releasedOn)
                    .isEqualTo(Optional.of(LocalDate.of(2026, 1, 10)));
        }

        @Test
        void an_rc_rv_row_alone_for_a_built_in_code_keeps_the_table_exam_and_the_rows_parameters() {
            ExamCatalog catalog = ExamCatalog.from(listOf(row(
                    "degree=btech&examCode=1572&etype=r17&result=gradercrv&type=rcrvintgrade",
                    "RC/RV " + BTECH_1_1_REGULAR,
                    "20-JUN-2022")));

            ExamRelease exam = only(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1), "1572");
            assertThat(exam.source()).isEqualTo(ReleaseSource.BUILT_IN_TABLE);
            assertThat(catalog.isUnlisted(exam)).isFalse(); // its RC/RV row shows it was released
            assertThat(catalog.hasRcrv(Degree.BTECH, "1572")).isTrue();
            assertThat(catalog.rcrvRelease(Degree.BTECH, "1572").orElseThrow().source())
                    .isEqualTo(ReleaseSource.RELEASE_LIST);
        }

        @Test
        void an_rc_rv_row_alone_for_a_new_code_implies_the_exam_in_its_semester() {
            ExamCatalog catalog = ExamCatalog.from(listOf(row(
                    "degree=btech&examCode=1900&etype=r17&result=gradercrv&type=rcrvintgrade",
                    "RC/RV B.Tech II Year I Semester (R18) Supplementary Examinations Results",
                    "20-FEB-2026")));

            ExamRelease implied =
                    only(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S2_1), "1900");
            assertThat(implied.source()).isEqualTo(ReleaseSource.RCRV_ROW);
            assertThat(implied.kind()).isEqualTo(ReleaseKind.SUPPLEMENTARY);
            assertThat(implied.releasedOn()).isEmpty();
            assertThat(implied.params()).containsExactly(Map.entry("degree", "btech"), Map.entry("examCode", "1900"));
            assertThat(catalog.hasRcrv(Degree.BTECH, "1900")).isTrue();
        }

        @Test
        void the_links_degree_stands_in_when_the_title_names_none() {
            ExamCatalog catalog = ExamCatalog.from(listOf(row(
                    "degree=btech&examCode=1900&etype=r17&type=intgrade",
                    "I Year I Semester (R18) Regular Examinations Results",
                    "10-JAN-2026")));

            assertThat(only(catalog.all(), "1900").degree()).isEqualTo(Degree.BTECH);
            assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .endsWith("1900");
        }

        @Test
        void other_degrees_and_regulations_stay_out_of_the_r18_b_tech_lists() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row(
                            "degree=bpharmacy&examCode=1901",
                            "B.Pharmacy I Year I Semester (R18) Regular Examinations Results",
                            "10-JAN-2026"),
                    row(
                            "degree=btech&examCode=1902",
                            "B.Tech I Year I Semester (R22) Regular Examinations Results",
                            "10-JAN-2026"),
                    row(
                            "degree=mtech&examCode=1903",
                            "M.Tech I Year I Semester (R18) Regular Examinations Results",
                            "10-JAN-2026")));

            assertThat(catalog.all()).hasSize(119 + 15 + 3);
            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .doesNotContain("1901", "1902", "1903");
            assertThat(only(catalog.all(), "1901").degree()).isEqualTo(Degree.BPHARMACY);
            assertThat(only(catalog.all(), "1903").degree()).isEqualTo(Degree.MTECH);
        }

        @Test
        void a_row_without_a_numeric_exam_code_cannot_be_asked_for_and_is_left_out() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&etype=r17", BTECH_1_1_REGULAR, "10-JAN-2026"),
                    row("degree=btech&examCode=&etype=r17", BTECH_1_1_REGULAR, "10-JAN-2026"),
                    row("degree=btech&examCode=19x0", BTECH_1_1_REGULAR, "10-JAN-2026")));

            assertThat(catalog.all()).isEqualTo(ExamCatalog.builtIn().all());
        }

        @Test
        void a_row_whose_date_could_not_be_read_has_an_unknown_date_and_is_placed_by_code() {
            ExamCatalog catalog = ExamCatalog.from(listOf(
                    row("degree=btech&examCode=1900&etype=r17&type=intgrade", BTECH_1_1_REGULAR, "coming soon")));

            ExamRelease listed = only(catalog.all(), "1900");
            assertThat(listed.releaseDate()).isEqualTo(ReleaseDate.UNKNOWN);
            assertThat(listed.source()).isEqualTo(ReleaseSource.RELEASE_LIST);
            assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                    .endsWith("1852", "1900");
        }
    }
}
