package in.results.simulator.pages;

import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamTitles;
import in.results.simulator.releases.MarksLayout;
import java.time.LocalDate;
import java.util.List;

/**
 * Writes {@code /resultAction} answers the way the university's JSP does, quirks included: lines
 * end in CR CR LF (as in the captured pages), long runs of blank and tab-only lines, an {@code <h6>}
 * heading split over lines, a marks table whose header {@code <tr>} is never closed (seven-column
 * layout) and cells wrapped in {@code <td><b>…</b></td>}, subject names printed raw (an
 * {@code &} is not escaped). RC/RV pages add a last {@code REMARKS} column.
 */
public final class ResultPageWriter {

    static final String EOL = "\r\r\n";

    private static final String HEAD = """
            <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"
                   "http://www.w3.org/TR/html4/loose.dtd">
            <html>
            <head>
            <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">

            <style>
            td {
            \tfont-family: Arial;
            \tfont-size: 8pt;
            }

            table {
            \tborder-collapse: expression("separate", cellSpacing = "3px");
            }

            table, td, th {
            \tborder: 1px solid black;
            }

            p {
            \tfont-size: 90%;
            \tcolor: GREEN;
            \tfont-stretch: wider;
            }

            p1 {
            \tfont-size: 70%;
            \tcolor: red;
            \tfont-weight: bold;
            \tfont-stretch: wider;
            }

            h6 {
            \tdisplay: block;
            \tfont-size: 1.17em;
            \tmargin-top: 1em;
            \tmargin-bottom: 1em;
            \tmargin-left: 0;
            \tmargin-right: 0;
            \tfont-weight: bold;
            \tcolor: GREEN;
            }

            table {
            \tborder-collapse: collapse;
            }

            table td {
            \tpadding: 7px;
            \tborder: #d6eaf8 1px solid;
            }
            /* provide some minimal visual accomodation for IE8 and below */
            tr {
            \tbackground: #aed6f1;
            }
            /*  Define the background color for all the ODD background rows  */
            tr:nth-child(odd) {
            \tbackground: #aed6f1;
            }
            /*  Define the background color for all the EVEN background rows  */
            tr:nth-child(even) {
            \tbackground: #d6eaf8;
            }
            </style>

            <title>Results</title>
            <script type="text/javascript"
            \tsrc="/js/fkeys.js">
            \t
            </script>


            </head>


            <body oncontextmenu="return false">
            \t<form method="post" action="SearchResult.jsp">
            """;

    private static final String LEGEND = """
            \t\t\t\t<table width="45%" align="center">
            \t\t\t\t\t<tr>
            \t\t\t\t\t\t<td style="max-width: 70px;"><b>% of Marks Secured in a
            \t\t\t\t\t\t\t\tSubject / Course (Class Intervals)</b></td>
            \t\t\t\t\t\t<td style="max-width: 50px;"><b>Letter Grade (UGC Guide
            \t\t\t\t\t\t\t\tLines)</b></td>
            \t\t\t\t\t\t<td style="max-width: 25px;"><b>Grade Points(G)</b></td>
            \t\t\t\t\t</tr>

            """;

    private static final String TAIL = """
            \t\t\t\t</table>
            \t\t\t
            \t\t\t<p></p>
            \t\t\t<div align="center">
            \t\t\t\t<input type="button" onClick="window.print()" value="Print" />
            \t\t\t\t<p></p>
            \t\t\t\t<p1>
            \t\t\t\t</br>
            \t\t\t\t<p1>
            \t\t\t\t<b>**Note: As per prevailing practice since 2012, if difference
            \t\t\t\t\tof marks after revaluation and first valuation is more than or
            \t\t\t\t\tequal to 15% of maximum external marks then revaluation marks will
            \t\t\t\t\tbe retained. If the change is less than 15% or marks secured in
            \t\t\t\t\trevaluation is less than first valuation marks, the first valuation
            \t\t\t\t\tmarks shall be retained.</b></p1>
            \t\t\t</div>

            \t\t\t<!--  \t<p><b> This information is provided to the candidate on his/her online request  and is only a prototype list</b></p></div>
             -->
            \t\t\t


            \t\t\t<!-- <p><b> This information is provided to the candidate on his/her online request  and is only a prototype list</b></p></div>
              \t
              \t
            \s
              \t -->

            \t\t\t





            \t\t
            \t</form>
            </body>
            <h4>

            </h4>
            </html>
            """;

    private ResultPageWriter() {}

    /** The result page showing {@code student} the {@code rows} of {@code exam}, in the exam's layout. */
    public static String resultPage(Exam exam, Student student, List<Mark> rows) {
        return exam.layout() == MarksLayout.FOUR_COLUMN
                ? FourColumnPageWriter.write(exam, student, rows)
                : sevenColumn(exam, student, rows, false);
    }

    /** The RC/RV page of {@code exam}: seven columns plus the remark of each revalued row. */
    public static String rcrvPage(Exam exam, Student student, List<Mark> rows) {
        return sevenColumn(exam, student, rows, true);
    }

    private static String sevenColumn(Exam exam, Student student, List<Mark> rows, boolean rcrv) {
        Lines page = new Lines();
        page.repeat("", 9);
        page.block(HEAD);
        page.repeat("\t\t", 7)
                .add("")
                .add("\t\t")
                .add("")
                .add("\t\t")
                .add("")
                .add("\t\t\t")
                .repeat("", 8)
                .add("\t\t\t")
                .add("")
                .add("\t\t\t<!--  exam name -->")
                .repeat("\t\t\t", 138);
        LocalDate sitting = exam.releaseDate().minusMonths(2);
        page.add("\t\t\t<h6 align=\"center\">")
                .add("\t\t\t\tResult of")
                .add("\t\t\t\t" + ExamTitles.pageHeading(exam, ExamTitles.monthName(sitting)))
                .add("\t\t\t\t" + sitting.getYear())
                .add("\t\t\t\tExams")
                .add("\t\t\t</h6>")
                .add("\t\t\t")
                .add("")
                .add("");
        studentTable(page, student, "\t\t\t", "\t\t\t\t", "<tr>");
        page.add("")
                .add("\t\t\t")
                .add("\t\t\t")
                .add("\t\t\t\t<p></p>")
                .add("\t\t\t\t<div align=\"center\">")
                .add("\t\t\t\t\t<table width=\"80%\" cellpadding=\"3\" cellspacing=\"1\" border=\"2\">")
                .add("\t\t\t\t\t\t")
                .add("\t\t\t\t\t\t")
                .add("")
                .add("\t\t\t\t\t\t<tr>");
        for (String header : List.of("SUBJECT CODE", "SUBJECT NAME", "INTERNAL", "EXTERNAL", "TOTAL", "GRADE")) {
            headerCell(page, header);
        }
        page.add("\t\t\t\t\t\t\t<!-- <td><h4><B>Grade Points(G)(G)</B></h4></td> -->")
                .add("\t\t\t\t\t\t\t<!-- <td><h4><B>TOTAL</B></h4></td> -->");
        headerCell(page, "CREDITS(C)");
        if (rcrv) {
            headerCell(page, "REMARKS");
        }
        // The header row is never closed: the next <tr> starts straight after these lines.
        page.add("\t\t\t\t\t\t\t")
                .add("\t\t\t\t\t\t\t")
                .add("\t\t\t\t\t\t\t\t\t")
                .add("\t\t\t\t\t\t\t\t\t")
                .add("")
                .add("")
                .add("\t\t\t\t\t\t\t<!-- <td><h4><B>RESULT</B></h4></td> -->")
                .add("")
                .add("")
                .add("\t\t\t\t\t\t\t")
                .add("")
                .add("\t\t\t\t\t\t\t")
                .add("");
        for (int i = 0; i < rows.size(); i++) {
            Mark row = rows.get(i);
            if (i > 0) {
                page.add("");
            }
            page.add("\t\t\t\t\t\t\t\t<tr>");
            for (String cell :
                    List.of(row.code(), row.name(), row.internal(), row.external(), row.total(), row.grade())) {
                page.add("\t\t\t\t\t\t\t\t\t<td><b>" + cell + "</b></td>");
            }
            page.repeat("\t\t\t\t\t\t\t\t\t", 3).add("\t\t\t\t\t\t\t\t\t<td><b>" + row.credits() + "</b></td>");
            if (rcrv) {
                page.add("\t\t\t\t\t\t\t\t\t<td><b>" + row.rcrvRemark() + "</b></td>");
            }
            page.repeat("\t\t\t\t\t\t\t\t\t", 4).add("\t\t\t\t\t\t\t\t</tr>").add("\t\t\t\t\t\t\t");
        }
        page.add("\t\t\t\t\t</table>")
                .add("\t\t\t\t</div>")
                .add("\t\t\t\t<br>")
                .repeat("\t\t\t\t", 3)
                .add("\t\t\t\t<center>")
                .add("\t\t\t\t\t<h2>")
                .add("\t\t\t\t\t\t<img src=\"/images/sgpaSSSS.jpg\"")
                .add("\t\t\t\t\t\t\tstyle=\"width: 250px; height: 42px;\" />")
                .add("\t\t\t\t\t</h2>")
                .add("\t\t\t\t</center>")
                .add("\t\t\t\t");
        page.block(LEGEND);
        for (List<String> legendRow : exam.gradeScale().legend()) {
            page.add("\t\t\t\t\t<tr>");
            for (String cell : legendRow) {
                page.add("\t\t\t\t\t\t<td><b>" + cell + "</b></td>");
            }
            page.add("\t\t\t\t\t</tr>");
        }
        page.block(TAIL);
        return page.text();
    }

    /** Table 0: hall ticket, name, father's name, college code; labels end with a colon. */
    static void studentTable(Lines page, Student student, String tableIndent, String rowIndent, String rowTag) {
        String cell = rowIndent + "\t";
        page.add(tableIndent + "<table width=\"80%\" align=\"center\">")
                .add("")
                .add("")
                .add(rowIndent + rowTag)
                .add(cell + "<td><b>HTNO:</b></td>")
                .add(cell + "<td><b>" + student.hallTicket() + "</b></td>")
                .add(cell + "<td><b>NAME:</b></td>")
                .add(cell + "<td><b>" + student.name() + "</b></td>")
                .add(rowIndent + "</tr>")
                .add("")
                .add(rowIndent + rowTag)
                .add(cell + "<td><b>FATHER NAME:</b></td>")
                .add(cell + "<td><b>" + student.fatherName() + "</b></td>")
                .add(cell + "<td><b>COLLEGE CODE:</b></td>")
                .add(cell + "<td><b>" + student.collegeCode() + "</b></td>")
                .add(rowIndent + "</tr>")
                .add("")
                .add(tableIndent + "</table>");
    }

    private static void headerCell(Lines page, String header) {
        page.add("\t\t\t\t\t\t\t<td><h4>")
                .add("\t\t\t\t\t\t\t\t\t<B>" + header + "</B>")
                .add("\t\t\t\t\t\t\t\t</h4></td>");
    }

    /** Accumulates lines, each ended with the page's line ending. */
    static final class Lines {
        private final StringBuilder text = new StringBuilder(16_384);

        Lines add(String line) {
            text.append(line).append(EOL);
            return this;
        }

        Lines repeat(String line, int times) {
            for (int i = 0; i < times; i++) {
                add(line);
            }
            return this;
        }

        /** Adds a text block, one line per {@code \n}. */
        Lines block(String lines) {
            for (String line : lines.split("\n", -1)) {
                text.append(line).append(EOL);
            }
            // split keeps a trailing empty piece after the block's last newline; drop its line ending
            text.setLength(text.length() - EOL.length());
            return this;
        }

        String text() {
            return text.toString();
        }
    }
}
