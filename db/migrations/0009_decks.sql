-- Deck lists (issue 13): the club's card list (loaded by an organiser from CSV), the banned
-- cards of each Constructed sub-format (612), and each player's list of a tournament.

-- One row a card; ``card_key`` is the forgiving match of its name (rules.decks.names).
CREATE TABLE card_list (
    card_key   TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    set_name   TEXT NOT NULL DEFAULT '',
    card_class TEXT NOT NULL DEFAULT '',
    card_type  TEXT NOT NULL DEFAULT '',
    horde      INTEGER NOT NULL DEFAULT 0
);

-- sub_format: classic | standard | block | class_wars (rules.decks.checks.SubFormat).
CREATE TABLE banned_cards (
    sub_format TEXT NOT NULL,
    card_key   TEXT NOT NULL,
    name       TEXT NOT NULL,
    added_by   INTEGER NOT NULL,
    added_at   TEXT NOT NULL,
    PRIMARY KEY (sub_format, card_key)
);

-- A player's current list (the text as sent, re-read by the rules when shown), whether it
-- passed the checks when stored, and who stored it (the player, or a judge's edit).
CREATE TABLE deck_lists (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    list_text     TEXT NOT NULL,
    valid         INTEGER NOT NULL,
    stored_by     INTEGER NOT NULL,
    stored_at     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);
