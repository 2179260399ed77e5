-- The games, their seats and their plies. One schema for SQLite and PostgreSQL: times
-- are Unix milliseconds, every number a BIGINT.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    -- 'untimed', 'clock' (time_a minutes, time_b seconds a move) or 'days' (time_a).
    time_kind TEXT NOT NULL,
    time_a BIGINT NOT NULL,
    time_b BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    -- 'live' or 'over'.
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    -- The number of plies stored: the version a write must match.
    plies BIGINT NOT NULL,
    -- Every seat's clock (ms) as of last_move_at, comma-separated.
    clocks TEXT NOT NULL,
    last_move_at BIGINT NOT NULL,
    -- When the seat to move runs out of time, if it can.
    deadline_at BIGINT,
    draw_offer BIGINT,
    takeback_offer BIGINT
);

CREATE INDEX games_by_status_deadline ON games (status, deadline_at);
CREATE INDEX games_by_status_created ON games (status, created_at);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    -- SHA-256 of the seat's secret token, in hex: the token itself is never stored.
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE plies (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    notation TEXT NOT NULL,
    seat BIGINT NOT NULL,
    at BIGINT NOT NULL,
    -- Every seat's clock after the move, comma-separated.
    clocks TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
