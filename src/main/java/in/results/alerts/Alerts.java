package in.results.alerts;

/**
 * The parts of result alerts the HTTP layer serves and starts: subscriptions, browser push, live pages, the dispatch
 * of new releases, the deliveries and the pruning of old events and deliveries.
 */
public record Alerts(
        Subscriptions subscriptions,
        PushSender push,
        LiveStreams live,
        AlertDispatcher dispatcher,
        DeliveryWorker deliveries,
        AlertPruner pruner) {

    /** Starts dispatching, delivering, telling live pages and pruning. */
    public void start() {
        dispatcher.start();
        deliveries.start();
        live.start();
        pruner.start();
    }

    /** Stops them, and ends the live pages' streams (so that the server's stop does not wait for them). */
    public void stop() {
        live.stop();
        dispatcher.stop();
        deliveries.stop();
        pruner.stop();
    }
}
