package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

import in.results.core.Deadline;
import in.results.core.Reply;
import in.results.testing.ManualTicker;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** One host's gate, with exchanges that answer at once (no sockets) and time moved by hand. */
class HostGateTest {
    private static final URI HOST = URI.create("http://university.test");
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final Duration COOL_DOWN = Duration.ofSeconds(30);
    private static final Reply<String> PAGE = new Reply.Answered<>("page");

    private final ManualTicker ticker = new ManualTicker();
    /** The timeout each exchange was given, one per request sent. */
    private final List<Duration> sent = new CopyOnWriteArrayList<>();

    private HostGate gate(int breakerThreshold, int perSecond) {
        return gate(1, TIMEOUT, breakerThreshold, perSecond);
    }

    private HostGate gate(int slots, Duration timeout, int breakerThreshold, int perSecond) {
        return new HostGate(
                HOST,
                slots,
                timeout,
                new UpstreamPolicy(breakerThreshold, COOL_DOWN, 0, Duration.ZERO, perSecond),
                ticker);
    }

    private HostGate.Exchange<String> replying(Reply<String> reply) {
        return timeout -> {
            sent.add(timeout);
            return reply;
        };
    }

    private Deadline deadline(Duration budget) {
        return Deadline.after(budget, ticker);
    }

    /** A request that is the whole work: due when its call's deadline passes. */
    private static <T> HostGate.Outcome<T> send(
            HostGate gate, Priority priority, Deadline deadline, HostGate.Exchange<T> exchange) {
        return gate.send(priority, deadline, deadline, exchange);
    }

    private static HostGate.Outcome<String> unavailable(String reason) {
        return new HostGate.Outcome.Replied<>(new Reply.Unavailable<>(reason));
    }

    @Test
    void a_request_is_given_what_is_left_of_the_deadline_but_never_more_than_one_request_timeout() {
        HostGate gate = gate(5, 0);
        Deadline deadline = deadline(Duration.ofSeconds(4));

        send(gate, Priority.INTERACTIVE, deadline, replying(PAGE));
        ticker.advance(Duration.ofMillis(2_500));
        send(gate, Priority.INTERACTIVE, deadline, replying(PAGE));
        ticker.advance(Duration.ofMillis(1_500));
        HostGate.Outcome<String> late = send(gate, Priority.INTERACTIVE, deadline, replying(PAGE));

        assertThat(sent).containsExactly(TIMEOUT, Duration.ofMillis(1_500));
        assertThat(late).isEqualTo(unavailable(HOST + ": deadline passed before sending"));
    }

    @Test
    void an_unreadable_page_is_an_answer_for_the_breaker_and_an_unavailable_host_a_failure() {
        HostGate gate = gate(1, 0);

        send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(new Reply.Unreadable<>("a new layout")));
        BreakerState afterUnreadable = gate.health().state();
        send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(new Reply.Unavailable<>("answered HTTP 503")));
        HostGate.Outcome<String> refused = send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(PAGE));

        assertThat(afterUnreadable).isEqualTo(BreakerState.CLOSED);
        assertThat(refused)
                .isEqualTo(new HostGate.Outcome.Refused<>(HOST + " is skipped: its circuit breaker is open", true));
        assertThat(sent).hasSize(2);
        assertThat(gate.health().state()).isEqualTo(BreakerState.OPEN);
        assertThat(gate.breakerOpens()).isEqualTo(1);
    }

    @Test
    void a_probe_that_could_not_be_sent_lets_the_next_caller_probe_at_once() {
        HostGate gate = gate(1, 0);
        send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(new Reply.Unavailable<>("answered HTTP 503")));
        ticker.advance(COOL_DOWN);

        HostGate.Outcome<String> notSent = send(gate, Priority.INTERACTIVE, deadline(Duration.ZERO), replying(PAGE));
        HostGate.Outcome<String> probe = send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(PAGE));

        assertThat(notSent).isEqualTo(unavailable(HOST + ": deadline passed before sending"));
        assertThat(probe).isEqualTo(new HostGate.Outcome.Replied<>(PAGE));
        assertThat(sent).hasSize(2);
        assertThat(gate.health().state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void an_exchange_that_throws_hands_its_probe_back() {
        HostGate gate = gate(1, 0);
        send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(new Reply.Unavailable<>("answered HTTP 503")));
        ticker.advance(COOL_DOWN);

        assertThatIllegalStateException()
                .isThrownBy(() -> send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), timeout -> {
                    throw new IllegalStateException("a reader's bug");
                }));
        HostGate.Outcome<String> probe = send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(PAGE));

        assertThat(probe).isEqualTo(new HostGate.Outcome.Replied<>(PAGE));
        assertThat(gate.health().state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void a_request_without_a_token_before_its_deadline_is_not_sent_and_is_no_failure() {
        HostGate gate = gate(1, 1);

        send(gate, Priority.BULK, deadline(TIMEOUT), replying(PAGE));
        // The ticker stands still: the budget counts the 20 ms down in real time.
        HostGate.Outcome<String> second = send(gate, Priority.BULK, deadline(Duration.ofMillis(20)), replying(PAGE));

        assertThat(second).isEqualTo(unavailable(HOST + ": request budget spent until the deadline"));
        assertThat(sent).hasSize(1);
        assertThat(gate.health().state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void while_every_slot_is_taken_a_request_waits_at_most_one_request_timeout_and_is_not_sent() {
        HostGate gate = gate(1, Duration.ofMillis(50), 1, 0);
        CountDownLatch answer = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual()
                .start(() -> send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), timeout -> {
                    sent.add(timeout);
                    answer.await();
                    return PAGE;
                }));
        await().until(() -> sent.size() == 1); // the holder's request is in flight, in the one slot

        HostGate.Outcome<String> saturated = send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(PAGE));
        answer.countDown();
        await().until(() -> !holder.isAlive());
        HostGate.Outcome<String> afterwards = send(gate, Priority.INTERACTIVE, deadline(TIMEOUT), replying(PAGE));

        assertThat(saturated).isEqualTo(unavailable(HOST + " is saturated (no request slot before the deadline)"));
        assertThat(afterwards).isEqualTo(new HostGate.Outcome.Replied<>(PAGE));
        assertThat(gate.health().state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void a_request_whose_deadline_has_passed_is_not_sent_and_takes_no_token() {
        HostGate gate = gate(1, 1);

        HostGate.Outcome<String> late = send(gate, Priority.INTERACTIVE, deadline(Duration.ZERO), replying(PAGE));
        HostGate.Outcome<String> next =
                send(gate, Priority.INTERACTIVE, deadline(Duration.ofMillis(20)), replying(PAGE));

        assertThat(late).isEqualTo(unavailable(HOST + ": deadline passed before sending"));
        assertThat(next).isEqualTo(new HostGate.Outcome.Replied<>(PAGE)); // the bucket's one token was still there
    }

    @Test
    void a_request_of_interactive_work_due_later_is_sent_with_a_whole_timeout_after_its_call_deadline_passed() {
        HostGate gate = gate(1, 0);

        // A lookup's request whose own call deadline passed while it waited at another host (the primary failed).
        HostGate.Outcome<String> mirror = gate.send(
                Priority.INTERACTIVE, deadline(Duration.ofMinutes(1)), deadline(Duration.ZERO), replying(PAGE));

        assertThat(mirror).isEqualTo(new HostGate.Outcome.Replied<>(PAGE));
        assertThat(sent).containsExactly(TIMEOUT);
    }

    @Test
    void bulk_work_due_later_than_its_call_waits_for_a_token_no_longer_than_the_call() {
        HostGate gate = gate(1, 1);
        send(gate, Priority.BULK, deadline(TIMEOUT), replying(PAGE)); // the bucket's one token
        Deadline jobEnds = deadline(Duration.ofSeconds(5));

        long start = System.nanoTime();
        HostGate.Outcome<String> second =
                gate.send(Priority.BULK, jobEnds, deadline(Duration.ofMillis(50)), replying(PAGE));

        assertThat(second).isEqualTo(unavailable(HOST + ": request budget spent until the deadline"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4)); // not the job's 5 s
        assertThat(sent).hasSize(1);
    }

    @Test
    void a_request_that_waited_for_work_due_later_is_not_sent_once_the_breaker_opened_meanwhile() {
        // One slot, waited for up to 30 s, and a breaker that opens at the first failure.
        HostGate gate = gate(1, Duration.ofSeconds(30), 1, 0);
        CountDownLatch fail = new CountDownLatch(1);
        Thread failing = Thread.ofVirtual()
                .start(() -> send(gate, Priority.INTERACTIVE, deadline(Duration.ofSeconds(30)), timeout -> {
                    sent.add(timeout);
                    fail.await();
                    return new Reply.Unavailable<>("answered HTTP 503");
                }));
        await().until(() -> sent.size() == 1); // the failing request holds the one slot

        // A lookup's request: its own call has 1 ms left (the ticker stands still), its lookup is due in a minute.
        AtomicReference<HostGate.Outcome<String>> outcome = new AtomicReference<>();
        Thread waiting = Thread.ofVirtual()
                .start(() -> outcome.set(gate.send(
                        Priority.INTERACTIVE,
                        deadline(Duration.ofMinutes(1)),
                        deadline(Duration.ofMillis(1)),
                        replying(PAGE))));
        await().until(() -> waiting.getState() == Thread.State.TIMED_WAITING); // in line for the slot
        fail.countDown();
        await().until(() -> !failing.isAlive() && !waiting.isAlive());

        assertThat(outcome.get())
                .isEqualTo(unavailable(HOST + " is skipped: its circuit breaker opened while the request waited"));
        assertThat(sent).hasSize(1); // the waiting request was never sent to the failing host
        assertThat(gate.health().state()).isEqualTo(BreakerState.OPEN);
    }
}
