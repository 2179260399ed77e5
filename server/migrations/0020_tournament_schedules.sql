-- Tournaments the server's operator scheduled to come back: each day at a time of day
-- (at_minute, minutes after midnight UTC). The director makes each one an hour before it
-- starts (next_at) and moves next_at on a day, in one statement that only one process's
-- try can win, so each is made once.
CREATE TABLE tournament_schedules (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    variant TEXT NOT NULL,
    time_kind TEXT NOT NULL,
    time_a BIGINT NOT NULL,
    time_b BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    rounds BIGINT NOT NULL,
    cycles BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    programs BIGINT NOT NULL,
    max_players BIGINT NOT NULL,
    at_minute BIGINT NOT NULL,
    next_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX tournament_schedules_next ON tournament_schedules (next_at);
