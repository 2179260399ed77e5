-- Relations between players: one follows another (to see them online and their games),
-- or blocks them (they may not challenge, and the two are not paired for quick games).
-- And whom a player takes challenges from: everyone, the players they follow, nobody.
CREATE TABLE relations (
    from_account TEXT NOT NULL REFERENCES accounts (id),
    to_account TEXT NOT NULL REFERENCES accounts (id),
    kind TEXT NOT NULL,
    to_name TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (from_account, to_account)
);
CREATE INDEX relations_to ON relations (to_account, kind);
CREATE TABLE challenge_choices (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id),
    accept TEXT NOT NULL
);
