package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.core.Deadline;
import in.results.testing.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestBudgetTest {
    private final ManualTicker ticker = new ManualTicker();

    /** A deadline the tests never reach. */
    private Deadline far() {
        return Deadline.after(Duration.ofHours(1), ticker);
    }

    /** A token for work that is due when the wait for it ends. */
    private static boolean acquire(RequestBudget budget, Priority priority, Deadline deadline)
            throws InterruptedException {
        return budget.acquire(priority, deadline, deadline);
    }

    /** The deadline is now: what is there is taken, nothing is waited for. */
    private Deadline now() {
        return Deadline.after(Duration.ZERO, ticker);
    }

    /** Takes what is available now, without waiting. */
    private int takeAvailable(RequestBudget budget) throws InterruptedException {
        int taken = 0;
        while (acquire(budget, Priority.INTERACTIVE, now())) {
            taken++;
        }
        return taken;
    }

    @Test
    void a_full_bucket_holds_one_second_of_requests_and_refills_at_the_rate() throws Exception {
        RequestBudget budget = new RequestBudget(20, ticker);

        int atOnce = takeAvailable(budget);
        ticker.advance(Duration.ofMillis(49));
        int before = takeAvailable(budget);
        ticker.advance(Duration.ofMillis(1));
        int after = takeAvailable(budget);
        ticker.advance(Duration.ofMinutes(5));
        int afterIdle = takeAvailable(budget);

        assertThat(atOnce).isEqualTo(20);
        assertThat(before).isZero();
        assertThat(after).isEqualTo(1);
        assertThat(afterIdle).isEqualTo(20);
    }

    @Test
    void over_any_interval_at_most_one_second_of_requests_plus_the_rate_times_its_length_pass() throws Exception {
        RequestBudget budget = new RequestBudget(50, ticker);
        Random random = new Random(6);
        List<long[]> grants = new ArrayList<>(); // {time, requests granted so far}
        grants.add(new long[] {0, 0});
        long total = 0;
        for (int step = 0; step < 2_000; step++) {
            ticker.advance(Duration.ofMillis(random.nextInt(2) == 0 ? random.nextInt(20) : random.nextInt(1500)));
            int wanted = random.nextInt(80); // sometimes less than is there, sometimes more
            for (int i = 0; i < wanted && acquire(budget, Priority.BULK, now()); i++) {
                total++;
            }
            grants.add(new long[] {ticker.read(), total});
        }

        double worstExcess = Double.NEGATIVE_INFINITY; // granted minus allowed, over every interval
        for (int i = 0; i < grants.size(); i++) {
            for (int j = i + 1; j < grants.size(); j++) {
                double seconds = (grants.get(j)[0] - grants.get(i)[0]) / 1e9;
                double allowed = 50 + 50 * seconds;
                worstExcess = Math.max(worstExcess, grants.get(j)[1] - grants.get(i)[1] - allowed);
            }
        }
        assertThat(worstExcess).isLessThanOrEqualTo(0);
        assertThat(total).isGreaterThan(10_000); // the budget was really used
    }

    @Test
    void an_interactive_caller_takes_the_next_token_before_bulk_callers_that_came_first() throws Exception {
        RequestBudget budget = new RequestBudget(10, ticker);
        takeAvailable(budget);
        List<String> order = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            String name = "bulk" + i;
            threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.BULK, name, order)));
            int waiting = i;
            await().until(() -> budget.waiting(Priority.BULK) == waiting);
        }
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.INTERACTIVE, "person", order)));
        await().until(() -> budget.waiting(Priority.INTERACTIVE) == 1);

        grantOneByOne(3, order, threads);

        assertThat(order).containsExactly("person", "bulk1", "bulk2");
    }

    @Test
    void alert_callers_take_tokens_after_interactive_ones_and_before_bulk_ones_whoever_came_first() throws Exception {
        RequestBudget budget = new RequestBudget(10, ticker);
        takeAvailable(budget);
        List<String> order = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.BULK, "bulk", order)));
        await().until(() -> budget.waiting(Priority.BULK) == 1);
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.ALERT, "alert", order)));
        await().until(() -> budget.waiting(Priority.ALERT) == 1);
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.INTERACTIVE, "person", order)));
        await().until(() -> budget.waiting(Priority.INTERACTIVE) == 1);

        grantOneByOne(3, order, threads);

        assertThat(order).containsExactly("person", "alert", "bulk");
    }

    @Test
    void while_people_keep_waiting_every_fourth_token_goes_to_a_waiting_alert_caller() throws Exception {
        RequestBudget budget = new RequestBudget(10, ticker);
        takeAvailable(budget);
        List<String> order = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            String name = "alert" + i;
            threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.ALERT, name, order)));
            int waiting = i;
            await().until(() -> budget.waiting(Priority.ALERT) == waiting);
        }
        for (int i = 1; i <= 6; i++) {
            String name = "person" + i;
            threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.INTERACTIVE, name, order)));
            int waiting = i;
            await().until(() -> budget.waiting(Priority.INTERACTIVE) == waiting);
        }

        grantOneByOne(8, order, threads);

        assertThat(order)
                .containsExactly("person1", "person2", "person3", "alert1", "person4", "person5", "person6", "alert2");
    }

    @Test
    void bulk_callers_take_tokens_when_no_interactive_caller_waits() throws Exception {
        RequestBudget budget = new RequestBudget(10, ticker);

        boolean fromFullBucket = acquire(budget, Priority.BULK, now());

        assertThat(fromFullBucket).isTrue();
    }

    @Test
    void a_caller_gives_up_at_its_deadline_without_taking_a_token() throws Exception {
        RequestBudget budget = new RequestBudget(1, ticker);
        takeAvailable(budget);
        Deadline deadline = Deadline.after(Duration.ofMillis(500), ticker);
        boolean[] got = {true};
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                got[0] = acquire(budget, Priority.INTERACTIVE, deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await().until(() -> budget.waiting(Priority.INTERACTIVE) == 1);

        ticker.advance(Duration.ofMillis(600));
        await().until(() -> !waiter.isAlive());
        ticker.advance(Duration.ofMillis(400));

        assertThat(got[0]).isFalse();
        assertThat(budget.waiting(Priority.INTERACTIVE)).isZero();
        assertThat(takeAvailable(budget)).isEqualTo(1); // the token it waited for was left in the bucket
    }

    @Test
    void a_budget_of_zero_never_waits() throws Exception {
        RequestBudget budget = new RequestBudget(0, ticker);

        for (int i = 0; i < 10_000; i++) {
            assertThat(acquire(budget, Priority.BULK, now())).isTrue();
        }
    }

    @Test
    void a_caller_never_waits_longer_than_its_deadline_allowed_even_when_time_stands_still() throws Exception {
        RequestBudget budget = new RequestBudget(1, ticker);
        takeAvailable(budget);

        boolean got = acquire(budget, Priority.INTERACTIVE, Deadline.after(Duration.ofMillis(20), ticker));

        assertThat(got).isFalse(); // no token comes while the ticker stands still; 20 ms of waiting ended it
        assertThat(budget.waiting(Priority.INTERACTIVE)).isZero();
    }

    @Test
    void waiting_callers_wake_for_each_token_as_time_passes_without_being_signalled() throws Exception {
        RequestBudget budget = new RequestBudget(100, ticker);
        AtomicInteger granted = new AtomicInteger();

        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 150; i++) {
                executor.submit(() -> acquire(budget, Priority.BULK, far()) && granted.incrementAndGet() > 0);
            }
            // 100 from the full bucket; the next in turn then waits for the next token's time on its own.
            await().until(() -> granted.get() == 100 && budget.waiting(Priority.BULK) == 50);
            ticker.advance(Duration.ofMillis(250));
            await().until(() -> granted.get() == 125);
            assertThat(budget.waiting(Priority.BULK)).isEqualTo(25);
            ticker.advance(Duration.ofMillis(250));
            await().until(() -> granted.get() == 150);
        }

        assertThat(budget.waiting(Priority.BULK)).isZero();
        assertThat(takeAvailable(budget)).isZero(); // the rate, not more
    }

    @Test
    void waiting_callers_of_one_priority_take_tokens_in_the_order_their_work_is_due() throws Exception {
        RequestBudget budget = new RequestBudget(10, ticker);
        takeAvailable(budget);
        Deadline startedFirst = Deadline.after(Duration.ofMinutes(1), ticker);
        ticker.advance(Duration.ofMillis(1));
        Deadline startedLater = Deadline.after(Duration.ofMinutes(1), ticker);
        List<String> order = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, startedLater, "later lookup", order)));
        await().until(() -> budget.waiting(Priority.INTERACTIVE) == 1);
        threads.add(
                Thread.ofVirtual().start(() -> acquireAndRecord(budget, startedLater, "later lookup, again", order)));
        await().until(() -> budget.waiting(Priority.INTERACTIVE) == 2);
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, startedFirst, "first lookup", order)));
        await().until(() -> budget.waiting(Priority.INTERACTIVE) == 3);

        grantOneByOne(3, order, threads);

        assertThat(order).containsExactly("first lookup", "later lookup", "later lookup, again");
    }

    /** Lets {@code tokens} tokens come one at a time (100 ms each at 10 a second), each taken before the next comes. */
    private void grantOneByOne(int tokens, List<String> order, List<Thread> waiting) throws InterruptedException {
        for (int token = 1; token <= tokens; token++) {
            ticker.advance(Duration.ofMillis(100));
            int granted = token;
            await().until(() -> order.size() == granted);
        }
        for (Thread thread : waiting) {
            thread.join();
        }
    }

    private void acquireAndRecord(RequestBudget budget, Deadline due, String name, List<String> order) {
        try {
            if (budget.acquire(Priority.INTERACTIVE, due, far())) {
                order.add(name);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acquireAndRecord(RequestBudget budget, Priority priority, String name, List<String> order) {
        try {
            if (acquire(budget, priority, far())) {
                order.add(name);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
