package in.results.upstream;

import in.results.testing.ManualTicker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class RequestBudgetTest {
    private static final long FAR = TimeUnit.HOURS.toNanos(1);

    private final ManualTicker ticker = new ManualTicker();

    /** Takes what is available now, without waiting (the deadline is now). */
    private static int takeAvailable(RequestBudget budget, ManualTicker ticker) throws InterruptedException {
        int taken = 0;
        while (budget.acquire(Priority.INTERACTIVE, ticker.read())) {
            taken++;
        }
        return taken;
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("condition not reached within 5 s");
            }
            Thread.sleep(2);
        }
    }

    @Test
    void a_full_bucket_holds_one_second_of_requests_and_refills_at_the_rate() throws Exception {
        RequestBudget budget = new RequestBudget(20, ticker);

        int atOnce = takeAvailable(budget, ticker);
        ticker.advance(Duration.ofMillis(49));
        int before = takeAvailable(budget, ticker);
        ticker.advance(Duration.ofMillis(1));
        int after = takeAvailable(budget, ticker);
        ticker.advance(Duration.ofMinutes(5));
        int afterIdle = takeAvailable(budget, ticker);

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
            for (int i = 0; i < wanted && budget.acquire(Priority.BULK, ticker.read()); i++) {
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
        takeAvailable(budget, ticker);
        List<String> order = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            String name = "bulk" + i;
            threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.BULK, name, order)));
            int waiting = i;
            await(() -> budget.waiting(Priority.BULK) == waiting);
        }
        threads.add(Thread.ofVirtual().start(() -> acquireAndRecord(budget, Priority.INTERACTIVE, "person", order)));
        await(() -> budget.waiting(Priority.INTERACTIVE) == 1);

        for (int token = 1; token <= 3; token++) {
            ticker.advance(Duration.ofMillis(100));
            int granted = token;
            await(() -> order.size() == granted);
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(order).containsExactly("person", "bulk1", "bulk2");
    }

    @Test
    void bulk_callers_take_tokens_when_no_interactive_caller_waits() throws Exception {
        RequestBudget budget = new RequestBudget(10, ticker);

        boolean fromFullBucket = budget.acquire(Priority.BULK, ticker.read());

        assertThat(fromFullBucket).isTrue();
    }

    @Test
    void a_caller_gives_up_at_its_deadline_without_taking_a_token() throws Exception {
        RequestBudget budget = new RequestBudget(1, ticker);
        takeAvailable(budget, ticker);
        boolean[] got = new boolean[1];
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                got[0] = budget.acquire(Priority.INTERACTIVE, ticker.read() + TimeUnit.MILLISECONDS.toNanos(500));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await(() -> budget.waiting(Priority.INTERACTIVE) == 1);

        ticker.advance(Duration.ofMillis(600));
        waiter.join(Duration.ofSeconds(5));
        ticker.advance(Duration.ofMillis(400));

        assertThat(waiter.isAlive()).isFalse();
        assertThat(got[0]).isFalse();
        assertThat(budget.waiting(Priority.INTERACTIVE)).isZero();
        assertThat(takeAvailable(budget, ticker)).isEqualTo(1); // the token it waited for was left in the bucket
    }

    @Test
    void a_budget_of_zero_never_waits() throws Exception {
        RequestBudget budget = new RequestBudget(0, ticker);

        for (int i = 0; i < 10_000; i++) {
            assertThat(budget.acquire(Priority.BULK, ticker.read())).isTrue();
        }
    }

    @Test
    void waiting_callers_are_served_in_real_time_at_the_rate() throws Exception {
        RequestBudget budget = new RequestBudget(100, com.github.benmanes.caffeine.cache.Ticker.systemTicker());
        long start = System.nanoTime();
        try (var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 150; i++) {
                executor.submit(() -> budget.acquire(Priority.BULK, System.nanoTime() + FAR));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;

        // 100 from the full bucket, then 50 more at 100 per second.
        assertThat(seconds).isBetween(0.45, 2.0);
    }

    private static void acquireAndRecord(RequestBudget budget, Priority priority, String name, List<String> order) {
        try {
            if (budget.acquire(priority, FAR)) {
                order.add(name);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
