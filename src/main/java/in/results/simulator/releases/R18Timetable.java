package in.results.simulator.releases;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The real R18 B.Tech exam codes (public record, fixtures README) and which regular release each
 * simulated batch sits for each semester. Every batch's regular release of year {@code y} is dated
 * on or after 1 January of admission year + y, so no student is ever shown a result from before
 * they could have sat the exam.
 */
public final class R18Timetable {

    /** The semesters in order as {@link Exam#semester()} writes them: semester number n (1 = 1-1) is index n - 1. */
    public static final List<String> SEMESTERS = List.of("1-1", "1-2", "2-1", "2-2", "3-1", "3-2", "4-1", "4-2");
    /** The regulation of this table's releases and batches, as titles write it. */
    public static final String REGULATION = "R18";

    /** The admission years of the batches this table times, in order. */
    public static final List<Integer> BATCHES = List.of(2018, 2019, 2020, 2021);

    /** One code of the README table; {@code letter} is R, S, AS or "" as the table marks it. */
    record Entry(String code, String semester, String letter) {}

    private static final Map<String, String> TABLE = new LinkedHashMap<>();

    static {
        TABLE.put("1-1", "1323R 1358S 1404R 1430S 1467R 1504S 1572R 1615 1658 1700 1732 1764 1804 1852");
        TABLE.put("1-2", "1356R 1363R 1381AS 1435R 1448R 1481S 1503R 1570S 1620 1622 1656 1705 1730 1769 1801 1856");
        TABLE.put("2-1", "1391R 1425S 1449R 1496S 1560R 1610 1628 1667 1671 1707 1728 1772 1819 1834");
        TABLE.put("2-2", "1437R 1447R 1476S 1501R 1565S 1605 1627 1663 1711 1715 1725 1776 1814 1838");
        TABLE.put("3-1", "1454R 1491S 1550R 1590S 1626 1639 1645 1655 1686 1697 1722 1784 1789 1828 1832 1842 1846");
        TABLE.put("3-2", "1502R 1555S 1595R 1625 1638 1649 1654 1682 1690 1696 1719 1780 1788 1823 1827 1847 1850");
        TABLE.put("4-1", "1545R 1585S 1624 1640 1644 1653 1678 1695 1717 1758 1762 1795 1858 1861");
        TABLE.put("4-2", "1580R 1600S 1623 1672 1673 1677 1691 1698 1716 1790 1794 1808 1812");
    }

    /** Regular release per batch, semester by semester; "" where the batch has not reached it yet. */
    private static final Map<Integer, List<String>> REGULAR = Map.of(
            2018, List.of("1323", "1356", "1391", "1437", "1454", "1502", "1545", "1580"),
            2019, List.of("1404", "1435", "1449", "1501", "1550", "1595", "1624", "1672"),
            2020, List.of("1467", "1503", "1560", "1605", "1639", "1682", "1717", "1790"),
            2021, List.of("1572", "1620", "1667", "1715", "1722", "1780", "1858", ""));

    private R18Timetable() {}

    static List<Entry> entries() {
        List<Entry> entries = new ArrayList<>();
        TABLE.forEach((semester, codes) -> {
            for (String token : codes.split(" ")) {
                String code = token.replaceAll("\\D", "");
                entries.add(new Entry(code, semester, token.substring(code.length())));
            }
        });
        return entries;
    }

    /** The regular release batch {@code batch} sits for semester number {@code semester} (1 = 1-1 … 8 = 4-2). */
    public static Optional<String> regularCode(int batch, int semester) {
        List<String> codes = REGULAR.get(batch);
        if (codes == null || codes.get(semester - 1).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(codes.get(semester - 1));
    }

    static boolean isSomeBatchRegular(String code) {
        return REGULAR.values().stream().anyMatch(codes -> codes.contains(code));
    }

    /** "2-1" to 3. */
    public static int semesterNumber(String semester) {
        return SEMESTERS.indexOf(semester) + 1;
    }
}
