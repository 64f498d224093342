# King of the Hill (billiards). {placeholders} are escaped by the bot.

koth-no_tournament = No such King of the Hill tournament.
koth-ask_name = 👑 New King of the Hill tournament. Its name?
koth-bad_name = A name of 1 to 60 characters.
koth-ask_fee = Entry fee, ₽ (at least 2 500)?
koth-fee_too_low = The entry fee is a whole number of rubles, at least 2 500 ₽.
koth-ask_table = Table (number or name)?
koth-join_button = ✋ Join
koth-registration_open = 👑 <b>King of the Hill “{ $name }”</b>
    Entry fee: { $fee } · table: { $table }
    Registration is open: the button below or the <a href="{ $link }">link</a>.
koth-joined = You are in “{ $name }”.
koth-already_joined = You are already in “{ $name }”.
koth-joined_group = ✋ { $name } joins.
koth-registration_closed = Registration is closed.
koth-no_late_entry = The tournament has started: under the King of the Hill regulation no one enters after the start.
koth-no_rating = No billiards rating: an organiser sets it (/add). Without a rating you cannot enter.
koth-full = The tournament already has 6 players, the maximum.
koth-add_usage = To add: reply /add to the player's message, or /add @name [rating], /add &lt;club ID&gt; [rating]. A prize contribution: /add fund &lt;amount&gt;.
koth-add_unknown = I do not know { $who }. Reply /add to one of their messages in the group, or ask them to send /start to me privately; then /add { $who } works.
koth-already_in = { $name } is already in.
koth-added = Added to the tournament: { $name } (club number { $club_id }).
koth-add_asked = { $name } is not in the tournament's group: the question went to them privately, and they are in once they say yes.
koth-add_cannot_ask = { $name } is not in the tournament's group and has no private chat with the bot: they cannot be entered without their consent. They can send /start to the bot or join the group.
koth-consent_ask = 🙋 An organiser is entering you in the King of the Hill “{ $tournament }” of the group “{ $group }”. Will you play? If not, just leave this.
koth-consent_ask_rating = 🙋 An organiser is entering you in the King of the Hill “{ $tournament }” of the group “{ $group }” with a starting billiards rating of { $rating }. Will you play? If not, just leave this.
koth-consent_not_asked = There is no such invitation: nobody asked you into this tournament.
koth-fund_usage = A prize contribution: /add fund &lt;rubles&gt; [who paid].
koth-fund_added = Contribution of { $amount } recorded. Prize fund: { $fund }.
koth-nobody = Nobody has entered yet.
koth-norms_title = <b>Win norms — “{ $name }”</b>
    Average rating: { $average }
koth-norms_line = { $name } (#{ $club_id }): rating { $rating }, norm { $norm }
koth-norms_usage = To change a norm: /norms &lt;club ID&gt; &lt;norm ≥ 1&gt;.
koth-norms_fixed = Norms are fixed once the tournament has started.
koth-not_participant = Player #{ $club_id } is not in the tournament.
koth-already_started = The tournament has already started.
koth-draw_mismatch = Order: /draw &lt;club IDs of all players, space-separated&gt;, each once.
koth-draw_line = { $seat }. { $name }
koth-drawn = 🎲 Order of “{ $name }”:
    { $order }
koth-count = Cannot start: King of the Hill needs 4 to 6 players, { $count ->
        [one] there is 1
       *[other] there are { $count }
    }.
koth-begun = 🏁 The tournament has begun! Main time: { $hours } h.
    Order:
    { $order }
koth-first_pair = 🎱 Game { $n }: { $a }{ $crown } — { $b }.
    Reminder: lag first — the lag winner chooses who breaks.
koth-pair = 🎱 Game { $n }: { $a }{ $crown } — { $b }.
koth-i_won = I won
koth-i_lost = I lost
koth-you_play = 🎱 Your game { $n }: against { $opponent }. Press a button after the game.
koth-you_are_next = You are next at the table: you play the winner of game { $n } ({ $a } — { $b }).
koth-next_is = Next at the table: { $name }, against the winner of game { $n }.
koth-game_label = game { $n }, “{ $name }”
koth-board_not_started = 👑 “{ $name }”: registration, { $count } { $count ->
        [one] player
       *[other] players
    }.
koth-board_drawn = Order by the draw:
koth-board_registered = Registered (not drawn yet):
koth-board_registered_line = • { $name }
koth-board_title = 👑 <b>King of the Hill — “{ $name }”</b>
koth-board_circle = {" "}· circle { $circle }
koth-board_time_left = {" "}· main time until { $until } ({ $left } left)
koth-board_average = Average rating: { $average }
koth-board_table = At the table: { $a }{ $crown } — { $b }
koth-board_next = Next: { $names }{ $end }
koth-board_circle_end = {" "}│ end of circle
koth-board_next_circle = Next: end of circle │ { $name } opens circle { $circle }
koth-board_next_circle_open = Next: end of circle │ this game decides who opens the next one
koth-board_winner = 🏆 Winner: { $name }
koth-board_header = Player: wins / norm / remainder
koth-board_row = { $seat }. { $name }{ $crown }: { $wins } / { $norm } / { $remainder }
koth-board_leader = {"  "}← Leader
koth-board_out = — eliminated: { $reason }
koth-board_left = {" "}(no extra games)
koth-board_fund = Prize fund: { $fund }
koth-phase_main = Main time
koth-phase_last_circle = ⏰ Last circle
koth-phase_finished = Finished
koth-phase_extra_line = Extra games: { $name } is catching the Leader (remainder { $remainder } → { $leader })
koth-phase_final_line = Final: { $names }
koth-phase_mini_line = Knockout mini-tournament: { $names }
koth-reason_last_circle = lost in the last circle, remainder { $remainder } > { $leader }
koth-reason_extra_game_loss = lost an extra game
koth-reason_knocked_out = lost in the final
koth-reason_judge = judge's decision
koth-warning = ⏳ { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } of main time left (it ends at { $until }). Circle { $circle }, running now, will be the last one: its losses, those already played included, will count for eliminations (rules 6.4, 6.7).
koth-expired = ⏰ Main time is over. Last circle: still to play { $players }.
    Eliminated:
    { $out }
koth-late_expired = the main time ended at { $due }
koth-late_bonus = the bonus check was due at { $due }
koth-nobody_out = nobody
koth-out_line = • { $name } ({ $reason })
koth-eliminated_now = Eliminated:
    { $lines }
koth-stay_or_leave = You are eliminated from the fight for the title. Do you stay for the extra games?
koth-stay = I stay
koth-leave = I leave
koth-staying = Fine, you stay.
koth-left = Noted: you leave.
koth-not_your_choice = This is another player's choice.
koth-extra_begin = ➕ Extra games: { $king } is catching { $count ->
        [1] the Leader
       *[other] the Leaders
    } ({ $leaders }).
koth-final_begin = 🏁 Final: { $names }.
koth-mini_begin = 🏁 Knockout mini-tournament, order: { $names }.
koth-winner = 🏆 The winner is { $name } ({ $how }). Prize fund: { $fund }.
koth-decided_norm = norm of { $norm } reached
koth-decided_sole_leader = the sole Leader after the last circle
koth-decided_final = won the final
koth-decided_mini_tournament = won the mini-tournament
koth-decided_walkover = opponent removed by the judge
koth-decided_judge = judge's decision
koth-decided_last_leader_standing = the only Leader
koth-rating_changed = “{ $name }” is over. Your rating: { $old } → { $new } ({ $delta }).
koth-rating_changed_winner = 🏆 You won “{ $name }”! Rating: { $old } → { $new } ({ $delta }), plus a +{ $bonus } bonus through { $until }.
koth-bonus_expired = Your +{ $bonus } bonus has expired. Your effective rating is now { $rating }.
koth-not_running = The tournament is not running.
koth-refused = The rules do not allow it now.
koth-refused_main_time = The rules do not allow it: a player can be eliminated or reinstated only from the last circle on.
koth-refused_at_table = The rules do not allow it: this player is at the table — void or correct that game instead (/void, /result).
koth-refused_already_eliminated = This player is already eliminated.
koth-refused_not_finalist = This player is not playing in the final.
koth-refused_final_set = The final is set: its players can no longer change.
koth-refused_not_eliminated = This player is not eliminated: there is nobody to reinstate.
koth-refused_no_draws = King of the Hill has no draws.
koth-no_games = No game has been played yet.
koth-void_blocked = Decisions about players were made after that game: undo them first.
koth-result_usage = Correct the last game: /result &lt;winner's club ID&gt; (one of its two players).
koth-usage_correct = Correct the last game: /result &lt;winner's club ID&gt;.
koth-usage_eliminate = Eliminate a player: /eliminate &lt;club ID&gt;.
koth-usage_reinstate = Reinstate a player: /reinstate &lt;club ID&gt;.
koth-usage_declare = Declare the winner: /finish &lt;club ID&gt;.
koth-done_void = The last game is void.
koth-done_correct = The last game's result is corrected.
koth-done_eliminate = The player is eliminated.
koth-done_reinstate = The player is reinstated.
koth-done_declare = The winner is declared.
koth-extend_usage = Extend the main time: /extend &lt;minutes, 1–600&gt;.
koth-already_expired = The main time is already over.
koth-extended = Main time extended by { $minutes } min, until { $until }.
koth-log_title = <b>Log of “{ $name }”</b>
koth-log_line = { $at } · #{ $id } · { $who }: { $what }
koth-log_bot = bot
koth-log_begin = tournament started
koth-log_game = { $w } beat { $l }
koth-log_expire = main time over
koth-log_leave = leaves the extra games
koth-log_eliminate = { $p } eliminated
koth-log_reinstate = { $p } reinstated
koth-log_declare = winner declared: { $p }
koth-log_void = game #{ $target } voided
koth-log_correct = game #{ $target } corrected: { $w } beat { $l }
koth-log_extend = time extended by { $minutes } min
koth-log_judge_decision = judge's decision on a dispute
koth-log_contribution = prize contribution of { $amount }
koth-log_contribution_note = prize contribution of { $amount } ({ $note })
koth-log_audit = Organiser and judge actions in this log: { $count }.
koth-cancel_ask = Cancel the tournament “{ $name }”? This cannot be undone.
koth-cancel_yes = Yes, cancel it
koth-cancel_no = No
koth-cancel_done = The tournament is cancelled.
koth-cancel_kept = The tournament goes on.
koth-cancel_closed = The tournament is already over or cancelled.
koth-cancelled = ❌ The tournament “{ $name }” was cancelled by the organiser.
koth-board_cancelled = ❌ Tournament cancelled.
koth-log_cancel = tournament cancelled
koth-chosen = ✅ { $label }
koth-stay_too_late = Too late: your turn for an extra game has passed; “Leave” stands.
koth-log_stay = stays for the extra games
koth-table_pending = ⏳ { $reporter } reports: won by { $winner }. Waiting for { $confirmer } to confirm.
koth-table_disputed = ⚖️ Result disputed: the judge decides.
koth-final_why_level = Why a final: the remainders are level — { $w }: { $remainder }, the Leader ({ $leaders }): { $leader }.
koth-final_why_lost = Why a final: { $w } lost an extra game and is out; the Leaders play for the win.
koth-your_norm = 🏁 The tournament “{ $name }” has begun. Your win norm: { $norm } (your rating { $rating }, average { $average }). Your place in the order: { $seat }.
koth-unrated = No rating changed and no bonus was given: the tournament was not in one of the club's groups, and its organiser entered every result — no player confirmed any.
koth-ratings_title = Ratings after the tournament:
koth-rating_line = { $name }: { $old } → { $new } ({ $delta })
koth-rating_line_unrated = { $name }: unchanged — no confirmed result
koth-rating_line_winner = { $name }: { $old } → { $new } ({ $delta }), plus a +{ $bonus } bonus
koth-rating_asked = You have no billiards rating yet. The organisers are asked for your starting one: once it is set, you are in “{ $name }”; I will write to you.
koth-rating_wanted = 🙋 { $name } wants to play in “{ $tournament }” but has no billiards rating yet.
    Organiser: choose the starting rating with a button, or send /add { $club_id } &lt;rating&gt;.
koth-rating_set = ✅ { $name }: starting rating { $rating }, in the tournament.
koth-rating_set_short = Rating { $rating } set.
koth-rating_already = The rating is set already: { $name }.
koth-rating_given = Your starting billiards rating: { $rating }. You are in “{ $name }”.
koth-register_first_press = Register with the club first: opening the registration. Then press “✋ Join” again.
koth-register_first = To play, register with the club first: { $link }
    Then press “✋ Join” again (or /join).
koth-final_why_level_many = Why a final: the remainders are level — { $w }: { $remainder }, the Leaders ({ $leaders }): { $leader }.
koth-board_stays = {" "}(stays for the extra games)
