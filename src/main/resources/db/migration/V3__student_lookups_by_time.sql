-- Results day's read-ahead scans the students a person looked up most recently first.
CREATE INDEX student_lookups_by_looked_at ON student_lookups (looked_at);
