# Sealed (603) and the Heroes tournament (609): the wizard's steps, the start, /heroes, the reveal.

swiss-wiz_product = What does each player open (603.2)?
swiss-wiz_product_starter = 1 starter and 2 boosters
swiss-wiz_product_seven = 6 boosters of 7 cards
swiss-wiz_product_twelve = 4 boosters of 12 cards
swiss-wiz_unify = Which Heroes tournament?
swiss-wiz_unify_no = Ordinary: exactly 8 players, 3 rounds (609.2, 609.7)
swiss-wiz_unify_yes = Unifying: a multiple of 8 players, rounds until a single winner (609.8)

heroes-summary_sealed = 📦 Sealed: each player opens { $product }. Deck of { $deck } cards or more, a hand of { $hand } cards. The deck list is the whole pool, each card marked used or not (/deck).
heroes-summary_heroes = 🦸 Heroes tournament: exactly 8 players, 3 rounds, no Top, each with a secret hero. Deck of { $deck } cards or more + the hero. The organiser names the set: /heroes Name1; Name2; …; Name8 (otherwise the heroes are numbered #1–#8).
heroes-summary_unifying = 🦸 Unifying Heroes tournament: a multiple of 8 players, as many rounds as a single winner needs (8 players — 3 rounds, 16 — 4, 24 and 32 — 5), no Top. Deck of { $deck } cards or more + the hero. The set: /heroes Name1; Name2; …; Name8.

heroes-sealed_group = 📦 “{ $tournament }”: Sealed, nobody is seated at tables (603.4). Each player opens { $product }. Deck of { $deck } cards or more (603.6), a hand of { $hand } cards (603.7). Register your whole pool with /deck, each card marked in the deck or not (603.3). The judge pairs round 1 with /next_round once the decks are built; the deck lists close then.
heroes-sealed_private = 📦 “{ $tournament }”: your product is { $product }. Deck of { $deck } cards or more, a hand of { $hand } cards. Register the pool with /deck, each card marked "in the deck" or "not in the deck".

heroes-dealt_group = 🦸 “{ $tournament }”: the heroes are dealt: every player was told privately which one is theirs. Show yours to nobody (609.4). Deck of { $deck } cards or more + the hero (609.5). Before each round the heroes are shown only at their own table (609.6).
heroes-your_hero = 🦸 “{ $tournament }”: your hero is <b>{ $hero }</b>. Show it to nobody before the round starts (609.4). Deck of { $deck } cards or more + the hero (609.5).
heroes-unreachable = { $player }: the bot cannot write to you privately. Open the private chat with the bot (/start) and send /heroes there to learn your hero.
heroes-staff_title = 🦸 “{ $tournament }”: the players' heroes — for judges only.
heroes-staff_line = { $player } — { $hero }
heroes-staff_given = { $player } — { $hero } (given by the judge)

heroes-reveal = 🦸 “{ $tournament }”, round { $round }, table { $table }: heroes on the table (609.6). Yours is <b>{ $hero }</b>, your opponent's ({ $other }) is <b>{ $theirs }</b>. Shuffle the deck without the hero and draw { $hand } cards ({ $hand_hero } with the hero); the hero must join your squad.

heroes-not_heroes = “{ $tournament }” is not a Heroes tournament: it has no heroes.
heroes-not_dealt = 🦸 The heroes are dealt when the tournament starts (/begin), each privately.
heroes-set_title = 🦸 The heroes of “{ $tournament }”:
heroes-set_line = { $number }. { $hero }
heroes-set_given = { $number }. { $hero } — given by the judge to { $player }
heroes-set_unnamed = The heroes are not named: the bot numbers them #1–#8, number the cards the same way. To name them: /heroes Name1; Name2; …; Name8
heroes-set_usage = Name exactly 8 different heroes separated by “;”: /heroes Name1; Name2; …; Name8 (each name up to { $max } characters).
heroes-set_too_late = The heroes are dealt: the set no longer changes.
heroes-sent_private = 🦸 Sent to you privately: heroes are never shown in the group.
heroes-open_private = Open the private chat with the bot (/start) and send /heroes there: heroes are never shown in the group.
heroes-your_hero_again = 🦸 “{ $tournament }”: your hero is <b>{ $hero }</b>.
heroes-not_player = You do not play in “{ $tournament }”: you have no hero.
heroes-give_usage = Give a hero (the footnote to 609.4): /heroes give &lt;@username or club id&gt; &lt;hero or its number 1–8&gt;, or as a reply to the player's message: /heroes give &lt;hero&gt;. Best in the private chat with the bot.
heroes-give_no_player = No such player in the tournament.
heroes-give_no_hero = No such hero in the set. The set: { $heroes }.
heroes-given_before = 🦸 { $hero } will go to { $player }. The bot deals the other heroes at random at the start (the footnote to 609.4).
heroes-given_group = 🦸 The judge's decision is recorded (the footnote to 609.4). Only the judges know who has which hero.
heroes-swapped = 🦸 Heroes swapped (the footnote to 609.4): { $player } now has { $hero }; { $other } now has { $theirs }. Both players were told privately.
heroes-swap_same = The player already has this hero: { $player } — { $hero }.
heroes-swap_too_late = Round { $round } already has a result: too late to change the heroes.
heroes-your_new_hero = 🦸 “{ $tournament }”: by the judge's decision your hero is now <b>{ $hero }</b> (the footnote to 609.4). Show it to nobody.

heroes-field_exactly_eight = A Heroes tournament has exactly 8 players (609.2); this one has { $count }. Add or remove players and send /begin again.
heroes-field_multiple_of_eight = A unifying Heroes tournament needs a multiple of 8 players (609.8); this one has { $count }.

heroes-no_top = A Heroes tournament has no Top (609.7): the winner is who won every round. To finish on the standings now: /top 0.
heroes-champion = 🦸 Won every round: { $player } is the champion of the Heroes tournament (609.7).
heroes-no_champion = 🦸 Nobody won every round: there is no Heroes champion (609.7); the places follow the points and tie-breaks.

log-sw_heroes = heroes dealt to { $count } { $count ->
        [one] player
       *[other] players
    } (the list: /heroes in the private chat)
log-sw_heroes_swap = heroes swapped by the judge: { $player } ↔ { $other }

menu-heroes = Heroes (Heroes tournament)
