# Team events (604 Team Sealed; 610 duel sets)
tournament-kind_teams = 🤝 Berserk: team event
help-teams = <b>Team event</b>: /add &lt;player&gt; &lt;player&gt; &lt;name&gt; — enter a team (after the start: a late entry from the next round); /drop &lt;name&gt; — take a team off the list (before the start) or drop it; /result &lt;round&gt; &lt;table&gt; 1|2|d a|b|ta|tb|draw|dl [reason] — the result of any game of any round (d: the deciding game); /penalty — a penalty (a game lost by a penalty loses that game); /swap &lt;table&gt; &lt;table&gt; — swap two tables' opponents; /extend &lt;minutes&gt; — more time for the round; /draft, /deckbuilding — the pick clock; /decks — deck lists; /next_round — the next round
menu-team = Enter a team (team event)

teams-no_tournament = There is no team event.
teams-not_registration = Registration is closed.
teams-not_running = The event is not running.
teams-wiz_name = 🤝 A Berserk team event (teams of two). Send its name.
teams-wiz_name_bad = A name of 1 to { $max } characters.
teams-wiz_fmt = Format?
teams-wiz_fmt_team_sealed = Team Sealed (604)
teams-wiz_fmt_team_draft = Team Draft (604)
teams-wiz_fmt_duel_sets = Duel sets (610)
teams-wiz_score = How is a round scored?
teams-wiz_score_by_match = By match: 3 / 1 / 0, a deciding game (604.3)
teams-wiz_score_by_sum = By the sum of game points, up to 6 (604.3.1)
teams-wiz_score_duel = 3 a win, 1 a draw (610.5)
teams-wiz_rounds = How many rounds? (auto: by the teams: 4 → 3, 5–31 → 5, 32+ → 7)
teams-wiz_rounds_auto = Auto
teams-wiz_rounds_3 = 3
teams-wiz_rounds_4 = 4
teams-wiz_rounds_5 = 5
teams-wiz_rounds_6 = 6
teams-wiz_rounds_7 = 7
teams-wiz_time = Minutes a round?
teams-wiz_time_50 = 50
teams-wiz_time_60 = 60
teams-wiz_time_70 = 70
teams-wiz_time_80 = 80
teams-wiz_time_90 = 90
teams-rounds_auto = by the number of teams
teams-created = 🤝 Team event #{ $id } “{ $name }”: { $format }; { $scoring }. Rounds: { $rounds }, { $minutes } min a round.
    Enter a team: /team @partner Team name (or in reply to your partner: /team Team name). The partner confirms with a button.
teams-team_usage = Like this: /team @partner Team name — or in reply to your partner's message: /team Team name.
teams-add_usage = Like this: /add @player1 @player2 Team name (or club IDs).
teams-join_how = A team event is entered as a team: /team @partner Team name.
teams-partner_self = Your partner is another player.
teams-name_bad = A team name of 1 to { $max } characters.
teams-name_taken = There is a team “{ $team }” already: choose another name.
teams-already_in_team = { $name } is already in team “{ $team }”.
teams-offer_sent = Waiting for { $partner } to confirm team “{ $team }”.
teams-offer_ask = 🤝 { $name } asks you into team “{ $team }” of “{ $tournament }”. Playing together?
teams-btn_accept = ✅ Yes
teams-btn_decline = ❌ No
teams-offer_joined = ✅ The team is in.
teams-offer_declined = Declined.
teams-offer_gone = This invitation is no longer open.
teams-offer_not_yours = This invitation is not for you.
teams-team_in = ✅ Team “{ $team }” is in: { $first }, { $second }.
teams-too_few = At least { $needed } teams are needed; there { $count ->
    [one] is { $count } team
   *[other] are { $count } teams
}.
teams-cannot_pair = The next round cannot be paired: every legal pair has met.
teams-round_open = The round is still played: tables { $tables }.
teams-result_usage = Like this: /result &lt;round&gt; &lt;table&gt; 1|2|d a|b|ta|tb|na|nb|nn|draw|dl [reason] (a: the player of the table's first team; na/nb: that player did not come, nn: neither came; d: the deciding game).
teams-result_done = Recorded.
teams-no_such_game = There is no such game.
teams-cancelled = “{ $name }” is cancelled.

teams-your_game = Round { $round }: table { $table }, board { $board }, your opponent is { $opponent } (your team “{ $team }” against “{ $other }”). Good luck!
teams-your_bye = Round { $round }: your team has a bye — a win without a game.
teams-deciding_ask = ⚔️ A deciding game (round { $round }, table { $table }), your opponent: { $opponent }. Its winner wins the match for the team.
teams-deciding_group = ⚔️ Table { $table } is level: a deciding game { $a } — { $b }.
teams-round_complete = ✅ Round { $round } is complete.
teams-next_round = The next round: /next_round
teams-next_finish = That was the last round: /next_round for the results.
teams-btn_won = I won
teams-btn_lost = I lost
teams-btn_draw = Draw
teams-label = table { $table }, board { $board }, round { $round }
teams-label_deciding = table { $table }, the deciding game, round { $round }

teams-no_round_yet = “{ $name }”: no round yet.
teams-board_title = 🤝 “{ $name }” — round { $round } of { $rounds }
teams-match_line = Table { $table }  “{ $a }” — “{ $b }”{ $score }
teams-match_score = { " " }→ { $a }:{ $b }
teams-board_n = { $board })
teams-board_deciding = ⚔️
teams-game_line = { "  " }{ $board } { $a } — { $b }: { $mark }
teams-mark_waiting = ⏳ awaiting confirmation
teams-mark_playing = …
teams-bye_line = Bye: “{ $team }” (a win)
teams-standings_title = “{ $name }”: standings after { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
teams-standings_line = { $place }. “{ $team }” ({ $members }) — { $points }, Buchholz { $buchholz }, games { $games }{ $dropped }
teams-teams_title = “{ $name }”: { $count ->
    [one] { $count } team
   *[other] { $count } teams
}
teams-team_line = “{ $team }”: { $members }
teams-log_title = The log of “{ $name }”
teams-log_round = Round { $round }
teams-log_match = Table { $table }  “{ $a }” — “{ $b }”: { $outcome }
teams-finished = 🏁 “{ $name }” is over.
teams-winner = 🏆 The winner is team “{ $team }”.
teams-rating_title = Ratings:
teams-rating_line = { $name }: { $delta }
teams-dropped_mark = , dropped
teams-outcome_win = the first team won
teams-outcome_loss = the second team won
teams-outcome_draw = a draw
teams-outcome_open = being played
teams-wiz_decks = The decks of the duel set(s), separated by commas, 2 to { $max }: e.g. “Slua, Vampires”.
teams-wiz_decks_bad = 2 to { $max } different decks separated by commas, a name of up to { $length } characters.
teams-created_decks = Decks: { $decks }. Each player picks a deck with a button when the team is entered.
teams-offer_ask_deck = 🤝 { $name } asks you into team “{ $team }” of “{ $tournament }”. Playing together? Pick your deck.
teams-deck_ask = 🤝 Team “{ $team }”: which deck do you play?
teams-btn_deck = I play: { $deck }
teams-offer_waiting = Noted: waiting for your partner.
teams-add_usage_duel = Like this: /add @player1 @player2 &lt;deck1&gt; &lt;deck2&gt; Team name — decks by number: { $decks }.
teams-decks_line = Your deck: “{ $mine }”; your opponent plays “{ $theirs }”.
teams-mirror_left = ⚠️ Round { $round }, table { $table }: no pairing without a mirror game was left (610.4) — the judge may swap two tables' opponents: /swap &lt;table&gt; &lt;table&gt;.
teams-drop_not_in = { $name } does not play in this event.
teams-drop_already = Team “{ $team }” has already left the event.
teams-drop_dropped = Team “{ $team }” leaves the event: its results stay, it is not paired from the next round on.
teams-your_place = 🏁 “{ $name }”: your place is { $place } of { $count }, team “{ $team }”.
teams-your_rating = Rating: { $delta }, now { $rating }.
teams-export_title = “{ $name }”: the teams' places and the players
teams-standings_none = “{ $name }”: no round is complete yet — no standings so far.
teams-pending_none = Round { $round }: every result is in.
teams-pending_title = Round { $round }: { $count ->
    [one] { $count } game
   *[other] { $count } games
} without a result
teams-pending_table = Table { $table }:
teams-board_until = { " " }· until { $time }
teams-time_up = ⏰ Round { $round }'s time is up. Tables { $tables } still play: results by the buttons, the judge settles disputes.
teams-begun = 🤝 “{ $name }”: registration closed. 🎲 Round 1's draw seed: { $seed } (the teams are shuffled by this number: anyone can re-check it).
teams-begun_sealed = Open the Sealed product: a team's pool is shared. Each player sends the bot /deck in private — the team's whole pool, the cards of the deck they play in the deck, the rest unused. The judge pairs round 1 with /next_round.
teams-begun_draft = The draft comes next (/draft: the pick clock) and deck building; deck lists with /deck in private. The judge pairs round 1 with /next_round.
teams-seating_table = 🪑 Draft table { $table } ({ $count } { $count ->
    [one] player
   *[other] players
  }); teammates never sit side by side:
teams-draft_running = The draft is on: boosters are still being picked (/draft: the pick clock). Round 1 once they are picked.
teams-wiz_boost = Boosters each player drafts (601.4, the 12-card ones first): the deck is built from them by Table 3.
teams-created_boosters = Draft boosters: { $plan }. Teammates sit at one draft table, never side by side.
teams-offer_asked = ✅ The team is formed. The event is under way: an organiser decides whether it plays from the next round.
teams-late_ask = 🤝 A late entry: team “{ $team }” ({ $first }, { $second }). Let it play from the next round? Its missed rounds count nothing.
teams-btn_late_yes = ✅ Let in
teams-btn_late_no = ❌ Refuse
teams-late_in = ✅ The team is in: it plays from the next round.
teams-late_refused = The late entry is refused.
teams-late_gone = This entry is no longer open.
teams-penalty_done_warned = Warning recorded: { $name }.
teams-penalty_lost = ⚖️ { $name }: game lost by a penalty — round { $round }, table { $table }, board { $board }.
teams-penalty_done_no_game = Penalty recorded: { $name }. The player has no open game: none is lost.
teams-penalty_done_dq = Disqualified: { $name }. The player's team drops out.
teams-swap_usage = Usage: /swap &lt;table&gt; &lt;table&gt; — the second teams of these tables change opponents (before they play).
teams-swap_done = Tables { $table } and { $other } changed opponents: the players got their new games.
teams-swap_played = These tables already play (a result or a report is in): their opponents stay.
teams-swap_rematch = That would make two teams meet again: nothing swapped.
teams-no_round = No round is under way.
teams-extend_usage = Usage: /extend &lt;minutes&gt; — 1 to { $max }.
teams-extend_done = The round now ends at { $time }.
teams-extended = ⏱ Round { $round } gets { $minutes } more min — until { $time }.
teams-drop_removed = Team “{ $team }” is off the list.
teams-no_team = There is no team “{ $team }” in the event.
teams-not_playing = This player does not play in the event.
teams-penalty_done_lost = Game loss recorded: { $name } — the player's game of the round is lost.
teams-wiz_top = A Top of teams after the Swiss rounds? (knockout: the first against the last, …)
teams-wiz_top_0 = No Top
teams-wiz_top_2 = A final of two
teams-wiz_top_4 = Top 4
teams-wiz_top_8 = Top 8
teams-created_top = A Top of { $count } teams after the rounds (knockout; a level Top match sends the higher seed on).
teams-board_title_top = 🏆 “{ $name }” — { $teams ->
    [2] the final
    [4] the semi-finals
   *[other] the Top of { $teams }
  }
teams-top_title = 🏆 The Top ({ $count } { $count ->
    [one] team
   *[other] teams
  }):
teams-top_place = { $place }. “{ $team }” ({ $members })
teams-late_draft = The Team Draft is under way: its tables are seated, a late team would have no cards to build decks from.
teams-late_top = The Swiss rounds are over and the Top is on: no late entry.

# /why: a team's pairing explained (bot.teams.why)
teams-why_title = 🤔 “{ $tournament }”, round { $round }: why “{ $team }” plays “{ $opponent }”
teams-why_drawn = Round 1 is drawn by lot (from the event's seed): every team starts level.
teams-why_groups = Score groups: your team's { $my_group } ({ $size } { $size ->
        [one] team
       *[other] teams
    } this round), “{ $opponent }”: { $their_group } ({ $their_size }).
teams-why_floated_me = Your team floated down to a lower score group.
teams-why_floated_opponent = The other team floated down from a higher score group to yours.
teams-why_only_legal = Every other pairing of the round would repeat a team match: this one was the only one left.
teams-why_tie = Other pairings would cost as much; the order of the standings decided (in a score group the top half meets the bottom half, and the lowest-ranked team that can floats down).
teams-why_floats = Without this match { $without } { $without ->
        [one] team
       *[other] teams
    } would play outside their score group instead of { $floats }.
teams-why_squares = Without this match as many teams would float, but the score gaps would be wider.
teams-why_avoided = { $count ->
        [one] A rematch
       *[other] Rematches
    } kept out: your team already played { $names }.
teams-why_named = “{ $team }”
teams-why_mirrors = Kept apart for a mirror game (610.4): { $names }.
teams-why_bye_rank = 🛌 “{ $tournament }”, round { $round }: your team has the bye. It goes to the lowest-ranked team that has not had one, as long as the others can then be paired without a rematch.
teams-why_bye_rating = 🛌 “{ $tournament }”, round { $round }: your team has the bye. In a duel-set release it goes to the lowest-rated team that has not had one (610.6), as long as the others can then be paired without a rematch.
teams-why_bye_second = Every team without a bye was passed over: this is your team's second one.
teams-why_bye_had = “{ $name }” is below your team but has had a bye already.
teams-why_bye_blocked = “{ $name }”: with that bye the other teams could not be paired without a rematch.
teams-why_no_team = “{ $tournament }”: you are in no team of it.
teams-why_no_round = “{ $tournament }”: no round is paired yet.
teams-why_not_paired = “{ $tournament }”: your team has no match in round { $round } (it entered after the pairing, or dropped).
