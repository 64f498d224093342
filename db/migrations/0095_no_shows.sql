-- No-shows (issue 27, item 7): whether a group's organisers approve the entries of a player
-- flagged for no-shows (bot/no_shows). The no-shows themselves are each kind's technical
-- results for absence, read from its event log; only the group's choice is kept here.
-- A group without a row has it off (the default).
CREATE TABLE no_show_rules (
    chat_id  BIGINT PRIMARY KEY,
    approval INTEGER NOT NULL
);
