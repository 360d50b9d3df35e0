package in.results.bench;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The bulk job the benchmarks time: hall tickets {@code 01}…{@code J8} (198) of the cohort's largest section, for the
 * first exam one of its students has a result in.
 *
 * @param path the job's request: {@code /api?hallticket_from=…&hallticket_to=…} and the exam's link parameters
 */
record LargestSectionJob(String prefix, String examCode, String path) {

    static LargestSectionJob of(Cohort cohort) {
        Map<String, Long> sections = cohort.students().stream()
                .collect(Collectors.groupingBy(s -> s.hallTicket().substring(0, 8), Collectors.counting()));
        String prefix = Collections.max(sections.entrySet(), Map.Entry.comparingByValue())
                .getKey();
        Student someone = cohort.students().stream()
                .filter(s -> s.hallTicket().startsWith(prefix) && !s.results().isEmpty())
                .findFirst()
                .orElseThrow();
        String code = someone.results().keySet().iterator().next();
        StringBuilder path = new StringBuilder("/api?hallticket_from=" + prefix + "01&hallticket_to=" + prefix + "J8");
        cohort.exam(code)
                .orElseThrow()
                .linkParams()
                .forEach(
                        (key, value) -> path.append('&').append(key).append('=').append(value));
        return new LargestSectionJob(prefix, code, path.toString());
    }

    /**
     * Starts the job on the first of {@code bases} and asks for it every 20 ms, round robin over them, until the
     * final array; fails on any answer other than that 200 or a 202.
     */
    HttpResponse<String> runThrough(List<String> bases) throws Exception {
        HttpResponse<String> reply = Benchmarks.get(bases.getFirst() + path);
        for (int poll = 1; reply.statusCode() == 202; poll++) {
            Thread.sleep(20);
            reply = Benchmarks.get(bases.get(poll % bases.size()) + path);
        }
        if (reply.statusCode() != 200) {
            throw new IllegalStateException("bulk job answered " + reply.statusCode() + ": " + reply.body());
        }
        return reply;
    }
}
