# Head-to-head (/h2h, the button under a pairing) and the nemesis on /profile (bot/memory.py).
menu-h2h = Head-to-head with a player
h2h-button = 📊 Our games: { $name }
h2h-usage = Whose games against you? /h2h @name, /h2h club ID, or /h2h in reply to the player's message.
h2h-unknown = I do not know that player: give the @name of someone the bot has seen, or a club ID.
h2h-yourself = That is you: nobody plays himself.
h2h-not_registered = Register first: /register.
h2h-never = { $name }: you have not played each other yet.
h2h-title = ⚔️ <b>You and { $name }</b>: { $games } { $games ->
    [one] game
   *[other] games
}
h2h-score = { $wins } { $wins ->
    [one] win
   *[other] wins
}, { $draws } { $draws ->
    [one] draw
   *[other] draws
}, { $losses } { $losses ->
    [one] loss
   *[other] losses
}
h2h-you_lead = You lead: +{ $lead }.
h2h-they_lead = { $name } leads: +{ $lead }.
h2h-level = All square.
h2h-last = { $count ->
    [one] The last game:
   *[other] The last { $count } games:
}
h2h-last_line = { $mark } “{ $tournament }”
h2h-nemesis = 😈 Your nemesis: { $name } (club ID { $club_id }) — { $losses } { $losses ->
    [one] loss
   *[other] losses
} in { $games } { $games ->
    [one] game
   *[other] games
}.

# Seasons (/season, bot/seasons.py).
menu-season = The group's season table
season-usage = A new season: /season new name; first day; last day; [points by place]; [how many best results count]. For example: /season new Winter; 01.12.2026; 28.02.2027; 25 18 15 12 10 8 6 4 2 1; 4. By default the points are 25 18 15 12 10 8 6 4 2 1 (lower places 0) and the best 4 results count.
season-bad_day = I cannot read the date “{ $day }”: write it as 01.12.2026.
season-bad_days = The season's last day is before its first, or the season is longer than 400 days.
season-bad_points = Points by place are whole numbers from 0 to 1000 separated by spaces (64 places at most), none more than the one before.
season-bad_best = How many best results count: a whole number, at least 1.
season-organisers_only = Only an organiser of this group creates a season.
season-group_only = A season belongs to a club group: send the command in the group.
season-none = This group has no season yet. An organiser creates one with /season new (send it alone for how).
season-created = ✅ Season “{ $name }” created: every tournament of the group finished on its days counts.
season-title = 🏆 <b>Season “{ $name }”</b>: { $first } — { $last }
season-rules = Points by place: { $points } (lower: 0); the best { $best } { $best ->
    [one] result counts
   *[other] results count
}.
season-played = { $count } { $count ->
    [one] tournament
   *[other] tournaments
} counted.
season-empty = No tournament of the season has finished yet.
season-row = { $rank }. { $name } — { $points } { $points ->
    [one] point
   *[other] points
} ({ $counted })
season-dropped = , not counted: { $dropped }
season-tie_shared = shares the place: equal points and equal places
season-tie_places = below: fewer finishes in place { $place } ({ $mine } against { $theirs })
season-link = 🌐 The season's page: { $url }
season-picture_title = Season “{ $name }”
season-picture_subtitle = { $first } — { $last } · best results counted: { $best } · tournaments: { $count }
season-picture_rank = Place
season-picture_player = Player
season-picture_points = Points
season-picture_counted = Counted
season-web_dropped = Not counted
season-web_tie = On equal points
season-web_title = Season · { $name }
season-picture_caption = 🏆 The season's table
help-season = <b>Season</b>: /season new name; first day; last day; [points by place]; [best results counted] — a new season of the group (by default the points are { $points }, lower places 0, and the best { $best } { $best ->
    [one] result counts
   *[other] results count
}); /season [name] — the table
season-unknown = This group has no season “{ $name }”. /season shows the current one.
