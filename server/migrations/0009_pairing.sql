-- Quick games: each player waiting for an opponent, with the variant and time asked for,
-- their rating there, and which players they may meet (people, and the programs that
-- are rated against people; or the programs that are not). A pairing writes the game
-- and seat into the other player's row, which their next look takes and clears.
CREATE TABLE pairing (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id),
    variant TEXT NOT NULL,
    time_kind TEXT NOT NULL,
    time_a BIGINT NOT NULL,
    time_b BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    pool TEXT NOT NULL,
    asked_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL,
    game_id TEXT,
    seat BIGINT
);
CREATE INDEX pairing_by_game ON pairing (variant, time_kind, time_a, time_b, pool);
