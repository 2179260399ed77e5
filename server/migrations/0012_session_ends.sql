-- A session that ends is kept a little while, marked with when and why, so that every
-- server process can tell the connections admitted on it (they look every quarter of a
-- second) why they act for the account no more; then it is forgotten.
ALTER TABLE sessions ADD COLUMN ended_at BIGINT;
ALTER TABLE sessions ADD COLUMN ended_why TEXT;
CREATE INDEX sessions_by_end ON sessions (ended_at);
