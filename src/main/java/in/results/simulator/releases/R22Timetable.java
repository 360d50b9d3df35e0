package in.results.simulator.releases;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The R22 B.Tech releases, and the first R25 one (batch 2025's I Year I Semester): the real ones of the public record (code, semester, kind, release date; fixtures
 * README) up to March 2025, then simulated ones continuing the same rhythm (odd semesters' results in
 * February–March, even semesters' in August–September, one supplementary sitting a year per semester) until the
 * 2025 batch has its first result in March 2026. Every batch has its own Regular code for a semester; a batch's
 * regular release of year {@code y} is dated on or after 1 January of admission year + y.
 */
public final class R22Timetable {

    /** The regulation of this table's releases and batches up to {@link #R25_FROM_BATCH}, as titles write it. */
    public static final String REGULATION = "R22";
    /** Batches admitted from 2025 on study under R25; their releases are titled {@code (R25)}. */
    public static final String R25 = "R25";

    /** The first batch admitted under {@link #R25}. */
    public static final int R25_FROM_BATCH = 2025;
    /** The regulations of this table's releases. */
    static final List<String> REGULATIONS = List.of(REGULATION, R25);

    /** The admission years of the batches this table times, in order. */
    public static final List<Integer> BATCHES = List.of(2022, 2023, 2024, 2025);

    /**
     * One R22 release. {@code batch} is the batch whose regular exam it is (0 for supplementaries); lateral
     * entrants of the batch admitted a year earlier sit the second-year regulars with that batch.
     */
    record Entry(String code, String semester, ExamKind kind, LocalDate releaseDate, int batch) {

        /** R25 for a regular of a batch admitted from 2025 on, else R22 (the table has no R25 supplementary yet). */
        String regulation() {
            return batch >= R25_FROM_BATCH ? R25 : REGULATION;
        }
    }

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.ENGLISH);

    /** Code, semester, R or S, release date, batch of a regular. Up to 1855 the public record; later simulated. */
    private static final String TABLE = """
            1662 1-1 R 27-May-2023 2022
            1699 1-1 S 19-Oct-2023
            1704 1-2 R 19-Oct-2023 2022
            1763 1-1 R 07-Mar-2024 2023
            1768 1-2 S 12-Mar-2024
            1771 2-1 R 01-Apr-2024 2022
            1800 1-2 R 21-Aug-2024 2023
            1803 1-1 S 21-Aug-2024
            1813 2-2 R 22-Sep-2024 2022
            1818 2-1 S 22-Sep-2024
            1833 2-1 R 08-Feb-2025 2023
            1837 2-2 S 08-Feb-2025
            1841 3-1 R 03-Mar-2025 2022
            1851 1-1 R 17-Mar-2025 2024
            1855 1-2 S 17-Mar-2025
            1870 2-2 R 12-Aug-2025 2023
            1871 3-1 S 12-Aug-2025
            1874 3-2 R 28-Aug-2025 2022
            1876 1-2 R 04-Sep-2025 2024
            1877 1-1 S 04-Sep-2025
            1879 2-1 S 20-Sep-2025
            1886 3-1 R 05-Feb-2026 2023
            1887 2-1 R 09-Feb-2026 2024
            1888 2-2 S 14-Feb-2026
            1889 3-2 S 14-Feb-2026
            1890 4-1 R 20-Feb-2026 2022
            1893 1-2 S 10-Mar-2026
            1895 1-1 R 21-Mar-2026 2025
            """;

    /** The newest code of the public record; later entries are the simulator's own. */
    static final int LAST_PUBLISHED_CODE = 1855;

    private static final List<Entry> ENTRIES = parse();
    private static final Map<Integer, Map<Integer, String>> REGULAR = regularsByBatch();

    private R22Timetable() {}

    /** Every R22 release, in table order (by code). */
    static List<Entry> entries() {
        return ENTRIES;
    }

    /** The regular release batch {@code batch} sits for semester number {@code semester} (1 = 1-1 … 8 = 4-2). */
    public static Optional<String> regularCode(int batch, int semester) {
        return Optional.ofNullable(REGULAR.getOrDefault(batch, Map.of()).get(semester));
    }

    /**
     * The exam session a title may end with since 2025 ({@code June-2025}): the month the exam was written, two
     * months before the results, as the result pages' headings count it.
     */
    static String sessionOf(LocalDate releaseDate) {
        LocalDate sitting = releaseDate.minusMonths(2);
        return ExamTitles.monthName(sitting) + "-" + sitting.getYear();
    }

    private static List<Entry> parse() {
        List<Entry> entries = new ArrayList<>();
        for (String line : TABLE.strip().split("\n")) {
            String[] fields = line.strip().split("\\s+");
            ExamKind kind = fields[2].equals("R") ? ExamKind.REGULAR : ExamKind.SUPPLEMENTARY;
            int batch = kind == ExamKind.REGULAR ? Integer.parseInt(fields[4]) : 0;
            entries.add(new Entry(fields[0], fields[1], kind, LocalDate.parse(fields[3], DATE), batch));
        }
        return List.copyOf(entries);
    }

    private static Map<Integer, Map<Integer, String>> regularsByBatch() {
        Map<Integer, Map<Integer, String>> regulars = new HashMap<>();
        for (Entry entry : ENTRIES) {
            if (entry.kind() == ExamKind.REGULAR) {
                regulars.computeIfAbsent(entry.batch(), batch -> new HashMap<>())
                        .put(R18Timetable.semesterNumber(entry.semester()), entry.code());
            }
        }
        return regulars;
    }
}
