package in.results.simulator.releases;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The university's real release list as it stood on 27 March 2025 (a public snapshot shipped as a resource: every
 * programme, 2,781 rows back to 2018), read into releases with each row's title, link and listed date exactly as
 * listed, plus the rows of B.Tech 1800–1807 the snapshot lost (their listed date had a typo year): each is restored
 * from its RC/RV row's title and link, released on 21 August 2024 as the public R22 record dates 1800 and 1803.
 *
 * <p>A row's programme is its link's {@code degree}, or B.Pharmacy where that is empty (as on 765 rows); whether it
 * is an RC/RV release is read from its link ({@code etype=rcrv}, {@code result=gradercrv} or
 * {@code type=rcrvintgrade}), as the site itself tells the pages apart.
 */
final class RealList {

    /** The day of the snapshot: releases after it are the simulator's own. */
    static final LocalDate SNAPSHOT_DAY = LocalDate.of(2025, 3, 27);

    private static final String RESOURCE = "/simulator/release-list-2025-03.tsv";
    private static final int FIRST_LOST = 1800;
    private static final int LAST_LOST = 1807;
    private static final LocalDate LOST_ROWS_DAY = LocalDate.of(2024, 8, 21);
    private static final String LOST_ROWS_LISTED = "21-AUG-2024";

    private RealList() {}

    /**
     * Every row of the snapshot, in its order (newest first), then the restored rows. An exam whose RC/RV row names
     * another semester (23 pairs: B.Tech 1690's row says III Year I Semester, its RC/RV row and the public record III
     * Year II) is taken to be of the RC/RV row's semester: its pages' headings say so, while its list row keeps its
     * title — the trap the service must handle.
     */
    static List<Exam> releases() {
        List<Exam> releases = new ArrayList<>();
        for (String[] row : rows()) {
            releases.add(release(row[3], LocalDate.parse(row[0]), row[1], row[2]));
        }
        for (int code = FIRST_LOST; code <= LAST_LOST; code++) {
            releases.add(restored(Integer.toString(code), releases));
        }
        Map<String, String> rcrvSemesters = new HashMap<>();
        releases.stream()
                .filter(exam -> exam.rcrv() && !exam.semester().isEmpty())
                .forEach(rcrv -> rcrvSemesters.putIfAbsent(rcrv.degree() + " " + rcrv.code(), rcrv.semester()));
        releases.replaceAll(exam -> {
            String named = rcrvSemesters.getOrDefault(exam.degree() + " " + exam.code(), exam.semester());
            return exam.rcrv() || exam.semester().isEmpty() || named.equals(exam.semester())
                    ? exam
                    : exam.ofSemester(named);
        });
        return List.copyOf(releases);
    }

    /** A release of the list: its programme, code, RC/RV flag and reading of the title come from the row. */
    static Exam release(String title, LocalDate released, String dateAsListed, String query) {
        Map<String, String> params = Exam.paramsOf(query);
        String linkDegree = params.get("degree");
        Programme programme =
                linkDegree == null || linkDegree.isEmpty() ? Programme.BPHARMACY : Programme.ofDegree(linkDegree);
        ListedTitle reading = ListedTitle.read(programme, title);
        boolean rcrv = "rcrv".equals(params.get("etype"))
                || "gradercrv".equals(params.get("result"))
                || "rcrvintgrade".equals(params.get("type"));
        MarksLayout layout = "grade16".equals(params.get("type")) ? MarksLayout.FOUR_COLUMN : MarksLayout.SEVEN_COLUMN;
        return new Exam(
                params.get("examCode"),
                title,
                released,
                params,
                programme.degree(),
                reading.regulation(),
                reading.semester(),
                reading.kind(),
                rcrv,
                layout,
                query,
                dateAsListed);
    }

    /** The lost B.Tech row of {@code code}: its RC/RV row's title without the prefix, its link without RC/RV. */
    private static Exam restored(String code, List<Exam> listed) {
        Exam rcrv = listed.stream()
                .filter(exam -> exam.rcrv()
                        && exam.degree().equals("btech")
                        && exam.code().equals(code))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no RC/RV row to restore B.Tech " + code + " from"));
        String title = rcrv.title().strip().replaceFirst("^RC/?RV ", "");
        String query = "r17".equals(rcrv.linkParams().get("etype"))
                ? "degree=btech&examCode=" + code + "&etype=r17&type=intgrade"
                : "degree=btech&examCode=" + code;
        return release(title, LOST_ROWS_DAY, LOST_ROWS_LISTED, query);
    }

    /** The snapshot's rows after the header: release date (ISO), date as listed, query, title as listed. */
    private static List<String[]> rows() {
        InputStream in = RealList.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("the real release list is missing from the jar: " + RESOURCE);
        }
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.readLine();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isEmpty()) {
                    rows.add(line.split("\t", -1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return rows;
    }
}
