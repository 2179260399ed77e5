-- The devices each account has logged in from: a device's token (kept only as its
-- SHA-256) shown at a login spares the owner the throttle that strangers' wrong
-- passwords put on the account. One device may be known to several accounts.
CREATE TABLE known_devices (
    token_hash TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (token_hash, account_id)
);
CREATE INDEX known_devices_by_seen ON known_devices (seen_at);
