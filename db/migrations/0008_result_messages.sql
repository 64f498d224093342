-- A report can be changed while its opponent has not answered: each change is a new revision,
-- and the buttons of an older revision's request are stale.
ALTER TABLE reports ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

-- Messages carrying a game's buttons (its result buttons in the group and in private, the
-- confirmation request, the judges' decision buttons): replaced by one line once it settles.
CREATE TABLE game_messages (
    tournament_id INTEGER NOT NULL,
    game_key      TEXT NOT NULL,
    chat_id       INTEGER NOT NULL,
    message_id    INTEGER NOT NULL,
    lang          TEXT NOT NULL,
    PRIMARY KEY (chat_id, message_id)
);
CREATE INDEX game_messages_game ON game_messages (tournament_id, game_key);
