package in.results;

import in.results.archive.ArchiveDatabase;
import in.results.config.DemoWorld;
import in.results.config.ServiceConfig;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.Programme;
import io.javalin.Javalin;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * {@code --demo}: starts the university simulator on loopback (primary at its root, mirror under
 * {@code /results}, like the real site), points the service at it, and prints URLs that answer. With
 * {@code --real-list}, the simulator serves the university's real release list with students of every programme, and
 * a student of each is printed too.
 */
final class Demo {
    private Demo() {}

    static void startAndPrintExamples(ServiceConfig config) {
        Cohort world = config.demo() == DemoWorld.REAL_LIST
                ? Cohort.onRealList(Cohort.DEFAULT_SEED)
                : Cohort.generate(Cohort.DEFAULT_SEED);
        UniversitySimulator simulator = UniversitySimulator.start(world, 0);
        URI base = simulator.baseUrl();
        Javalin app = App.start(config.withUpstreamUrls(List.of(base, URI.create(base + "/results"))));
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            app.stop();
                            simulator.close();
                        },
                        "shutdown"));
        String service = "http://localhost:" + app.port();
        Student student = simulator.cohort().students().stream()
                .filter(s -> s.programme() == Programme.BTECH
                        && !s.lateralEntry()
                        && s.results().size() > 4)
                .findFirst()
                .orElseThrow();
        // An R22 student of the 2023 batch with a supplementary attempt: several semesters, merged.
        Student r22 = simulator.cohort().students().stream()
                .filter(s -> s.programme() == Programme.BTECH
                        && s.regulation().equals("R22")
                        && !s.lateralEntry()
                        && s.admissionYear() == 2023
                        && s.results().size() > 5)
                .findFirst()
                .orElseThrow();
        Map.Entry<String, ?> someExam = student.results().entrySet().iterator().next();
        Exam exam = simulator.cohort().exam(someExam.getKey()).orElseThrow();
        StringBuilder query = new StringBuilder("hallticket=" + student.hallTicket());
        exam.linkParams()
                .forEach((key, value) ->
                        query.append('&').append(key).append('=').append(value));
        String first = student.hallTicket();
        String last = first.substring(0, 8) + "20";
        System.out.println("""

                Results Service demo: university simulator at %1$s (mirror %1$s/results)
                Every page read is kept in %11$s (RESULTS_DATA_DIR or --data-dir to move it).
                Try:
                  %2$s/api/calculate?%3$s
                  %2$s/all-r18/%4$s
                  %2$s/all-r22/%10$s
                  %2$s/all/%10$s      (reads the regulation from the hall ticket; see the Regulation header)
                  %2$s/attempts/%4$s
                  %2$s/calculate/%4$s/2002-01-01/1,1
                  %2$s/result?hallticket=%4$s&dob=2002-01-01&year=2,1
                  %2$s/api?hallticket_from=%5$s&hallticket_to=%6$s&degree=btech&examCode=%7$s&etype=%8$s&type=%9$s&result=null
                  %2$s/new/all
                  %2$s/notifications
                """.formatted(
                        base,
                        service,
                        query,
                        first,
                        first.substring(0, 8) + "01",
                        last,
                        exam.code(),
                        exam.linkParams().getOrDefault("etype", "r17"),
                        exam.linkParams().getOrDefault("type", "intgrade"),
                        r22.hallTicket(),
                        config.dataDir().toAbsolutePath().resolve(ArchiveDatabase.FILE)));
        for (Programme programme : Programme.values()) {
            simulator.cohort().students().stream()
                    .filter(s -> programme != Programme.BTECH && s.programme() == programme && !s.hasNoResult())
                    .findFirst()
                    .ifPresent(s -> System.out.printf(
                            "  %s/all/%s      (%s %s)%n", service, s.hallTicket(), programme.title(), s.regulation()));
        }
    }
}
