package in.results.alerts;

/**
 * The parts of result alerts the HTTP layer serves and starts: subscriptions, browser push, live pages, the dispatch
 * of new releases and the deliveries.
 */
public record Alerts(
        Subscriptions subscriptions,
        PushSender push,
        LiveStreams live,
        AlertDispatcher dispatcher,
        DeliveryWorker deliveries) {

    /** Starts dispatching, delivering and telling live pages. */
    public void start() {
        dispatcher.start();
        deliveries.start();
        live.start();
    }

    /** Stops them, and ends the live pages' streams (so that the server's stop does not wait for them). */
    public void stop() {
        live.stop();
        dispatcher.stop();
        deliveries.stop();
    }
}
