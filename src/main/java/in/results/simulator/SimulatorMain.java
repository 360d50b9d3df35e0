package in.results.simulator;

import in.results.simulator.cohort.CaseExample;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Programme;
import in.results.simulator.releases.R22Timetable;
import java.io.PrintStream;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Command line: {@code simulator --port N [--host H] [--seed S] [--latency-ms L] [--real-list] [--as-of YYYY-MM-DD]
 * [--list-from YYYY-MM-DD] [--list-without CODE,CODE...]}. Starts the simulated university, prints its base URL and
 * some hall tickets to try, and runs until killed. {@code --real-list} serves the university's real release list
 * with students of every programme on it ({@link Cohort#onRealList}) instead of the synthetic B.Tech world. {@code --as-of} shows the university as it stood on that day (later releases and attempts
 * do not exist yet), so the service's built-in code table can be ahead of the site; {@code --list-from} and
 * {@code --list-without} leave older rows off the release list while their results are still answered. While it
 * runs, {@code POST /admin/date} with {@code day=YYYY-MM-DD} moves its day forward, publishing the releases dated in
 * the days passed, and {@code GET /admin/date} tells the day ({@link DateControl}).
 */
public final class SimulatorMain {

    static final String USAGE =
            "usage: simulator --port N [--host H] [--seed S] [--latency-ms L] [--real-list] [--as-of YYYY-MM-DD]"
                    + " [--list-from YYYY-MM-DD] [--list-without CODE,CODE...]\n"
                    + "while running: POST /admin/date?day=YYYY-MM-DD moves the site's day forward (releases dated up to it"
                    + " appear); GET /admin/date tells the day";

    /**
     * Parsed command line. {@code asOf} is {@link LocalDate#MAX} for the simulator's latest day, {@code listFrom}
     * {@link LocalDate#MIN} for a list that keeps its old rows.
     */
    record Options(
            int port,
            String host,
            long seed,
            long latencyMillis,
            boolean realList,
            LocalDate asOf,
            LocalDate listFrom,
            Set<String> listWithout) {
        Options {
            Objects.requireNonNull(asOf, "asOf");
            Objects.requireNonNull(listFrom, "listFrom");
            listWithout = Set.copyOf(listWithout);
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("--port must be within 0..65535, got " + port);
            }
            if (latencyMillis < 0) {
                throw new IllegalArgumentException("--latency-ms cannot be negative, got " + latencyMillis);
            }
        }

        static Options parse(String[] args) {
            Integer port = null;
            String host = "127.0.0.1";
            long seed = Cohort.DEFAULT_SEED;
            long latency = 0;
            LocalDate asOf = LocalDate.MAX;
            LocalDate listFrom = LocalDate.MIN;
            Set<String> listWithout = Set.of();
            boolean realList = false;
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (flag.equals("--real-list")) {
                    realList = true;
                    continue;
                }
                String value;
                int equals = flag.indexOf('=');
                if (equals > 0) {
                    value = flag.substring(equals + 1);
                    flag = flag.substring(0, equals);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new IllegalArgumentException(flag + " needs a value");
                }
                switch (flag) {
                    case "--port" -> port = number(flag, value).intValue();
                    case "--host" -> host = value.strip();
                    case "--seed" -> seed = number(flag, value);
                    case "--latency-ms" -> latency = number(flag, value);
                    case "--as-of" -> asOf = day(flag, value);
                    case "--list-from" -> listFrom = day(flag, value);
                    case "--list-without" -> listWithout = codes(flag, value);
                    default -> throw new IllegalArgumentException("unknown option " + flag);
                }
            }
            if (port == null) {
                throw new IllegalArgumentException("--port is required (0 picks a free port)");
            }
            return new Options(port, host, seed, latency, realList, asOf, listFrom, listWithout);
        }

        private static LocalDate day(String flag, String value) {
            try {
                return LocalDate.parse(value.strip());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(flag + " must be a day as YYYY-MM-DD, got '" + value + "'");
            }
        }

        private static Set<String> codes(String flag, String value) {
            Set<String> codes = new LinkedHashSet<>();
            for (String code : value.split(",")) {
                if (!code.strip().matches("\\d+")) {
                    throw new IllegalArgumentException(
                            flag + " must list exam codes as 1404,1435, got '" + value + "'");
                }
                codes.add(code.strip());
            }
            return codes;
        }

        private static Long number(String flag, String value) {
            try {
                return Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(flag + " must be a whole number, got '" + value + "'");
            }
        }
    }

    private SimulatorMain() {}

    public static void main(String[] args) throws InterruptedException {
        UniversitySimulator simulator;
        try {
            simulator = run(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(simulator::close));
        Thread.currentThread().join();
    }

    /**
     * Starts the simulator for the words after {@code simulator} on the command line and prints
     * where it listens. Throws {@link IllegalArgumentException} naming a bad option.
     */
    public static UniversitySimulator run(String[] argsAfterSimulatorWord) {
        Options options = Options.parse(argsAfterSimulatorWord);
        Cohort world = options.realList() ? Cohort.onRealList(options.seed()) : Cohort.generate(options.seed());
        UniversitySimulator.Builder builder =
                UniversitySimulator.builder(world).listFrom(options.listFrom()).listWithout(options.listWithout());
        // Without --as-of the builder's own default, the cohort's latest day, is the site's today.
        if (!options.asOf().equals(LocalDate.MAX)) {
            builder.asOf(options.asOf());
        }
        UniversitySimulator simulator = builder.start(options.host(), options.port());
        simulator.setLatency(Duration.ofMillis(options.latencyMillis()), Duration.ZERO);
        describe(simulator, System.out);
        return simulator;
    }

    static void describe(UniversitySimulator simulator, PrintStream out) {
        Cohort cohort = simulator.cohort();
        CohortCases cases = CohortCases.of(cohort);
        out.println("University simulator listening on " + simulator.baseUrl()
                + " (also under " + simulator.baseUrl() + "/results), seed " + cohort.seed() + ", "
                + cohort.students().size() + " students, " + cohort.exams().size() + " releases, as of "
                + cohort.latestDay());
        out.println("Release list: " + simulator.baseUrl() + "/jsp/home.jsp");
        out.println("Today is " + simulator.today() + "; to move on: curl -X POST '" + simulator.baseUrl()
                + DateControl.PATH + "?day=YYYY-MM-DD'");
        for (String regulation : List.of("R18", R22Timetable.REGULATION)) {
            out.println(regulation + " students:");
            for (EdgeCase edgeCase : List.of(
                    EdgeCase.SUPPLY_CLEARED_SECOND_TRY,
                    EdgeCase.RCRV_RAISED,
                    EdgeCase.ABSENT,
                    EdgeCase.FOUR_COLUMN,
                    EdgeCase.LATERAL_ENTRY,
                    EdgeCase.DETAINED,
                    EdgeCase.NO_RESULT)) {
                List<CaseExample> examples = cases.examples(edgeCase, regulation);
                if (examples.isEmpty()) {
                    continue;
                }
                CaseExample example = examples.getFirst();
                Student student = cohort.student(example.hallTicket()).orElseThrow();
                String exams = String.join(" ", student.results().keySet());
                out.printf(
                        "  %-26s %s  exams: %s%n", edgeCase, example.hallTicket(), exams.isEmpty() ? "(none)" : exams);
            }
        }
        for (Programme programme : Programme.values()) {
            if (programme == Programme.BTECH) {
                continue;
            }
            cohort.students().stream()
                    .filter(student -> student.programme() == programme && !student.hasNoResult())
                    .findFirst()
                    .ifPresent(student -> out.printf(
                            "%s %s student: %s  exams: %s%n",
                            programme.title(),
                            student.regulation(),
                            student.hallTicket(),
                            String.join(" ", student.results().keySet())));
        }
        cases.examples(EdgeCase.SUPPLY_CLEARED_FIRST_TRY).stream()
                .findFirst()
                .ifPresent(example -> out.println(
                        "Try: " + simulator.baseUrl() + "/resultAction?degree=btech&examCode=" + example.examCode()
                                + "&etype=r17&type=intgrade&result=null&grad=null&htno=" + example.hallTicket()));
    }
}
