-- Challenges: a player challenges another by name to a game. Both names are kept as
-- they were when it was sent. An open challenge is answered (accepted: the game and the
-- challenger's seat; declined: the reason), cancelled by its sender, or expires.
-- changed_at is when it last changed, which every process watches to tell its waiting
-- players.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    from_account TEXT NOT NULL REFERENCES accounts (id),
    from_name TEXT NOT NULL,
    to_account TEXT NOT NULL REFERENCES accounts (id),
    to_name TEXT NOT NULL,
    variant TEXT NOT NULL,
    time_kind TEXT NOT NULL,
    time_a BIGINT NOT NULL,
    time_b BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    colour TEXT NOT NULL,
    rating BIGINT NOT NULL,
    provisional BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    changed_at BIGINT NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    game_id TEXT,
    from_seat BIGINT
);
CREATE INDEX challenges_to ON challenges (to_account, state);
CREATE INDEX challenges_from ON challenges (from_account, state);
CREATE INDEX challenges_changed ON challenges (changed_at);
