-- Telegram may deliver an update twice (a retry, or again after a crash before the offset was
-- confirmed): the ids of handled updates make the second delivery a no-op.
CREATE TABLE processed_updates (
    update_id INTEGER PRIMARY KEY,
    at        TEXT NOT NULL
);
