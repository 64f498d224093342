# Penalties of a card tournament (rules.penalties, bot.swiss.penalties): /penalty and the
# buttons on the tables of /pending.

menu-penalty = Penalise a player: warning, game or match loss, disqualification
penalties-usage = A penalty: <code>/penalty &lt;player&gt; warning|game_loss|match_loss|dq &lt;reason&gt;</code>
    The player: @username, club id or a reply to the player's message. warning; game_loss — a lost game; match_loss — a lost match; dq — disqualification. The reason is required.
penalties-kind_warning = warning
penalties-kind_game_loss = game loss
penalties-kind_match_loss = match loss
penalties-kind_dq = disqualification
penalties-not_open = Penalties are given only while the tournament takes players or runs.
penalties-not_in = { $name } is not in this tournament.
penalties-no_open_match = { $name } has no open match now: a game or match loss is given once the player's next match is paired. A warning and a disqualification can be given any time.
penalties-already_disqualified = { $name } is disqualified already.
penalties-changed = { $name }'s table changed meanwhile. Please try again.
penalties-recorded = ⚖️ Recorded — { $kind }: { $name }.
penalties-reason = Reason: { $reason }
penalties-effect_match_judge = Round { $round }, table { $table }: a technical loss, a technical win for the opponent.
penalties-effect_game_judge = Round { $round }, table { $table }: the game goes to the opponent, the match goes on.
penalties-effect_dq_judge = The player is out of the tournament; past results stand, no place and no prize.
penalties-effect_match_own = Round { $round }, table { $table }: a technical loss.
penalties-effect_game_own = Round { $round }, table { $table }: the game goes to your opponent. Report the match's final score with it counted.
penalties-effect_dq_own = You are out of the tournament: past results stand, no place and no prize.
penalties-told = ⚖️ “{ $tournament }”: a judge's penalty — { $kind }.
penalties-credited = ⚖️ “{ $tournament }”, round { $round }, table { $table }: your opponent got a game loss, the game is yours. Report the match's final score with it counted.
penalties-group_match = ⚖️ Round { $round }, table { $table }: a technical loss by the judge's ruling — { $name }.
penalties-group_dq = ⚖️ Disqualified by the judge's ruling: { $name }. No place and no prize.
penalties-earlier = Earlier { $count ->
    [one] { $count } penalty
   *[other] { $count } penalties
}:
penalties-first = No other penalties.
penalties-history_line = • { $day } · “{ $tournament }” · { $kind }: { $reason }
penalties-history_line_other = • { $day } · “{ $tournament }” · { $kind }
penalties-profile_title = <b>Penalties</b>
penalties-dq_mark = {" "}(disqualified, no place)
penalties-your_place_dq = Disqualified: no place.
penalties-ask_player = ⚖️ Table { $table }: whom to penalise?
penalties-ask_kind = ⚖️ A penalty — { $name }. Which?
penalties-ask_reason = ⚖️ { $kind } — { $name }. Write the reason in your next message (/cancel to stop).
penalties-recorded_private = ⚖️ Penalty recorded. The reason and the player's earlier penalties are in your private chat with me.
penalties-recorded_open_chat = ⚖️ Penalty recorded. I show the reason and the player's earlier penalties only in a private chat: open a chat with me and press “Start”.
penalties-asked_privately = ⚖️ Let's go on in your private chat with me.
penalties-open_chat = A penalty is given in your private chat with me, so that its reason stays out of the group: open a chat with me, press “Start”, then press the button again.
penalties-btn_table = ⚖️ Penalty: table { $table }
penalties-reason_bad = The reason is text of up to 200 characters. Write it as a reply to this message.
log-sw_penalty = penalty — { $kind }: { $name } ({ $reason })
log-sw_penalty_public = penalty — { $kind }: { $name }
swiss-join_disqualified = Disqualified in this tournament, no way back: { $name }.
