package in.results.core;

/**
 * A regulation the service answers for: the rule book a batch follows from admission to graduation. Which
 * programmes and admission years follow which regulation is {@code in.results.catalog.Course}'s table; older
 * regulations (R16 and before) are not served.
 */
public enum Regulation {
    /** B.Pharmacy batches admitted 2017 to 2021. */
    R17,
    /** B.Tech batches admitted 2018 to 2021. */
    R18,
    /** M.Tech, M.Pharmacy, MBA batches admitted 2019 to 2021; the three-year MCA batch of 2019. */
    R19,
    /** MCA batches admitted 2020 and 2021. */
    R20,
    /** Every programme's batches admitted 2022 to 2024 (postgraduate: 2022 onwards). */
    R22,
    /** B.Tech and B.Pharmacy batches admitted 2025 onwards. */
    R25;

    /** How release titles write it, {@code "R18"}. */
    public String code() {
        return name();
    }
}
