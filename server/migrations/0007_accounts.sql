-- Accounts: a name (unique without regard to case: `name_key` is it in lower case), a
-- password kept only as its Argon2id hash (a PHC string, its salt and parameters in it),
-- a person's or a program's. A closed account keeps its row, so that its games still
-- name it ("deleted player") and its name is nobody else's for 30 days; after that its
-- key is freed.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    kind TEXT NOT NULL,
    rated_with_people INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    closed_at BIGINT
);
-- Sessions, server-side: only the SHA-256 of a session's secret is kept. A browser's
-- session (a cookie) expires; a program's token lasts until it logs out. A password's
-- change ends every session of its account.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    kind TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT
);
CREATE INDEX sessions_by_account ON sessions (account_id);
