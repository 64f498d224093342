# The Arena (605): four weeks of challenges and sectors on the map of Laar
tournament-kind_arena = 🗺 Berserk: Arena (four weeks)
help-arena = <b>Arena</b>: /add &lt;player&gt; — enter a player; /result &lt;challenge&gt; a|b|draw [classic|standard|campaign|other] — record a result (counts at once); /void &lt;challenge&gt; — void a falsified result; /disqualify &lt;player&gt; — disqualify
menu-challenge = Challenge a player (Arena)
menu-arena = Arena: standings and the map of Laar
menu-disqualify = Disqualify a player (Arena)

arena-no_tournament = There is no Arena.
arena-not_open = The Arena is over.
arena-no_over = The Arena is over.
arena-no_disqualified = A disqualified player may not enter the Arena again (605.6).
arena-no_already_in = The player is in the Arena already.
arena-no_last_week = Nobody enters in the Arena's last week (605.2).
arena-no_not_running = The Arena has not begun: it needs 4 players and its start date.
arena-no_self = You cannot challenge yourself.
arena-no_not_in = That player is not in the Arena.
arena-no_opponent_not_in = Your opponent is not in the Arena.
arena-no_day_over = That day is over.
arena-no_once_a_day = You two have had a challenge today already: two players play at most one game a day (605.6).
arena-no_no_challenge = No such challenge.
arena-no_not_yours = This challenge is not yours.
arena-no_answered = This challenge has its answer already (or the day ended: unanswered is a refusal).
arena-no_not_accepted = This challenge is not accepted or already played.
arena-no_not_a_player = The winner must be one of the two players.
arena-no_format = Unknown format.
arena-no_nothing_to_approve = Nothing to approve: the result counts already or was voided.
arena-no_no_offer = The offer to leave is no longer open.
arena-no_nothing_to_void = Nothing to void: this challenge has no result.

arena-wiz_name = 🗺 A Berserk Arena: four weeks of challenges and sectors (605). Send its name.
arena-wiz_name_bad = A name is 1 to { $max } characters.
arena-wiz_start = Starting on which day? The Arena lasts four weeks.
arena-wiz_prizes = Prizes: how many and which cards for 8, 10 and 12 sectors?
arena-wiz_prizes_ask = Answer with a text (or “-” to announce them later).
arena-wiz_prizes_bad = At most { $max } characters.
arena-created = 🗺 Arena “{ $tournament }” (#{ $id }): { $start } to { $end }. Prizes: { $prizes }
    Enter with /join, a judge approves; it begins once at least 4 players are in.

arena-btn_enter = ✅ Enter
arena-btn_decline = ❌ Decline
arena-btn_accept = ⚔️ Accept
arena-btn_refuse = Refuse
arena-btn_approve = ✅ Approve
arena-btn_excuse = Good reason: { $name }
arena-btn_leave = 🏆 Leave with the prize
arena-btn_stay = Stay
arena-btn_won = I won
arena-btn_lost = I lost
arena-btn_draw = Draw
arena-format_classic = Classic
arena-format_standard = Standard
arena-format_campaign = Campaign
arena-format_other = other
arena-format_named = Format: { $format }

arena-entry_asked = 🙋 { $name } asks to enter the Arena “{ $tournament }”. Judge, enter?
arena-entry_sent = Your request is with the judge.
arena-entry_done = Entered: { $name }.
arena-entry_declined = Request declined: { $name }.
arena-entry_declined_you = The judge declined your request to enter the Arena “{ $tournament }”.
arena-entered = 🗺 { $name } enters the Arena with { $sectors ->
    [one] { $sectors } sector
   *[other] { $sectors } sectors
}.
arena-entered_again = 🗺 { $name } enters the Arena again with { $sectors ->
    [one] { $sectors } new sector
   *[other] { $sectors } new sectors
}.
arena-started = ⚔️ The Arena “{ $tournament }” has begun with { $count ->
    [one] { $count } player
   *[other] { $count } players
}. Challenge with /challenge @player.
arena-too_few = The Arena “{ $tournament }” waits for players: it needs 4, has { $count }.
arena-not_started_yet = The Arena has not begun: players in: { $count }, it needs 4.

arena-challenge_usage = Whom? /challenge @player (or in reply to the player's message).
arena-challenge_sent = Challenge sent to { $name }.
arena-challenged = ⚔️ Challenge #{ $id } in the Arena “{ $tournament }” from { $name }. Accept? No answer by the day's end is a refusal.
arena-accepted = ⚔️ { $name } accepted challenge #{ $id }.
arena-refused = { $name } refused challenge #{ $id }.
arena-you_accepted = Challenge #{ $id } accepted.
arena-you_refused = Challenge #{ $id } refused.
arena-game = ⚔️ Challenge #{ $id } against { $name }. Once played, pick the format and the result; your opponent confirms, a judge approves.
arena-label = challenge #{ $id }

arena-result_win = { $winner } beat { $loser } ({ $format }).
arena-result_draw = { $a } and { $b } drew ({ $format }).
arena-result_waits = It counts once a judge approves it.
arena-approved = Challenge #{ $id }'s result approved.
arena-counts = Sectors: { $a } { $sectors_a }, { $b } { $sectors_b }.
arena-ruined = { $name } lost every sector and is out (605.4).
arena-result_usage = /result &lt;challenge&gt; a|b|draw [classic|standard|campaign|other]: a — the challenger won, b — the challenged player.
arena-result_done = Result recorded; it counts.

arena-day_over = 🌙 The day { $day } of the Arena “{ $tournament }” is over.
arena-penalty = { $name } refused challenges two days running: a sector turns neutral (605.6). Left: { $sectors }.
arena-excused = Reason accepted: { $name }.
arena-exit_auto = 🏆 { $name } leaves the Arena with 12+ sectors ({ $sectors }): { $cards } prize cards.
arena-exit_chose = 🏆 { $name } leaves the Arena: { $sectors } sectors, { $cards } prize cards.
arena-exit_inactive = { $name } played no game this week and is out: { $sectors } sectors, { $cards } prize cards.
arena-exit_ruined = { $name } lost every sector and is out.
arena-exit_end = { $name }: { $sectors } sectors, { $cards } prize cards.
arena-exit_disqualified = { $name } is disqualified.
arena-offer = 🏆 The week is over. You hold { $sectors } sectors: leave with the prize or stay. Answer within { $hours } h; with no answer you stay.
arena-you_left = You left the Arena with your prize.
arena-you_stay = You stay in the Arena.

arena-voided = Challenge #{ $id }'s result voided by a judge.
arena-disqualified = ⛔ { $name } is disqualified: no prizes, no new entry (605.6).
arena-void_usage = /void &lt;challenge number&gt;
arena-disqualify_usage = /disqualify @player (or in reply to the player's message)
arena-add_usage = /add @player (or in reply to the player's message)
arena-begin_by_date = The Arena begins by itself: on its start date, once at least 4 players are in.
arena-no_extend = Nothing to extend in an Arena: it runs four weeks.
arena-cancelled = The Arena “{ $tournament }” is cancelled.

arena-title = 🗺 Arena “{ $tournament }”
arena-over = The Arena is over.
arena-not_started = Not begun yet: players in: { $count }, it needs 4.
arena-day = Day { $day }, week { $week } of 4.
arena-row = { $place }. { $name } — now { $sectors }, in all { $total }
arena-left_mark = (left)
arena-row_dq = ⛔ { $name } — disqualified
arena-neutral = Neutral sectors: { $count } of { $all }.
arena-waiting = Waiting for a judge's approval: { $count }.
arena-web_challenge = Challenge #{ $id }: { $a } — { $b }
arena-me_out = You are not in the Arena.
arena-me_sectors = Your sectors: { $count }.
arena-me_open = Challenge #{ $id } waits for an answer; opponent: { $name }.
arena-me_to_play = Challenge #{ $id } accepted, game ahead; opponent: { $name }.
arena-me_may_challenge = You may challenge today: { $names }
arena-me_refusals = Days with refusals: { $count }.
arena-me_week_left = The week ends in { $hours } h.
arena-final = 🏁 The Arena “{ $tournament }” is over. Places by the total sectors (605.5):
arena-final_row = { $place }. { $name } — { $total }, prize cards: { $cards }, rating { $delta }
arena-log_title = The Arena's log:
arena-btn_challenge = ⚔️ { $name }
arena-export_title = Arena “{ $tournament }”: places and games
arena-late_day = day { $day } ended at { $due }
arena-lapsed = Challenge #{ $id }: the day ended with no answer — a refusal (605.6).
arena-log_entry = { $time } — entered the Arena: { $name }
arena-log_start = { $time } — the Arena began
arena-log_challenge = { $time } — challenge #{ $id }: { $a } — { $b }
arena-log_accepted = { $time } — challenge #{ $id } accepted
arena-log_refused = { $time } — challenge #{ $id } refused
arena-log_result = { $time } — challenge #{ $id }: { $result }
arena-log_approve = { $time } — challenge #{ $id }'s result approved
arena-log_day_end = { $time } — day { $day } over
arena-log_excuse = { $time } — good reason (day { $day }): { $name }
arena-log_week_end = { $time } — week { $week } over
arena-log_leave = { $time } — left with the prize: { $name }
arena-log_stay = { $time } — stays in the Arena: { $name }
arena-log_void = { $time } — challenge #{ $id }'s result voided
arena-log_disqualify = { $time } — disqualified: { $name }
arena-log_finish = { $time } — the Arena is over
arena-log_cancel = { $time } — the Arena is cancelled
