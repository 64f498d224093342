-- The web board's link of a tournament (bot/web): an unguessable token, made on first use, so
-- that the page's address does not give away the tournament's number nor lead to the others.
CREATE TABLE board_links (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
    token         TEXT NOT NULL UNIQUE
);
