package in.results.api;

import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * Size limits checked before any route runs: the URL (path and query) and every query parameter. Our longest
 * legitimate request is a report with 20 what-if pairs, about 320 characters, so the limits leave room without letting
 * a client push large inputs into parsing, logging or the university's URL.
 */
final class RequestGuard {
    static final int MAX_URL_LENGTH = 1024;
    static final int MAX_PARAMETER_LENGTH = 64;
    static final int MAX_PARAMETERS = 20;
    /** Parameters allowed to be longer: the report's what-if grades, 20 subject and grade pairs. */
    private static final Map<String, Integer> LONGER = Map.of(WhatIfQuery.IF, WhatIfQuery.IF_MAX_LENGTH);

    private RequestGuard() {}

    /** The most characters query parameter {@code name} may have (the OpenAPI document states the same). */
    static int maxLengthOf(String name) {
        return LONGER.getOrDefault(name, MAX_PARAMETER_LENGTH);
    }

    static void check(Context ctx) {
        String query = ctx.queryString();
        int length = ctx.path().length() + (query == null ? 0 : query.length() + 1);
        if (length > MAX_URL_LENGTH) {
            throw ApiException.tooLarge("The URL is longer than " + MAX_URL_LENGTH + " characters.");
        }
        Map<String, List<String>> parameters = ctx.queryParamMap();
        if (parameters.size() > MAX_PARAMETERS) {
            throw ApiException.tooLarge("More than " + MAX_PARAMETERS + " query parameters.");
        }
        parameters.forEach((name, values) -> {
            int most = maxLengthOf(name);
            if (values.size() > 1 || values.stream().anyMatch(value -> value.length() > most)) {
                throw ApiException.invalidParameter(
                        Params.safeName(name), "must be given once and be at most " + most + " characters");
            }
        });
    }
}
