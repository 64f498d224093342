-- A tournament's check-in before round 1 (issue 27, item 3): who pressed «Я на месте».
-- Kept beside the tournament rather than in its event log: it is the same for every kind, and
-- no kind's replay or log needs to learn it.
CREATE TABLE check_ins (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    at            TEXT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

-- A start typed with /new (`/new завтра 19:00`), waiting for the organiser's wizard to create
-- the tournament in that chat (any kind's): then it is announced (bot.ahead). `after_id`: the
-- newest tournament of the chat when /new was typed (only a newer one takes the start).
CREATE TABLE ahead_new (
    chat_id   BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    starts_at TEXT NOT NULL,
    after_id  INTEGER NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
