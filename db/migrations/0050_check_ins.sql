-- A tournament's check-in before round 1 (issue 27, item 3): who pressed «Я на месте».
-- Kept beside the tournament rather than in its event log: it is the same for every kind, and
-- no kind's replay or log needs to learn it.
CREATE TABLE check_ins (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    at            TEXT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);
