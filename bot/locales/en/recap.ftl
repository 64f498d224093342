# The evening's recap (/recap, bot/recap.py).
menu-recap = The group's evening recap
recap-title = 🌙 The evening of { $day }: { $count } { $count ->
    [one] tournament
   *[other] tournaments
}
recap-champion = 🏆 “{ $tournament }”: { $names }
recap-upset = ⚡ Upset of the evening: { $winner } ({ $winner_rating }) beat { $loser } ({ $loser_rating }) with a { $chance }% chance
recap-gains = 📈 The biggest rating gains:
recap-gain = • { $name }: { $change } ({ $pool })
recap-reign = 👑 Longest reign: { $name }, { $wins } { $wins ->
    [one] win
   *[other] wins
} in a row in “{ $tournament }”
recap-milestone_games = 🎉 { $name }: game number { $count } at the table
recap-first_win = 🥇 { $name }: a first win!
recap-group_only = The evening recap belongs to a club group: send the command in the group.
recap-nothing = No tournament of this group has finished this evening yet.
recap-not_yet = The evening is not over: a tournament of the group is still running. The recap comes when the last one finishes.
