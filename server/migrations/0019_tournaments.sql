-- Tournaments: an arena, a Swiss or a round robin, made by a player (creator) or by the
-- server's operator (no creator). The server's director moves each along in steps: a
-- step reads the tournament, its players and games, and writes what follows (results
-- noted, a round paired, the start, the end) only if `step` is still the one it read,
-- so each happens once whichever process makes it; the lease (leased_by, lease_until)
-- keeps the other processes from trying meanwhile.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- 'arena', 'swiss' or 'roundrobin'.
    kind TEXT NOT NULL,
    variant TEXT NOT NULL,
    time_kind TEXT NOT NULL,
    time_a BIGINT NOT NULL,
    time_b BIGINT NOT NULL,
    -- An arena's length.
    minutes BIGINT NOT NULL,
    -- A Swiss's rounds; a round robin's cycles until it starts, then its rounds.
    rounds BIGINT NOT NULL,
    cycles BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    programs BIGINT NOT NULL,
    max_players BIGINT NOT NULL,
    creator TEXT REFERENCES accounts (id),
    creator_name TEXT,
    created_at BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT,
    -- 'soon', 'running', 'finished' or 'cancelled'.
    state TEXT NOT NULL,
    round BIGINT NOT NULL,
    step BIGINT NOT NULL,
    changed_at BIGINT NOT NULL,
    leased_by TEXT,
    lease_until BIGINT
);
CREATE INDEX tournaments_by_state ON tournaments (state, starts_at);
CREATE INDEX tournaments_by_creator ON tournaments (creator, state);

-- Who plays: their name and rating as they were when they joined, and which pool they
-- are rated in ('people' or 'programs').
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    name TEXT NOT NULL,
    rating BIGINT NOT NULL,
    pool TEXT NOT NULL,
    joined_at BIGINT NOT NULL,
    withdrawn BIGINT NOT NULL,
    paused BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_players_by_account ON tournament_players (account_id);

-- The games a tournament paired: the first seat's player and the second's; the score
-- ('first', 'second', 'draw', 'void') once the director has seen it end, and when.
CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    game_id TEXT NOT NULL,
    round BIGINT NOT NULL,
    first_account TEXT NOT NULL,
    second_account TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    score TEXT,
    ended_at BIGINT,
    PRIMARY KEY (tournament_id, game_id)
);
CREATE INDEX tournament_games_live ON tournament_games (tournament_id, score);

-- A Swiss round sat out with a point.
CREATE TABLE tournament_byes (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    account_id TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round)
);
