package in.results.simulator.pages;

import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamTitles;
import java.util.List;

/**
 * The older result page (exams published with {@code type=grade16}): code, name, grade and
 * credits only, one-line {@code <h6>} heading, {@code <tr >} tags with a space, a closed header
 * row, and trailing spaces after some subject names — all as on the captured page.
 */
final class FourColumnPageWriter {

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
              border-collapse: expression("separate", cellSpacing = "3px");
            \s\s
            }
            table,td,th {
            \tborder: 1px solid black;
            }

            p{
            font-size: 90%;
            color: GREEN;
            font-stretch: wider;
            }

            p1{
            font-size: 70%;
            color: red;
            font-weight: bold;
            font-stretch: wider;
            }
            h6 {
                display: block;
                font-size: 1.17em;
                margin-top: 1em;
                margin-bottom: 1em;
                margin-left: 0;
                margin-right: 0;
                font-weight: bold;
                color: GREEN;
            }
            table{
            \t\t
            \t\tborder-collapse:collapse;\s
            \t\t
            \t}
            \ttable td{\s
            \t\tpadding:7px; border:  #d6eaf8 1px solid;
            \t}
            \t/* provide some minimal visual accomodation for IE8 and below */
            \ttr{
            \t\tbackground:  #aed6f1;
            \t}
            \t/*  Define the background color for all the ODD background rows  */
            \ttr:nth-child(odd){\s
            \t\tbackground:  #aed6f1;
            \t}
            \t/*  Define the background color for all the EVEN background rows  */
            \ttr:nth-child(even){
            \t\tbackground:   #d6eaf8 ;
            \t}
            </style>

            <title>Results</title>
             <script type="text/javascript"
            \tsrc="/results/js/fkeys.js">
                </script>


            </head>


            <body oncontextmenu="return false">
            <form method="post" action="SearchResult.jsp">
            \t
            \t
            \t\t
            \t\t
            \t\s
            \t\s
            \s
            \s
            \s
            \s
            \s\s
            \s
            \s\s
            \s
            \s


            \t<!-- RCRV -->
            \s
            \s
            \s\s
            \s
             <!--1st year r16,R17 -->
              \t
            \s
            \t<!--  exam name -->
            \s
            \s
            """;

    private static final String LEGEND_AND_TAIL = """
            \t\t\t\t\t\t\t</table>
            \t\t\t\t\t\t</div>
            \t\t<br>
            \t\t\s
            <table width="45%" align="center">
            \t\t\t<tr >\t\t\t
            \t\t\t\t<td style="max-width:70px;"><b>% of Marks Secured in a Subject / Course (Class Intervals)</b></td>
            \t\t\t\t<td style="max-width:50px;"><b>Letter Grade (UGC Guide Lines)</b></td>
            \t\t\t\t<td style="max-width:25px;"><b>Grade Points</b></td>
            \t\t\t</tr>

                       <tr >
            \t\t\t\t<td><b>Greater than or equal to 90 %</b></td>
            \t\t\t\t<td><b>O  (Outstanding)</b></td>
            \t\t\t\t<td><b>10</b></td>
            \t\t\t</tr>
                       <tr >
            \t\t\t\t<td><b>80 and Less than 90 %</b></td>
            \t\t\t\t<td><b>A+  (Excellent)</b></td>
            \t\t\t\t<td><b>9</b></td>
            \t\t\t</tr>
                       <tr >
            \t\t\t\t<td><b>70 and Less than 80 %</b></td>
            \t\t\t\t<td><b>A  (Very Good)</b></td>
            \t\t\t\t<td><b>8</b></td>
            \t\t\t</tr>
            \t\t\t <tr >
            \t\t\t\t<td><b>60 and Less than 70 %</b></td>
            \t\t\t\t<td><b>B+  (Good)</b></td>
            \t\t\t\t<td><b>7</b></td>
            \t\t\t</tr>
            \t\t\t <tr >
            \t\t\t\t<td><b>50 and Less than 60 %</b></td>
            \t\t\t\t<td><b>B   (Average)</b></td>
            \t\t\t\t<td><b>6</b></td>
            \t\t\t</tr>
            \t\t\t <tr >
            \t\t\t\t<td><b>40 and Less than 50 %</b></td>
            \t\t\t\t<td><b>C   (Pass)</b></td>
            \t\t\t\t<td><b>5</b></td>
            \t\t\t</tr>
            \t\t\t <tr >
            \t\t\t\t<td><b>Below 40 %</b></td>
            \t\t\t\t<td><b>F  (Fail)</b></td>
            \t\t\t\t<td><b>0</b></td>
            \t\t\t</tr>
            \t\t\t <tr >
            \t\t\t\t<td><b>Absent</b></td>
            \t\t\t\t<td><b>Ab</b></td>
            \t\t\t\t<td><b>0</b></td>
            \t\t\t</tr>
            \t</table>
            \t
            \t<p></p>
            \t <div align="center">
            \t\t<input type="button" onClick="window.print()" value="Print"/>
            \t<p></p>
            \t\t<p1><b>**Note: As per prevailing practice since 2012, if difference of marks after revaluation and \
            first valuation is more than or equal to 15% of maximum external marks then revaluation marks will be \
            retained. If the change is less than 15% or marks secured in revaluation is less than first valuation \
            marks, the first valuation marks shall be retained.</b></p1></div>
            \t
            \s\s
              \t<!-- <p><b> This information is provided to the candidate on his/her online request  and is only a \
            prototype list</b></p></div>
              \t -->
            \s\s
            \s\s
              \t
            </form>
            </body>
            </html>
            """;

    private FourColumnPageWriter() {}

    static String write(Exam exam, Student student, List<Mark> rows) {
        ResultPageWriter.Lines page = new ResultPageWriter.Lines();
        page.repeat("", 9);
        page.block(HEAD);
        page.repeat("\t\t", 92);
        String semester = exam.semester().isEmpty() ? "1-1" : exam.semester();
        String heading = ExamTitles.pageHeading(semester, exam.regulation(), exam.kind(), "")
                        .replace(", ", " ") + exam.releaseDate().minusMonths(2).getYear() + " Exams ";
        page.add("\t\t<h6 align=\"center\" >Result of ")
                .add("\t\t " + heading + "</h6>")
                .add("\t\t")
                .add("\t")
                .add("");
        ResultPageWriter.studentTable(page, student, "\t", "\t\t\t", "<tr >");
        page.add("")
                .add("\t")
                .add("\t")
                .add("\t\t\t\t\t<p></p>")
                .add("\t\t\t\t\t\t<div align=\"center\">")
                .add("\t\t\t\t\t\t\t<table width=\"80%\" cellpadding=\"3\" cellspacing=\"1\" border=\"2\">")
                .add("\t\t\t\t\t\t\t\t")
                .add("\t\t\t\t\t\t\t")
                .add("")
                .add("\t\t\t\t\t\t\t\t<tr >")
                .add("\t\t\t\t\t\t\t\t\t<td><h4><B>SUBJECT CODE</B></h4></td>")
                .add("\t\t\t\t\t\t\t\t\t<td><h4><B>SUBJECT NAME</B></h4></td>")
                .add("\t\t\t\t\t\t\t\t\t<td><h4><B>GRADE</B></h4></td>")
                .add("\t\t\t\t\t\t\t\t\t<!-- <td><h4><B>GRADE POINTS</B></h4></td> -->")
                .add("\t\t\t\t\t\t\t\t\t<!-- <td><h4><B>TOTAL</B></h4></td> -->")
                .add("\t\t\t\t\t\t\t\t\t<td><h4><B>CREDITS</B></h4></td>")
                .add("\t\t\t\t\t\t\t\t\t<!-- <td><h4><B>RESULT</B></h4></td> -->")
                .add("\t\t\t\t\t\t\t\t</tr>")
                .add("")
                .add("\t\t\t\t\t\t\t\t")
                .add("")
                .add("\t\t\t\t\t\t\t\t");
        for (Mark row : rows) {
            page.add(" ")
                    .add("\t\t\t\t\t\t\t\t\t<tr >")
                    .add("\t\t\t\t\t\t\t\t\t\t<td><b>" + row.code() + "</b></td>")
                    .add("\t\t\t\t\t\t\t\t\t\t<td><b>" + printedName(row) + "</b></td>")
                    .add("\t\t\t\t\t\t\t\t\t\t<td><b>" + row.grade() + "</b></td>")
                    .repeat("\t\t\t\t\t\t\t\t\t\t", 3)
                    .add("\t\t\t\t\t\t\t\t\t\t <td><b>" + row.credits() + "</b></td>")
                    .add("\t\t\t\t\t\t\t\t\t</tr>");
        }
        page.block(LEGEND_AND_TAIL);
        return page.text();
    }

    /**
     * The old renderer printed some names with a trailing space (labs and a few theory courses);
     * parsers must trim. Which ones is fixed per subject code so pages are stable.
     */
    private static String printedName(Mark row) {
        boolean lab = Character.isDigit(row.code().charAt(3));
        return lab || row.code().charAt(4) % 3 == 0 ? row.name() + " " : row.name();
    }
}
