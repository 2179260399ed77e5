-- The analysis board's positions, searched by the server's computer: asked for by an
-- owner (whose share of the computer it takes, as a game's analysis does), known by what
-- the position is (its variant and moves from the start, hashed), taken by one process
-- under a lease, and once done holding the computer's lines (the protocol's JSON), which
-- answer whoever asks for the same position until they are forgotten an hour later.
CREATE TABLE position_searches (
    position_key TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    moves TEXT NOT NULL,
    owner TEXT NOT NULL,
    asked_at BIGINT NOT NULL,
    lease_until BIGINT,
    taken_by TEXT,
    done_at BIGINT,
    lines TEXT
);
CREATE INDEX position_searches_waiting ON position_searches (done_at, asked_at);
