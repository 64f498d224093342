# Limited formats: the /new wizard's choices, the draft's seating (bot/swiss/pods.py)

swiss-wiz_fmt_draft = Draft
swiss-wiz_fmt_sealed = Sealed
swiss-wiz_fmt_marathon = Marathon (drafts, then Sealed)
swiss-wiz_fmt_heroes_tournament = Heroes tournament (8 players)
swiss-wiz_boosters = Boosters per draft? (12-card boosters are opened first; a one- or two-booster draft is an amateur tournament)
swiss-wiz_boosters_12 = 1 × 12
swiss-wiz_boosters_7 = 1 × 7
swiss-wiz_boosters_12x2 = 2 × 12
swiss-wiz_boosters_7x2 = 2 × 7
swiss-wiz_boosters_12x3 = 3 × 12
swiss-wiz_boosters_12x4 = 4 × 12
swiss-wiz_boosters_7x4 = 4 × 7
swiss-wiz_boosters_12x2_7x2 = 2 × 12 + 2 × 7
swiss-wiz_drafts = Before how many first rounds is there a draft? One round after each draft, then Sealed with every drafted card.
swiss-wiz_drafts_1 = 1
swiss-wiz_drafts_2 = 2
swiss-wiz_drafts_3 = 3
limited-created_plan = Boosters per draft: { $plan }.
limited-created_marathon = { $drafts ->
        [1] A draft before round 1, then Sealed.
       *[other] A draft before each of rounds 1–{ $drafts }, then Sealed.
    }
limited-too_few = Too few players: { $count }. This format needs at least { $need } (Draft, Sealed, Marathon: 4; Heroes tournament: 8).
limited-seating_head = 🪑 <b>{ $name }</b> · seating for draft { $draft } · draft tables: { $sizes }
limited-seating_table = Draft table { $table }: { $players }
limited-board_pod = 🃏 <i>Draft table { $pod }</i>
limited-pairing_pod = The round is played within draft table { $pod } (601.5.4).
limited-seating_seat = { $seat }. { $name } (#{ $id })
limited-seating_seed = 🎲 Draw: { $seed }. Anyone can check it: the players by club ID ascending, then a Fisher–Yates shuffle from the last place to the first, place i swapped with place SHA-256("{ $seed }:i") mod (i + 1); the list is cut into the tables in order.
limited-seating_by_standings = Seated by the current standings: the best at table 1 (601.5.6).
limited-seating_boosters = Boosters: { $plan }; odd boosters are passed left, even ones right.
limited-seating_next = Next: the draft and deck building. The judge pairs round { $round } with /next_round.
limited-your_seat = 🪑 “{ $name }”, draft { $draft }: draft table { $table }, seat { $seat }.
    Left: { $on_left } · right: { $on_right }.
limited-draft_next = Draft { $draft } comes before the next round: /next_round seats the players by the current standings, the /next_round after it pairs the round.
log-sw_pods = draft seating
limited-standings_tables = By draft table (the Top takes as many from each table):
limited-standings_seat = { $name }
limited-draft_running = The draft is on: booster { $booster } is still being picked. The round starts once the booster is done (/draft shows the pick clock).
limited-wiz_heroes_plans = A Heroes tournament's deck has { $deck } cards or more plus the hero (609.5), so only the boosters that draft { $deck } cards or more are offered.
limited-wiz_drafts_pool = { $drafts } { $drafts ->
        [one] draft
       *[other] drafts
    }: { $cards } cards
limited-wiz_drafts_refused = The Sealed deck after the drafts has { $deck } cards or more (608.4, 603.6). With { $plan } boosters, { $pools }: too few, so those are not offered.
limited-wiz_draft_rounds = A Draft's rounds are not chosen (601.5.4): 3 when every draft table has fewer than 8 players, else 4.
limited-draft_rounds = 3 or 4 by the draft tables (601.5.4)
limited-sealed_next = 📦 Sealed from the next round on (608.4): every drafted card goes into the Sealed pool of the player who drafted it. A deck of { $deck } cards or more (603.6), a hand of { $hand } cards (603.7).
limited-pairing_sealed = 📦 Sealed from this round on (608.4): all your drafted cards are your Sealed pool. A deck of { $deck } cards or more, a hand of { $hand } cards.
