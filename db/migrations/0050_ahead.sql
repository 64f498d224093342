-- A tournament announced ahead (bot/ahead): its check-in and what /new waits for.
-- A tournament's check-in before round 1 (issue 27, item 3): who pressed «Я на месте».
-- Kept beside the tournament rather than in its event log: it is the same for every kind, and
-- no kind's replay or log needs to learn it.
CREATE TABLE check_ins (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    at            TEXT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

-- What /new waits for: the tournament the organiser's wizard creates in that chat (any kind's),
-- with the start typed after /new (`/new завтра 19:00`; '' for none): then it is announced for
-- it, or for the start its wizard stored (bot.ahead.expected). `after_id`: the newest
-- tournament of the chat when /new was typed (only a newer one is it).
CREATE TABLE ahead_new (
    chat_id   BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    starts_at TEXT NOT NULL,
    after_id  INTEGER NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
