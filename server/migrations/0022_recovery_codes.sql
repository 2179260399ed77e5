-- Recovery codes: each sets an account's password once, in place of e-mail. Only their
-- SHA-256 is kept (a code is twelve random characters of 32, 60 bits: no slow hash
-- needed against a guess, which the logins' limits bound anyway). spent_at: when used.
CREATE TABLE recovery_codes (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    code_hash TEXT NOT NULL,
    made_at BIGINT NOT NULL,
    spent_at BIGINT,
    PRIMARY KEY (account_id, code_hash)
);
