-- Who is around: when each account last had a site socket open on any server process
-- (each process marks its connected accounts every few seconds, and once more as the
-- last socket of an account closes, as gone). Online: marked within the last half
-- minute, and not gone since.
CREATE TABLE presence (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id),
    name TEXT NOT NULL,
    seen_at BIGINT NOT NULL,
    gone BIGINT NOT NULL
);
CREATE INDEX presence_seen ON presence (seen_at);
