package in.results.catalog;

import in.results.core.Regulation;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The known R18 and R22 B.Tech exam codes, the R18 minor-degree releases among them (public record, March 2025): the catalog's fallback when the release
 * list cannot be fetched, and the codes a current list lost (older than its newest code, asked only where the
 * listed releases leave a semester unsettled). R18 codes are known without dates; R22 codes with their kind
 * and release date, because each R22 batch has its own Regular code for the same semester and only the date tells
 * which batch a regular release is for.
 */
final class BuiltInTable {
    /**
     * R18: semester, then codes with R (regular), S (supplementary) or AS (advanced supplementary); a code without a
     * letter is a later supplementary or a later batch's regular. M marks a minor-degree release (titled {@code Minor
     * Degree Program}, {@code (Minor degree)}, {@code (Minior Program)} on the list): the public table this comes from
     * filed it under the semester its title names, but it is not an attempt of the degree's semester.
     */
    private static final String TABLE = """
            1-1 1323R 1358S 1404R 1430S 1467R 1504S 1572R 1615 1658 1700 1732 1764 1804 1852
            1-2 1356R 1363R 1381AS 1435R 1448R 1481S 1503R 1570S 1620 1622 1656 1705 1730 1769 1801 1856
            2-1 1391R 1425S 1449R 1496S 1560R 1610 1628 1667 1671 1707 1728 1772 1819 1834
            2-2 1437R 1447R 1476S 1501R 1565S 1605 1627 1663 1711 1715 1725 1776 1814 1838
            3-1 1454R 1491S 1550R 1590S 1626 1639M 1645 1655M 1686 1697M 1722 1784 1789M 1828 1832M 1842 1846M
            3-2 1502R 1555S 1595R 1625 1638M 1649 1654M 1682 1690 1696M 1719 1780 1788M 1823 1827M 1847 1850M
            4-1 1545R 1585S 1624 1640 1644 1653M 1678 1695M 1717 1758 1762M 1795 1858 1861M
            4-2 1580R 1600S 1623 1672 1673 1677M 1691 1698M 1716 1790 1794M 1808 1812M
            """;

    /**
     * R22: code, semester, R (regular) or S (supplementary), release date. The three 1-1 regulars are batch 2022's
     * (1662), 2023's (1763) and 2024's (1851). All were published with {@code etype=r17&type=intgrade}.
     */
    private static final String R22_TABLE = """
            1662 1-1 R 27-MAY-2023
            1699 1-1 S 19-OCT-2023
            1704 1-2 R 19-OCT-2023
            1763 1-1 R 07-MAR-2024
            1768 1-2 S 12-MAR-2024
            1771 2-1 R 01-APR-2024
            1800 1-2 R 21-AUG-2024
            1803 1-1 S 21-AUG-2024
            1813 2-2 R 22-SEP-2024
            1818 2-1 S 22-SEP-2024
            1833 2-1 R 08-FEB-2025
            1837 2-2 S 08-FEB-2025
            1841 3-1 R 03-MAR-2025
            1851 1-1 R 17-MAR-2025
            1855 1-2 S 17-MAR-2025
            """;

    private static final DateTimeFormatter DATE = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("dd-MMM-uuuu")
            .toFormatter(Locale.ENGLISH);

    private static final Pattern ENTRY = Pattern.compile("(\\d+)(R|S|AS|M)?");

    /** The codes published with the older result types, before intgrade became the rule. */
    private static final Set<String> GRADE16 = Set.of("1323", "1356", "1358", "1381");

    private static final Set<String> GRADE17 = Set.of("1363", "1391", "1404");

    private static final List<ExamRelease> RELEASES = parse();

    private BuiltInTable() {}

    /** Every built-in exam release: R18 semester by semester, then R22, in table order. */
    static List<ExamRelease> releases() {
        return RELEASES;
    }

    /** The parameters the code was published with: {@code degree}, {@code examCode}, {@code etype}, {@code type}. */
    static Map<String, String> paramsOf(String code) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", Degree.BTECH.key());
        params.put("examCode", code);
        if (GRADE16.contains(code)) {
            params.put("etype", "r16");
            params.put("type", "grade16");
        } else if (GRADE17.contains(code)) {
            params.put("etype", "r17");
            params.put("type", "grade17");
        } else {
            params.put("etype", "r17");
            params.put("type", "intgrade");
        }
        return params;
    }

    private static List<ExamRelease> parse() {
        List<ExamRelease> releases = new ArrayList<>();
        for (String line : TABLE.strip().split("\n")) {
            String[] fields = line.strip().split("\\s+");
            Semester semester = Semester.parse(fields[0]).orElseThrow();
            for (int i = 1; i < fields.length; i++) {
                Matcher m = ENTRY.matcher(fields[i]);
                if (!m.matches()) {
                    throw new IllegalStateException("bad built-in entry " + fields[i]);
                }
                String code = m.group(1);
                releases.add(new ExamRelease(
                        code,
                        Degree.BTECH,
                        Regulation.R18.code(),
                        semester,
                        kindOf(m.group(2)),
                        "M".equals(m.group(2)) ? SpecialProgramme.MINOR_DEGREE : SpecialProgramme.NONE,
                        false,
                        ReleaseDate.UNKNOWN,
                        paramsOf(code),
                        "",
                        ReleaseSource.BUILT_IN_TABLE));
            }
        }
        for (String line : R22_TABLE.strip().split("\n")) {
            String[] fields = line.strip().split("\\s+");
            String code = fields[0];
            ReleaseDate released = new ReleaseDate.Known(LocalDate.parse(fields[3], DATE));
            releases.add(new ExamRelease(
                    code,
                    Degree.BTECH,
                    Regulation.R22.code(),
                    Semester.parse(fields[1]).orElseThrow(),
                    kindOf(fields[2]),
                    false,
                    released,
                    paramsOf(code),
                    "",
                    ReleaseSource.BUILT_IN_TABLE));
        }
        return List.copyOf(releases);
    }

    private static ReleaseKind kindOf(String letter) {
        if (letter == null) {
            return ReleaseKind.UNKNOWN;
        }
        return switch (letter) {
            case "M" -> ReleaseKind.UNKNOWN; // the table does not say which sitting of the minor programme it was
            case "R" -> ReleaseKind.REGULAR;
            case "S" -> ReleaseKind.SUPPLEMENTARY;
            case "AS" -> ReleaseKind.ADVANCED_SUPPLEMENTARY;
            default -> throw new IllegalStateException("bad built-in letter " + letter);
        };
    }
}
