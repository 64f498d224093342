-- A live board longer than one Telegram message is posted as several (bot.sender.post_parts):
-- the first stays board_message_id, the others are kept here in order (a JSON list of ids), so
-- every part is edited as results come in, not the first alone.
ALTER TABLE tournaments ADD COLUMN board_parts TEXT;
