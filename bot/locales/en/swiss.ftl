# /result [round] <table> <result> [score] [reason] (bot/swiss/corrections.py)

swiss-label = table { $table }, round { $round }
swiss-no_top = none
swiss-auto = auto
swiss-status_open = …
swiss-status_pending = ⏳ awaiting confirmation
swiss-status_done = ✅ { $result }
swiss-board_title = <b>{ $name }</b> · Round { $round } of { $total } · until { $ends }
swiss-board_top_title = <b>{ $name }</b> · { $round } · until { $ends }
swiss-board_line = Table { $table }  { $a } ({ $pa }) — { $b } ({ $pb })  { $status }
swiss-board_bye = Auto-win (bye): { $name }
swiss-your_table = { $round }: table { $table }, opponent — { $opponent } ({ $points }). Good luck! Report the result with the buttons.
swiss-your_table_top = { $round }, table { $table }, opponent — { $opponent }. Good luck! Report the result with the buttons.
swiss-your_bye = Round { $round }: you have the bye (auto-win, 2.9 points).
swiss-btn_won = I won
swiss-btn_lost = I lost
swiss-btn_draw = Draw
swiss-btn_join = ✋ Join
swiss-round_complete = ✅ { $round } — all results are in.
swiss-next_swiss_round = The judge starts the next round with /next_round.
swiss-next_top = The Swiss rounds are over; the Top of { $size } players comes next: the judge starts it with /next_round.
swiss-next_finish = The Swiss rounds are over and there is no Top: the judge closes the tournament with /next_round.
swiss-next_top_stage = The judge starts the { $stage } with /next_round.
swiss-finished = 🏁 The tournament “{ $name }” is over.
swiss-winner = 🏆 Winner: { $name }
swiss-unrated = No rating changed: the tournament was not in one of the club's groups, and its organiser entered every result — no player confirmed any.
swiss-unrated_private = The tournament “{ $name }” is over. It changed no rating.
swiss-rating_title = <b>Rating changes ({ $discipline }, base K = { $k })</b>
swiss-rating_line = { $name }: { $delta }
swiss-rating_line_unrated = { $name }: unchanged — no confirmed result
swiss-rating_private = “{ $name }” is over. Your { $discipline } rating changed by { $delta }: now { $rating }.
swiss-tb_bh = Buchholz
swiss-tb_mbh = Median Buchholz
swiss-tb_cw = Wins
swiss-tb_h2h = Head-to-head
swiss-tb_sb = Sonneborn-Berger
swiss-tb_omw = OMW%
swiss-tb_gw = GW%
swiss-tb_ogw = OGW%
swiss-standings_title = <b>Standings after { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }</b>
    # Player — points · { $tie_breaks }
swiss-standings_line = { $rank }. { $name }{ $mark } — { $points } · { $values }
swiss-standings_cut = … and { $count } more — the whole table: /standings { $id } in a private chat with me, or on the web board (/board).
swiss-standings_none = No standings yet: the table appears once every result of round 1 is in.
swiss-dropped_mark = {" "}(dropped)
swiss-not_in_registration = The tournament has already started.
swiss-too_few = Too few players: { $count }, at least { $need } are needed.
swiss-not_running = The tournament is not running.
swiss-repair_too_late = The round can be re-paired only while no result of it is in.
swiss-round_open = The round is not finished: { $count ->
        [1] table { $tables } has no final result yet. Record it
       *[other] tables { $tables } have no final result yet. Record them
    } with /result &lt;table&gt; &lt;{ $codes }&gt; or wait for the players.
swiss-round_open_match = The round is not finished: { $count ->
        [1] table { $tables } has no final result yet. Record it
       *[other] tables { $tables } have no final result yet. Record them
    } with /result &lt;table&gt; &lt;{ $codes }&gt; &lt;score&gt; (a win is 2:0 or 2:1) or wait for the players.
swiss-no_legal_pairing = ⚠️ Round { $round } cannot be paired without a rematch: every pairing repeats a game. Judge, decide how to go on: /top ends the Swiss rounds and starts the Top, /finish ends the tournament; or drop or add a player.
swiss-no_such_table = There is no table { $table } in this round.
swiss-result_usage = Usage: /result [round] &lt;table&gt; &lt;a|b|ta|tb|na|nb|nn|draw|dl&gt; [reason]. a — the first player of the table won, b — the second, ta/tb — technical win, na/nb — that player did not come (the other's technical win), nn — neither came, draw — a draw, dl — a technical loss for both. Without a round: the current round. Example: /result 1 3 b wrong report
swiss-result_recorded = ⚖️ Result recorded ({ $game }): { $claim }.
swiss-result_usage_match = Usage: /result [round] &lt;table&gt; &lt;a|b|ta|tb|na|nb|nn|draw|dl&gt; [score] [reason]. a — the first player of the table won, b — the second (score 2:0 or 2:1), ta/tb — technical win, na/nb — that player did not come (the other's technical win), nn — neither came, draw — a draw (1:1 or 0:0), dl — a technical loss for both. Without a round: the current round. Example: /result 1 3 b 2:1 wrong report
swiss-result_needs_score = A match result needs its score: { $command } 2:0 or { $command } 2:1.
swiss-result_usage_top = Usage: /result [round] &lt;table&gt; &lt;a|b|ta|tb&gt; [score] [reason]. No draws in the Top: a — the first player of the table won, b — the second, ta/tb — technical win; in a best of three with the score 2:0 or 2:1.
swiss-result_recorded_corrected = ⚖️ Result corrected ({ $game }): { $claim }. It was: { $before }.
swiss-result_told = ⚖️ The judge recorded the result of your game ({ $game }): { $claim }.
swiss-result_told_corrected = ⚖️ The judge corrected the result of your game ({ $game }): { $claim }. It was: { $before }.
swiss-result_reason = Reason: { $reason }
swiss-result_later_rounds = Pairings already made stand; the standings, tie-breaks and the pairings of the next rounds use the corrected result.
swiss-result_no_round = Round { $round } has not been played in this tournament.
swiss-result_no_round_table = Round { $round } has no table { $table }.
swiss-result_top_needs_winner = No draws in the Top: a match needs a winner.
swiss-result_top_moved_on = The Top's next round is already paired: the winner of table { $table } (round { $round }) can no longer change, only the score.
swiss-ten_minutes = ⏰ { $round }: 10 minutes left.
swiss-time_swiss = ⏰ { $round }: time! { $count ->
        [1] Table
       *[other] Tables
    } { $tables }: the player on turn finishes their turn, then two more cycles. Still undecided — a draw.
swiss-time_top_more_life_wins = ⏰ { $round } — time! { $count ->
        [1] Table
       *[other] Tables
    } { $tables }: the player on turn finishes their turn, then two more cycles. Still undecided — the hero with more life wins; with equal lives play goes on until one hero has more.
swiss-time_top_play_to_result = ⏰ { $round } — time! { $count ->
        [1] Table
       *[other] Tables
    } { $tables }: the player on turn finishes their turn, then two more cycles. No draws in the Top: still undecided, the game is played to a result.
swiss-table_time_swiss = ⏰ { $round }, table { $table }: extra time is over. Finish the turn, then two more cycles; undecided — a draw.
swiss-table_time_top_more_life_wins = ⏰ { $round }, table { $table }: extra time is over. Finish the turn, then two more cycles; undecided — the hero with more life wins, equal lives play on.
swiss-table_time_top_play_to_result = ⏰ { $round }, table { $table }: extra time is over. Finish the turn, then two more cycles; no draws in the Top — the game is played to a result.
swiss-late_time = the round's time ended at { $due }
swiss-late_table_time = the extra time of table { $table } ended at { $due }
swiss-extend_usage = Usage: /extend &lt;minutes&gt; for the round, /extend &lt;table&gt; &lt;minutes&gt; for one table.
swiss-extended_round = ⏱ The round gets { $minutes } more { $minutes ->
        [one] minute
       *[other] minutes
    }: until { $until }.
swiss-extended_table = ⏱ Table { $table } gets { $minutes } more { $minutes ->
        [one] minute
       *[other] minutes
    }: until { $until }.
swiss-no_round_yet = No round is paired yet.
swiss-export_title = <b>{ $name }</b>: standings and results (CSV)
swiss-export_where = I send a tournament's export only to its own chat or to your private chat with me.
swiss-wiz_name = 🃏 A Berserk tournament (Swiss + Top). Send its name.
swiss-wiz_answer = { $what }: { $answer }
swiss-wiz_said_name = Name
swiss-wiz_said_fmt = Format
swiss-wiz_said_sub = Sub-format
swiss-wiz_said_strict = Strictness
swiss-wiz_said_rounds = Swiss rounds
swiss-wiz_said_top = Top
swiss-wiz_said_time = Round time, minutes
swiss-wiz_said_tb = Tie-breaks
swiss-wiz_said_game = Game
swiss-wiz_said_k = Base K
swiss-wiz_said_kind = Kind
swiss-wiz_said_auto = Auto-win rounds
swiss-wiz_said_boosters = Boosters per draft
swiss-wiz_said_drafts = Rounds with a draft
swiss-wiz_said_product = Each player opens
swiss-wiz_said_unify = Heroes tournament
swiss-wiz_name_bad = A name of 1 to { $max } characters, please.
swiss-wiz_fmt = Format?
swiss-wiz_fmt_constructed = Constructed
swiss-wiz_fmt_constructed_bo3 = Constructed, best-of-three matches
swiss-wiz_strict = Strictness level?
swiss-wiz_strict_amateur = Amateur (no deck lists)
swiss-wiz_strict_professional = Professional (deck lists optional)
swiss-wiz_strict_highest = Highest (deck lists required)
swiss-wiz_rounds = Swiss rounds? (auto: by the number of players)
swiss-wiz_rounds_auto = Auto
swiss-wiz_rounds_3 = 3
swiss-wiz_rounds_4 = 4
swiss-wiz_rounds_5 = 5
swiss-wiz_rounds_6 = 6
swiss-wiz_rounds_7 = 7
swiss-wiz_top = Top size? (auto: by the number of players — 4–5: a final of the best two, 6–16: Top 4, 17–64: Top 8, more: Top 16; it must not exceed the field, checked at /begin)
swiss-wiz_top_auto = Auto
swiss-wiz_top_0 = No Top
swiss-wiz_top_2 = 2
swiss-wiz_top_4 = 4
swiss-wiz_top_8 = 8
swiss-wiz_top_16 = 16
swiss-wiz_time = Round time, minutes?
swiss-wiz_time_30 = 30
swiss-wiz_time_40 = 40
swiss-wiz_time_50 = 50
swiss-wiz_time_60 = 60
swiss-wiz_tb = Tie-breaks?
swiss-wiz_tb_default = Buchholz, median Buchholz, wins, head-to-head
swiss-wiz_tb_mtg = OMW%, GW%, OGW%
swiss-wiz_tb_sb = Buchholz, Sonneborn-Berger, wins, head-to-head
swiss-created = 🃏 Tournament #{ $id } “{ $name }”: { $format }, { $strictness }. Rounds: { $rounds }, Top: { $top }, { $minutes } min per round. { $match }.
    Game: { $game } · base K = { $k } · { $kind }.
    Registration is open: the button below, /join, or { $link }
swiss-join_joined = { $name }, you are in.
swiss-join_already = { $name }, you are already registered.
swiss-join_late = { $name } joins with 0 points from the next round.
swiss-join_closed = Registration is closed.
swiss-consent_ask = 🙋 An organiser is entering you in the tournament “{ $tournament }” of the group “{ $group }”. Will you play? If not, just leave this.
swiss-join_asked = { $name } is not in the tournament's group: the question was sent, and the entry follows the player's yes.
swiss-join_cannot_ask = { $name } is not in the tournament's group and never opened the bot's chat: no entry without the player's consent. The player can send /start to the bot or join the group.
swiss-join_not_asked = There is no such invitation: nobody asked you into this tournament.
swiss-drop_left = Registration cancelled: { $name }.
swiss-drop_dropped = Dropped: { $name }. The results stay; no pairing from the next round on.
swiss-drop_not_in = { $name } does not play in this tournament.
swiss-add_usage = Reply /add to the player's message, or /add @username, or /add &lt;club id&gt;. During the tournament you may add how the player's missed rounds count: zero (0 points), loss (technical losses), bye (auto-wins).
swiss-roster = Players ({ $count }): { $names }
swiss-round_name = Round { $round }
swiss-top_name = Top: { $stage }
swiss-label_top = table { $table }, { $round }
swiss-stage_final = final
swiss-stage_semi_final = semi-final
swiss-stage_quarter_final = quarter-final
swiss-stage_eighth_final = round of 16
swiss-stage_top_round = knockout round
swiss-score_hint = The match score — your wins first.
swiss-finished_early = 🏁 The tournament “{ $name }” was finished early by the organiser: standings and ratings as played.
swiss-cancelled = 🚫 The tournament “{ $name }” was cancelled by the organiser. Ratings do not change.
swiss-not_open = The tournament is already over or cancelled.
swiss-confirm_finish = Finish the tournament “{ $name }” now? Standings and ratings will count the results already in; unfinished tables do not count.
swiss-confirm_cancel = Cancel the tournament “{ $name }”? Its results will not be rated; the timers stop.
swiss-finish_in_registration = The tournament has not started: nothing to finish. To cancel it: /cancel.
swiss-btn_finish_yes = 🏁 Yes, finish
swiss-btn_cancel_yes = 🚫 Yes, cancel
swiss-btn_keep = No
swiss-kept = The tournament goes on.
swiss-join_late_loss = { $name } joins from the next round; the missed rounds count as technical losses.
swiss-join_late_bye = { $name } joins from the next round; the missed rounds count as auto-wins.
swiss-match_1 = Matches of one game
swiss-match_3 = Best-of-three matches
swiss-entry_requested = The tournament is under way: you can enter only with an organiser's approval. Your request has been sent; I will tell you the answer.
swiss-entry_asked_before = Your request is already with the organiser. I will tell you the answer.
swiss-entry_request = ✋ A request to enter the running tournament “{ $tournament }”: { $name }. Entry from the next round.
swiss-btn_entry_yes = ✅ Accept
swiss-btn_entry_no = ❌ Decline
swiss-entry_request_held = ✋ A request to enter “{ $tournament }”: { $name }. An organiser's approval is needed.
swiss-entry_held = Entering this tournament needs an organiser's approval. Your request has been sent; I will tell you the answer.
swiss-entry_accepted_joined = ✅ The organiser accepted your request: you are on the list of “{ $tournament }”.
swiss-entry_accepted_note = Request accepted: { $name }.
swiss-entry_declined_note = Request declined: { $name }.
swiss-join_already_other = { $name } is already in the tournament.
swiss-entry_accepted = ✅ The organiser accepted your request: you play in “{ $tournament }” from the next round.
swiss-entry_declined = The organiser declined your request to enter “{ $tournament }”.
swiss-entry_closed = You can no longer enter “{ $tournament }”: it is closed to new players.
swiss-places_title = <b>Final places</b>: the Top, then the Swiss ({ $rounds } { $rounds ->
        [one] round
       *[other] rounds
    })
    # Player — Swiss points · { $tie_breaks }
swiss-places_live_title = <b>Places: the Top is on</b> (Swiss: { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    })
    # Player — Swiss points · { $tie_breaks }
swiss-your_place = Your place: { $place } of { $count }.
swiss-top_short = ⚠️ The Top needs { $wanted } { $wanted ->
        [one] player
       *[other] players
    }, and { $eligible } { $eligible ->
        [one] is
       *[other] are
    } still in. Play a Top of { $fits }, or finish the tournament on the Swiss standings?
swiss-top_short_none = ⚠️ The Top needs { $wanted } { $wanted ->
        [one] player
       *[other] players
    }, and { $eligible } { $eligible ->
        [one] is
       *[other] are
    } still in: no Top can be filled. Finish the tournament on the Swiss standings?
swiss-btn_top_size = 🏆 Top of { $size }
swiss-btn_top_finish = 🏁 Finish the tournament
swiss-top_usage = Usage: /top ends the Swiss rounds and starts the Top (its size from the tournament's settings), /top &lt;size&gt; a Top of 2, 4, 8, 16 or 32 players.
swiss-top_already = The Top has already begun.
swiss-top_no_round = The Top starts after at least one Swiss round has been played.
swiss-begin_misfit = ⚠️ Players: { $players }. This cannot be played: { $problems }.
swiss-misfit_rounds = { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    } chosen, and no more than { $max } can be played without a rematch
swiss-misfit_top = a Top of { $top } chosen, with fewer players
swiss-btn_begin_fit = ▶️ Begin: { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }, Top { $top }
swiss-drop_self_left = { $name }, you are no longer entered in “{ $tournament }”.
swiss-drop_self_dropped = { $name }, you dropped from “{ $tournament }”: your results stay, you get no pairing from the next round on.
swiss-staff_drop_self = 🚪 “{ $tournament }”, round { $round }: left at the player's own request — { $name }. No pairing from the next round on.
swiss-staff_drop_judge = 🚪 “{ $tournament }”, round { $round }: dropped by a judge's decision — { $name }. No pairing from the next round on.
swiss-roster_incomplete = { $name } ⚠️
swiss-roster_legend = ⚠️ — registration not complete (last name, first name, patronymic, e-mail and city are needed): /register in the private chat with the bot.
swiss-complete_registration = 📝 You are in “{ $tournament }”. For your results to count in the club rating, complete your registration: send me /register in the private chat (last name, first name, patronymic, e-mail and city).
swiss-register_link = 📝 { $player }, for your results to count in the club rating, complete your registration in a private chat with me: <a href="{ $link }">open</a>.
swiss-join_not_invited = A closed tournament: only players invited by the organiser play. { $name }, you are not on the invitation list.
swiss-board_privileged = Auto-win by privilege: { $names }
swiss-your_privilege = Round { $round }: you have an auto-win by the tournament's privilege (2.9 points).
swiss-wiz_game = Which game? (each has its own rating)
swiss-wiz_game_berserk = Classic Berserk
swiss-wiz_game_heroes = Berserk. Heroes
swiss-wiz_k = Base Elo K (multiplied by the coefficient of the number of players)?
swiss-wiz_k_default = Usual ({ $k })
swiss-wiz_k_8 = 8
swiss-wiz_k_10 = 10
swiss-wiz_k_12 = 12
swiss-wiz_k_20 = 20
swiss-wiz_k_24 = 24
swiss-wiz_k_32 = 32
swiss-wiz_kind = Kind of tournament?
swiss-wiz_kind_open = Open: anyone plays
swiss-wiz_kind_semi = Semi-closed: auto-wins for privileged players
swiss-wiz_kind_closed = Closed: by invitation only
swiss-wiz_auto = In how many first rounds do privileged players get an auto-win (2.9)? The organiser names them: /privileged
swiss-wiz_auto_1 = 1
swiss-wiz_auto_2 = 2
swiss-wiz_auto_3 = 3
swiss-kind_open = Open tournament
swiss-kind_semi = Semi-closed: privileged players get auto-wins in the first rounds ({ $rounds }), the list — /privileged
swiss-kind_closed = Closed: only invited players play (/invite)
swiss-privileged_usage = Whom to privilege? /privileged as a reply to their message, /privileged @username or /privileged club_id.
swiss-privileged_privileged = ⭐ Privilege: { $name } — an auto-win in the first rounds ({ $rounds }); entered in the tournament.
swiss-privileged_already = { $name } already has the privilege.
swiss-privileged_not_semi = Privileges exist only in a semi-closed tournament (the kind is chosen when it is created).
swiss-privilege_too_late = The tournament has begun: privileges are given before the start.
swiss-invite_usage = Whom to invite? /invite as a reply to their message, /invite @username or /invite club_id.
swiss-invite_invited = ✉️ Invitation sent: { $name }.
swiss-invite_already = { $name } is already on the invitation list.
swiss-invite_not_closed = Invitations are needed only in a closed tournament: anyone may enter this one.
swiss-invitation = ✉️ You are invited to the closed tournament “{ $tournament }”. To enter: the “✋ Join” button in the group, or /join there.
swiss-too_many_privileged = The privileged win by default but nobody is left to play: of { $count } { $count ->
        [one] player
       *[other] players
    } fewer than two sit down. Add players (or /cancel the tournament).
swiss-pairing_head = 🃏 <b>{ $name }</b>
swiss-pairing_table = { $round }: table { $table }, opponent — { $opponent } ({ $points } { $points ->
        [one] point
       *[other] points
    }). Good luck! Report the result with the buttons.
swiss-pairing_table_top = { $round }, table { $table }, opponent — { $opponent } (seed #{ $seed }). Good luck! Report the result with the buttons.
swiss-pairing_ends = ⏱ The round runs until { $ends }.
swiss-board_title_no_end = <b>{ $name }</b> · Round { $round } of { $total }
swiss-board_top_title_no_end = <b>{ $name }</b> · { $round }
swiss-board_line_top = Table { $table }  { $a } (#{ $sa }) — { $b } (#{ $sb })  { $status }
swiss-repaired_void = ❌ Round { $round } was re-paired — see the new pairings.
swiss-repaired_button = ❌ This round was re-paired: report with the buttons of your new pairing message.
swiss-told_confirmed = ✅ Your opponent confirmed the result ({ $game }): { $claim }.
swiss-told_disputed = ⚠️ Your opponent disputed your result ({ $game }): { $claim }. A judge decides — I will tell you.
swiss-told_other_claim = ⚠️ Your opponent reported a different result ({ $game }): { $claim }. A judge decides — I will tell you.
swiss-pending_title = <b>{ $name }</b> · { $round }: open tables ({ $count }):
swiss-pending_line = Table { $table }: { $a } — { $b } · { $status }
swiss-pending_waits_confirmation = awaiting confirmation · reported by { $name }
swiss-pending_waits_judge = disputed, awaiting the judge
swiss-pending_no_report = no result yet
swiss-pending_none = { $round }: every result is in, no open tables.
swiss-btn_nudge = 🔔 Remind the players of open tables
swiss-nudge = 🔔 A reminder from the judge: “{ $name }”, { $game }, opponent — { $opponent }. Report the result with the buttons below.
swiss-nudge_confirm = 🔔 A reminder from the judge: “{ $name }”, { $game }, opponent — { $opponent }. The reported result: { $claim }. Confirm or dispute with the buttons below.
swiss-nudged = 🔔 Reminder sent: { $count } { $count ->
        [one] player
       *[other] players
    }.
swiss-nudge_none = No open tables any more: nobody to remind.

# /why: a player's pairing explained (bot.swiss.why)
swiss-why_title = 🤔 “{ $tournament }”, round { $round }: why you play { $opponent }
swiss-why_drawn = Round 1 is drawn by lot (from the tournament's seed): everyone starts level.
swiss-why_groups = Score groups (wins and draws): yours { $my_group } ({ $size } { $size ->
        [one] player
       *[other] players
    } this round), { $opponent }'s { $their_group } ({ $their_size }).
swiss-why_floated_me = You floated down to a lower score group.
swiss-why_floated_opponent = Your opponent floated down from a higher score group to yours.
swiss-why_only_legal = Every other pairing of the round would repeat a game: this table was the only one left.
swiss-why_tie = Other pairings would cost as much; the order of the standings decided (in a score group the top half meets the bottom half, and the lowest-ranked player who can floats down).
swiss-why_floats = Without this table { $without } { $without ->
        [one] player
       *[other] players
    } would play outside their score group instead of { $floats }.
swiss-why_squares = Without this table as many players would float, but the score gaps at the tables would be wider.
swiss-why_avoided = { $count ->
        [one] A rematch
       *[other] Rematches
    } kept out: you already played { $names }.
swiss-why_bye_rank = 🛌 “{ $tournament }”, round { $round }: you have the bye (2.9 points). It goes to the lowest-ranked player who has not had one, as long as the others can then be paired without a rematch.
swiss-why_bye_second = Everyone without a bye was passed over: this is your second one.
swiss-why_bye_had = { $name } is below you but has had a bye already.
swiss-why_bye_blocked = { $name }: with that bye the others could not be paired without a rematch.
swiss-why_no_round = “{ $tournament }”: no round is paired yet.
swiss-why_top = “{ $tournament }”: the Top is being played; its tables come from the bracket (seeded by the Swiss standings), not from a pairing.
swiss-why_auto = “{ $tournament }”, round { $round }: you have an auto-win by privilege (402), no table.
swiss-why_not_paired = “{ $tournament }”: you have no table in round { $round } (you joined after it was paired, or dropped).
swiss-insight_sent = 📬 Sent to you privately.
swiss-insight_open_private = Open the private chat with the bot (/start) and ask there: the answer is about you alone.

# /need: what a player needs for the Top (bot.swiss.need)
swiss-need_title = 🎯 “{ $tournament }”: your way into the Top { $top }
swiss-need_already_in = ✅ You are in the Top { $top } whatever the other results, tie-breaks included.
swiss-need_out = ❌ You can no longer reach the Top { $top }, whatever the results.
swiss-need_on_points_now = Nobody can pass you on points any more; only a tie on points, settled by the tie-breaks, could keep you out.
swiss-need_sure = { $points } more { $points ->
        [one] point makes
       *[other] points make
    } your place certain, whatever the other tables do.
swiss-need_sure_bound = { $points } more { $points ->
        [one] point surely makes
       *[other] points surely make
    } your place certain (perhaps fewer do).
swiss-need_never_sure = No score of yours makes your place certain: the other tables decide too.
swiss-need_sure_on_points = With { $points } more { $points ->
        [one] point
       *[other] points
    } nobody can pass you on points, but a tie may go to the tie-breaks.
swiss-need_possible = { $points } more { $points ->
        [one] point still makes
       *[other] points still make
    } it possible, with the right results elsewhere.
swiss-need_possible_zero = It is still possible even if you score nothing more, with the right results elsewhere.
swiss-need_possible_bound = Fewer than { $points } more { $points ->
        [one] point
       *[other] points
    } cannot be enough.
swiss-need_possible_on_ties = With { $points } more { $points ->
        [one] point
       *[other] points
    } you can get in only level on points, if the tie-breaks favour you.
swiss-need_possible_on_ties_zero = Even scoring nothing more, you can get in level on points if the tie-breaks favour you.
swiss-need_most = { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    } left: you can still score up to { $most } { $most ->
        [one] point
       *[other] points
    }.
swiss-need_exact = (Every outcome of the remaining rounds was counted.)
swiss-need_bounds = (Too many players to count every outcome: these are proven bounds.)
swiss-need_no_top = “{ $tournament }” has no Top: the Swiss standings are the final places.
swiss-need_in_top = “{ $tournament }”: the Top { $top } is seeded and you are in it.
swiss-need_top_seeded = “{ $tournament }”: the Top { $top } is seeded; you are not in it.
swiss-need_not_started = “{ $tournament }” has not begun yet.
swiss-need_pods = “{ $tournament }”: the Top takes the best of each draft table; /need does not count that yet.
swiss-need_not_playing = “{ $tournament }”: you are not playing in it (not entered, or dropped).
# Another format (611) and the Overlord series (606) in the wizard: handlers/swiss/wizard_other.py, wizard_series.py
swiss-wiz_fmt_other = Another format
swiss-wiz_other_name = The format's name? (up to { $max } characters; reply to this message)
swiss-wiz_other_rules = The format's rules, as text the players will read (up to { $max } characters).
swiss-wiz_other_bans = The banned cards, by commas or one a line; “-” when none are.
swiss-wiz_other_start = When does it start? Write the date and time, e.g. 25.06.2026 19:00. A tournament of another format is announced at least three days ahead (611.2): the earliest is { $first }.
swiss-wiz_other_name_bad = The format's name: 1 to { $max } characters, not a command. Write it again.
swiss-wiz_other_rules_bad = The rules: 1 to { $max } characters. Write them again.
swiss-wiz_other_bans_bad = At most { $max } cards, each name up to 80 characters. Write the list again (or “-”).
swiss-wiz_other_start_bad = I cannot read the date: write it as 25.06.2026 19:00.
swiss-wiz_other_too_soon = Too soon: a tournament of another format is announced at least three days ahead (611.2). The earliest start is { $first }. Write another date.
swiss-wiz_said_other_name = Format
swiss-wiz_said_other_rules = Rules
swiss-wiz_said_other_bans = Banned
swiss-wiz_said_other_start = Start
swiss-other_no_bans = none banned
swiss-other_rules_given = { $count ->
    [one] { $count } character
   *[other] { $count } characters
}
swiss-other_format_named = another format, “{ $name }” (paired as Constructed)
swiss-other_announced = 📅 Start: { $start }
    📜 Rules: { $rules }
    🚫 Banned cards: { $bans }
swiss-wiz_ser = A tournament of the Overlord series? (6 players or more, at most two a week in the city; its places earn the series' crystals)
swiss-wiz_said_ser = Overlord series
swiss-wiz_ser_no = No
swiss-wiz_ser_one = 👑 { $series }
swiss-created_series = 👑 An Overlord series tournament ({ $series }): it begins with 6 players or more; banned cards as in Constructed.
