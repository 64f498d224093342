"""The live web board of a tournament: one page per tournament, for phones, the club TV
(``?tv=1``) and Telegram's Mini App, served by the bot's own process (``bot.web.server``).

The server and the views are imported only when the board is served (``WEB_PORT`` or webhook
mode): a bot without it pays nothing for them at start-up.
"""
