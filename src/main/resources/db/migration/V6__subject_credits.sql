-- The credits of each subject as a passed row shows them (a failed row shows 0), per programme: what-if reports
-- borrow a backlog's credits from any student's page that passed the same subject code. Written with the pages.
CREATE TABLE subject_credits (
    degree       VARCHAR(32) NOT NULL,
    subject_code VARCHAR(16) NOT NULL,
    credits      VARCHAR(8)  NOT NULL,
    read_at      BIGINT      NOT NULL,
    PRIMARY KEY (degree, subject_code)
);
