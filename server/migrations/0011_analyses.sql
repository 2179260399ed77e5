-- Finished games' analyses by the server's computer. A row is asked for by an owner
-- (whose share of the computer it takes, as a game's computer turns do), taken by one
-- process under a lease it renews as it goes (a process that dies lets it run out and
-- another takes it again, from the start), and once done holds every ply judged: the
-- JSON of the protocol's analysed plies, served to everyone who looks.
CREATE TABLE analyses (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    owner TEXT NOT NULL,
    asked_at BIGINT NOT NULL,
    positions BIGINT NOT NULL,
    searched BIGINT NOT NULL DEFAULT 0,
    lease_until BIGINT,
    taken_by TEXT,
    done_at BIGINT,
    plies TEXT
);
CREATE INDEX analyses_waiting ON analyses (done_at, asked_at);
