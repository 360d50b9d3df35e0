-- The archive: every answer the university gave for a hall ticket in a release, kept for good, and per student and
-- regulation which listed releases the last complete all-semesters lookup knew. The same statements run on SQLite
-- (the embedded archive) and PostgreSQL (a fleet's). Times are Unix milliseconds.

CREATE TABLE result_pages (
    hall_ticket VARCHAR(10) NOT NULL,
    degree      VARCHAR(32) NOT NULL,
    exam_code   VARCHAR(9)  NOT NULL,
    rcrv        BOOLEAN     NOT NULL,
    -- 'found' (page holds the parsed page as JSON) or 'no_result' (the university answered with its search form)
    outcome     VARCHAR(16) NOT NULL,
    page        TEXT,
    -- the page holds a '-' row: withheld or under inquiry, filled in later under the same exam code
    withheld    BOOLEAN     NOT NULL,
    -- the row's format: a build reads only the formats it knows (a newer build's rows are a miss)
    format      INTEGER     NOT NULL,
    read_at     BIGINT      NOT NULL,
    PRIMARY KEY (hall_ticket, degree, exam_code, rcrv)
);

CREATE TABLE student_lookups (
    hall_ticket   VARCHAR(10) NOT NULL,
    regulation    VARCHAR(8)  NOT NULL,
    -- the listed releases the lookup knew, as exam codes, an RC/RV release with an R after its code: '1501 1501R 1560'
    seen_releases TEXT        NOT NULL,
    format        INTEGER     NOT NULL,
    looked_at     BIGINT      NOT NULL,
    PRIMARY KEY (hall_ticket, regulation)
);
