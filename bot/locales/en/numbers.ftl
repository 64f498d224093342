# Refusals of a number out of range (bot/numbers.py): each names the bounds.

numbers-club_id = A club ID is a whole number from 1 to 999,999,999.
numbers-telegram_id = A Telegram user id is a positive whole number of at most 16 digits.
numbers-rating = A rating is a number from 0.01 to 4,999.99 (e.g. 1100 or 900.5).
numbers-fee = The entry fee is a whole number of rubles, at least 2,500 and at most 1,000,000 ₽.
numbers-fund = A prize contribution is a whole number of rubles from 1 to 1,000,000.
numbers-norm = A norm is a whole number of wins from 1 to 99.
numbers-koth_minutes = The main time can be extended by a whole number of minutes from 1 to 600.
numbers-swiss_minutes = Time can be extended by a whole number of minutes from 1 to 180.
numbers-round = A round number is a whole number from 1 to 99.
numbers-table = A table number is a whole number from 1 to 999.
