# The Overlord series (606): bot/series, handlers/series
menu-series = The Overlord series: its table
series-title = <b>👑 Overlord series #{ $id }: the “{ $deck }” deck, { $city }</b>
series-period = Period: { $start } — { $end }
series-overlord = The Overlord is played by { $name }
series-status_running = Runs through { $until }.
series-status_beaten = Over: the Overlord deck was beaten; { $name } gets it.
series-status_kept = Over: 15 or more tournaments were held; the deck stays with { $overlord }.
series-status_not_held = Over: fewer than 15 tournaments — the cycle did not take place; the deck goes back to the game's makers.
series-held = Tournaments held: { $count } of { $need }
series-extended_note = The series was extended: tournaments after { $official } allow only cards released before that day.
series-table_title = <b>Crystals</b>
series-table_row = { $place }. { $name } — { $count ->
    [one] { $count } crystal
   *[other] { $count } crystals
}
series-table_empty = Nobody has crystals yet.
series-duels_title = <b>Challenges to the Overlord</b>
series-duel_row = Tournament “{ $tournament }”: { $name } — { $result }{ $used ->
    [0] {""}
   *[other] , crystals spent: { $used }
}
series-duel_open = may play
series-duel_asked = the game is being arranged
series-duel_player = beat the Overlord
series-duel_overlord = lost to the Overlord
series-duel_draw = a draw
series-crystals_one = { $name } — { $count ->
    [one] { $count } crystal
   *[other] { $count } crystals
}
series-crystals_given = 💎 Crystals of the “{ $deck }” series: { $given }
series-not_counted = The “{ $deck }” series is already over: this tournament earns no crystals.
series-challenge_offer = 👑 { $winner } won the tournament “{ $tournament }” and may play one game against the Overlord deck “{ $deck }” (with any deck legal in Block Constructed). Crystals in the series: { $crystals }.
    { $overlord }, agree on a time here in the chat. A judge records the result: <code>/series result { $id }</code> and <code>win</code>, <code>loss</code> or <code>draw</code>, then the crystals spent.
series-btn_ask = ⚔️ Challenge the Overlord
series-asked = ⚔️ { $winner } challenges the “{ $deck }” deck. { $overlord }, agree on the time of the game in this chat. It ends only in a clean win of either side or a draw; a judge records it: <code>/series result { $id }</code> and <code>win</code>, <code>loss</code> or <code>draw</code>, then the crystals spent.
series-recorded_player = 🏆 The Overlord deck “{ $deck }” is beaten! The series is over.
series-recorded_overlord = The Overlord “{ $deck }” stood. The crystals spent on the squad ({ $used }) stay with the player.
series-recorded_draw = The game against the Overlord “{ $deck }” is a draw. The crystals spent on the squad ({ $used }) stay with the player.
series-ended_beaten = 🏆 The Overlord series ({ $city }) is over: the “{ $deck }” deck was beaten; { $winner } gets it. The series' table is frozen.
series-ended_kept = 🏁 The period of the “{ $deck }” series ({ $city }) is over: { $held } tournaments held, the Overlord deck was not beaten and stays with { $overlord }.
series-ended_not_held = 🏁 The period of the “{ $deck }” series ({ $city }) is over: { $held } of 15 tournaments held, the cycle did not take place. The Overlord deck goes back to the game's makers.
series-created = 👑 Overlord series #{ $id } created: the “{ $deck }” deck, { $city }, { $start } — { $end }. The Overlord is played by { $overlord }.
    Its tournaments (Constructed or Draft, 6 players or more, at most two a week) are created with /new. The table: /series.
series-new_usage = To create a series: <code>/series new City; Overlord deck; 01.06.2026; 31.08.2026; @player</code> (that player plays the Overlord; names up to { $max } characters).
series-result_usage = To record a game against the Overlord: <code>/series result tournament_number win|loss|draw [crystals spent]</code>. win — the player won, loss — the Overlord did; it ends only in a clean win or a draw.
series-extend_usage = To extend the series: <code>/series extend 15.09.2026</code>.
series-extended = The “{ $deck }” series is extended to { $end }. Tournaments after its official end ({ $official }) allow only cards released before it.
series-bad_day = I cannot read the date “{ $text }”: write it as 31.08.2026.
series-in_group = Series are created and extended in the club's group.
series-who_unknown = I do not know the player { $who }: reply with the command to the player's message, or give the @username of someone the bot has seen, or a club number.
series-unknown = There is no series #{ $id }.
series-usage = A series' table: /series or /series number.
series-none = This chat has no Overlord series yet. An organiser creates one with /series new.
series-none_running = This chat has no running Overlord series.
series-bad_period = The series' period ends before it starts.
series-period_over = A period ending on { $end } is already over.
series-city_busy = { $city } already has a running series, #{ $id } (the “{ $deck }” deck).
series-not_running = The “{ $deck }” series is over: the tournament cannot join it.
series-week_full = { $city } already has two series tournaments this week — “{ $first }” and “{ $second }”. A third is not allowed (606.5).
series-not_yours = This right to play the Overlord is not yours.
series-no_duel = Tournament #{ $id } has no open right to play the Overlord.
series-over = The “{ $deck }” series is already over.
series-too_many_crystals = The player has { $have } crystals; { $used } cannot be spent.
series-picture_title = The Overlord series: the “{ $deck }” deck, { $city }
series-picture_subtitle = { $start } — { $end } · tournaments held: { $count } of { $need }
series-picture_crystals = Crystals
series-picture_caption = 👑 The Overlord series' table
series-web_kind = The Overlord series
series-col_place = Place
series-web_link = 📺 The table on the web board: { $url }
series-late_cards = ⚠️ The series was extended: this tournament allows only cards released before { $official } (606.11).
series-format = An Overlord series tournament is Constructed or Draft only (606.2).
