-- Who sits in a seat, where a signed-in player took it; whether a game is rated.
ALTER TABLE seats ADD COLUMN account_id TEXT REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX seats_by_account ON seats (account_id);
-- A Glicko-2 rating per account and variant, and the change each rated game made (the
-- history a player's page draws; its key makes a game's change once per account).
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (account_id, variant)
);
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    variant TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE INDEX rating_changes_by_account ON rating_changes (account_id, variant, at);
