package in.results.catalog;

/** What sitting of an exam a release is. */
public enum ReleaseKind {
    /** The title says "Regular" (any case), also "Regular during COVID Pandemic". */
    REGULAR,
    /** The title says "Supplementary" and not "Regular". */
    SUPPLEMENTARY,
    /** "Advance(d) Supplementary", "Adv.Supplementary", "Adv. Supplementary". */
    ADVANCED_SUPPLEMENTARY,
    /**
     * Not known: a built-in code without a letter (a supplementary, or a regular of a later
     * batch), or a title that says neither "Regular" nor "Supplementary".
     */
    UNKNOWN
}
