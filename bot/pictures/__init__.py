"""Pictures the bot sends (PNG): the Top's bracket, a player's rating history, the King of the
Hill final table.

Each picture has a plain data class holding exactly what is drawn (names, results, places,
rating points as the reader reads them), built from the tournament's state by a function of
its module, and a renderer that draws that data and nothing else: tests check the data and
that the PNG decodes at the expected size (text inside an image is not readable by a test).

matplotlib is imported inside the renderers only (``bot.pictures.canvas``): the bot starts
and idles without it, and the first picture loads it. Renders run in a worker thread
(``canvas.render``) so a picture never stalls the other chats.
"""
