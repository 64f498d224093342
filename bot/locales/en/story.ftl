# Story Constructed (607)
tournament-kind_story = 📜 Berserk: Story Constructed
help-story = <b>Story Constructed</b>: /add &lt;player&gt; 1|2 — put a player on a side; /elect — the captains' election; /captain &lt;player&gt; — name a captain; /pick — choose in an absent captain's place; /story_rules &lt;text&gt; — the tournament's own rules (at least 3 days before the start); /result &lt;round&gt; &lt;table&gt; a|d|ta|td|draw|dl — a game's result (a: the attacker won, d: the defender)
menu-captain = Name a side's captain (Story)
menu-elect = The captains' election (Story)
menu-story_rules = The tournament's own rules (Story)

story-no_tournament = There is no Story tournament.
story-not_registration = Registration is closed.
story-not_running = The tournament is not running.
story-wiz_name = 📜 Story Constructed (607): two sides, the captains choose the pairs. Send the tournament's name.
story-wiz_name_bad = A name is 1 to { $max } characters.
story-wiz_side = The { $number ->
    [1] first
   *[other] second
} side's name?
story-wiz_side_bad = A side's name is 1 to { $max } characters, and the two sides differ.
story-wiz_attack = Which side attacks (607.4.1)?
story-wiz_cards = The card list of “{ $side }”: a CSV file or text, as for /cards, or “-” for none.
story-wiz_cards_bad = That is not a card list for “{ $side }”: a CSV with a name column, or “-”.
story-wiz_cards_read = “{ $side }”: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}{ $bad ->
    [0] {""}
   *[other] , lines with errors: { $bad }
}.
story-wiz_start = When does it start? For example: 10.12.2026 18:00.
story-wiz_start_bad = A start date and time in the future, for example: 10.12.2026 18:00.
story-wiz_rules = The tournament's own rules (607.1) as text, or “-” to play by 607.
story-wiz_time = Minutes per game?
story-wiz_time_40 = 40
story-wiz_time_50 = 50
story-wiz_time_60 = 60
story-wiz_strict = Strictness?
story-wiz_strict_amateur = Amateur (no deck lists)
story-wiz_strict_professional = Professional (deck lists optional)
story-wiz_strict_highest = Highest (deck lists required)
story-created = 📜 Tournament “{ $name }” (#{ $id }) created: “{ $attack }” attacks, “{ $defence }” defends. Starts { $start }, { $minutes } min per game, strictness: { $strict }.
story-created_cards = Card list of “{ $side }”: { $count ->
    [0] none
    [one] { $count } card
   *[other] { $count } cards
}.
story-created_rules = Own rules: { $rules }
story-rules_too_late = ⛔ The rules may change no later than 3 days before the start (607.1). The start is { $start }; with this change it could be no earlier than { $needed }.
story-rules_usage = Write: /story_rules the text of the tournament's own rules.
story-rules_changed = The own rules of “{ $name }” are updated.
story-join_how = Choose a side:
story-btn_join = For “{ $side }”
story-join_joined = You play for “{ $side }”.
story-join_already = You already play for “{ $side }”.
story-joined = { $name } plays for “{ $side }” ({ $count ->
    [one] { $count } player
   *[other] { $count } players
} on the side).
story-add_usage = Write: /add @player 1 or /add @player 2 (the side's number).
story-ballot = 🗳 The captain of “{ $side }”: the side's players vote with a button.
story-btn_plain = { $text }
story-vote_not_member = Only the side's players vote.
story-vote_other_side = A captain is a player of your own side.
story-voted = Your vote: { $name }. Now: { $tally }.
story-captain_named = 👑 { $name } is the captain of “{ $side }”.
story-captain_tie = 🗳 “{ $side }” could not elect a captain: a tie. Organiser, choose the captain:
story-captain_no_vote = 🗳 “{ $side }” did not vote. Organiser, choose the captain:
story-captain_not_member = A captain is a player of one of the sides.
story-captain_usage = Write: /captain @player.
story-too_few = At least { $needed } players are needed, on both sides (607.2); now { $count ->
    [one] { $count } player
   *[other] { $count } players
}.
story-round_opened = ⚔️ Round { $round }: “{ $attack }” attacks, “{ $defence }” defends. The captains choose the pairs.
story-ask_name = Round { $round }: choose the player of “{ $side }” who goes into battle.
story-ask_answer = Round { $round }: “{ $side }” sends { $nominee }. Choose the opponent.
story-pick_named = Player chosen.
story-pick_paired = Pair made.
story-pick_stale = That choice is already made.
story-not_your_pick = The side's captain chooses (or a judge in the captain's place).
story-remind_captain = ⏰ You have been choosing for { $minutes } min.
story-remind_group = ⏰ The captain of “{ $side }”, { $captain }, has been choosing for { $minutes } min. A judge may choose in the captain's place:
story-pair_made = ⚔️ { $a } ({ $side_a }) — { $b } ({ $side_b }), table { $table }
story-your_game = Round { $round }, table { $table }: your opponent is { $opponent } (“{ $side }”). No agreed draws (607.4.7).
story-reserves = In reserve, going through: { $names }.
story-btn_won = I won
story-btn_lost = I lost
story-btn_draw = Draw on time
story-label = round { $round }, table { $table }
story-time_up = ⏰ Round { $round }: time is up. Tables still playing: { $tables }.
story-result_usage = Write: /result round table a|d|ta|td|na|nd|nn|draw|dl (a: the attacker won, d: the defender, t: technical, dl: both lose; na/nd: the attacker/the defender did not come, nn: neither came; round 0: a round-robin game, a: its first player won).
story-result_done = The result is recorded.
story-no_such_game = No such open game.
story-no_extend = A Story tournament's time is not extended by a command.
story-cancelled = Tournament “{ $name }” is cancelled.
story-board_registration = 📜 “{ $name }”: registration
story-board_title = 📜 “{ $name }” — round { $round }
story-board_until = , until { $time }
story-wait_name = ⏳ Waiting: the captain of “{ $side }”, { $captain }, chooses a player.
story-wait_answer = ⏳ Waiting: the captain of “{ $side }”, { $captain }, chooses who plays against { $nominee }.
story-pair_line = Table { $table }: { $a } ({ $side_a }) — { $b } ({ $side_b }): { $mark }
story-reserve_line = In reserve: { $names }
story-side_head = “{ $side }” ({ $count })
story-side_attack = ⚔️ “{ $side }”, attacking (still in: { $count })
story-side_defence = 🛡 “{ $side }”, defending (still in: { $count })
story-member_line = { $mark }{ $name } — { $status }
story-status_out = out
story-status_playing = playing, table { $table }
story-status_through = through
story-status_reserve = in reserve
story-status_waiting = waiting for a pair
story-status_in = in
story-board_over = 🏁 The tournament is over: “{ $side }” wins.
story-standings_title = 📜 “{ $name }”: places
story-standing_line = { $place }. { $name } (“{ $side }”) — { $points }
story-standing_line_out = { $place }. { $name } (“{ $side }”) — { $points }, out
story-final_title = 🏁 “{ $name }” is over: “{ $side }” wins.
story-final_ratings = Rating:
story-final_rating_line = { $name }: { $change }
story-your_place = 🏁 “{ $name }”: your place is { $place } of { $count }.
story-your_rating = Rating: { $delta }, now { $rating }.
story-ask_order = 607.4.6: the undefeated { $names } are level in everything. Who takes place { $place }? Or let them play a round robin.
story-btn_round_robin = Round robin
story-round_robin = 🔁 The undefeated { $names } play a round robin, everyone against everyone; their places follow its points (a win 1, a draw ½).
story-order_ordered = Place recorded.
story-order_round_robin = The round robin has begun; the players have their games.
story-order_stale = The places are already set.
story-log_title = 📜 “{ $name }”: log
story-log_round = Round { $round }:
story-export_title = Tournament “{ $name }”: places and players
story-no_agreed_draw = No agreed draws in Story Constructed (607.4.7).
story-pic_round = Round { $round }
story-pic_reserves = Reserve: { $names }
story-pic_subtitle = “{ $attack }” attacks, “{ $defence }” defends
story-pic_winner = “{ $side }” wins
story-pic_caption = 📜 “{ $name }”: who put out whom, round by round
story-drop_done = { $name } no longer plays in the tournament.
story-drop_not_in = { $name } is on neither side.
story-drop_running = The tournament is running: a player is out only by a defeat (607.4.4). If a player leaves, the judge records a technical loss: /result round table ta|td.
story-final_title_none = 🏁 “{ $name }” is over: both sides are all out.
story-board_over_none = 🏁 The tournament is over: both sides are all out.
menu-pick = Choose in a captain's place (Story)
story-no_choice = The captains have nothing to choose now.
story-judge_choice = 🧑‍⚖️ A judge chooses in the place of the captain of “{ $side }”, { $captain }:
story-ask_order_after_robin = 607.4.6: the undefeated { $names } are level after the round robin too. Who takes place { $place }?
story-robin_table = Table { $table }: { $a } — { $b }
story-your_robin_game = Round robin, table { $table }: your opponent is { $opponent }. No agreed draws (607.4.7).
story-robin_label = round robin, table { $table }
story-order_playing = The round robin is being played: its result sets the places.
story-standing_robin = , round robin { $points }
story-robin_head = 🔁 Round robin:
story-robin_line = Table { $table }: { $a } — { $b }: { $mark }
