package in.results.catalog;

/** Where the catalog learned of a release. */
public enum ReleaseSource {
    /** A row of the university's release list; title, date and parameters are the row's. */
    RELEASE_LIST,
    /** The built-in table of known R18 and R22 B.Tech codes; no title; a date for R22 codes only. */
    BUILT_IN_TABLE,
    /**
     * An exam the list shows only through its RC/RV row (the exam's own row has dropped off
     * the list and the built-in table does not know the code): term, kind and regulation come
     * from the RC/RV title, parameters are only {@code degree} and {@code examCode}.
     */
    RCRV_ROW
}
