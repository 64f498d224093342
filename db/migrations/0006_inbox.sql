-- Every update polling fetched, written before the next getUpdates confirms it to Telegram
-- (bot.polling): a row is an update received and not finished yet. A crash leaves it here, and
-- the next start handles it; processed_updates still tells which ones were finished already.
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    update_json TEXT NOT NULL,
    received_at TEXT NOT NULL
);
