# The pick clock and the deck-building timer of a draft (bot.draft).

menu-draft = Draft panel: boosters, pause (Berserk)
menu-deckbuilding = Deck-building time after a draft (Berserk)

pickclock-pod_title = 🃏 Draft · draft table { $table } · { $count ->
    [one] { $count } player
   *[other] { $count } players
}
pickclock-seating = Seats in order: { $players }
pickclock-booster_left = Booster { $n } of { $total } · { $size } cards · pass to the left ⬅️
pickclock-booster_right = Booster { $n } of { $total } · { $size } cards · pass to the right ➡️
pickclock-pick = Pick { $n } of { $total }: { $seconds } s — until <b>{ $until }</b>
pickclock-review = 👀 The last card is passed. One minute to review your cards — until <b>{ $until }</b>
pickclock-paused = ⏸ Paused · pick { $n } of { $total }: { $seconds } s left
pickclock-paused_review = ⏸ Paused · card review: { $seconds } s left
pickclock-done = ✅ Booster { $n } of { $total } is done.
pickclock-all_done = Every booster is drafted: deck building next.

pickclock-panel_title = 🃏 Draft of “{ $name }”
pickclock-panel_plan = Boosters in order: { $sizes } (12-card ones first).
pickclock-panel_tables = { $count ->
    [one] { $count } table
   *[other] { $count } tables
}; one pick clock for all.
pickclock-panel_idle = Booster { $n } of { $total } waits for the judge.
pickclock-panel_deck = 🛠 Deck building — until <b>{ $until }</b>.
pickclock-panel_deck_over = Deck building is over.
pickclock-btn_start = ▶️ Start booster { $n }
pickclock-btn_pause = ⏸ Pause
pickclock-btn_resume = ▶️ Resume
pickclock-btn_deck = 🛠 Deck building: { $minutes } min

pickclock-started = Booster { $n } started.
pickclock-paused_now = The pick clock is paused.
pickclock-resumed_now = The pick clock runs again.
pickclock-not_draft = This tournament has no draft (format: { $format }).
pickclock-closed = The tournament is over.
pickclock-all_started = Every booster of this draft was started.
pickclock-booster_running = Booster { $n } is still running: the next one starts after the review minute.
pickclock-not_running = No booster is running now.
pickclock-already_paused = The pick clock is already paused.
pickclock-not_paused = The pick clock is not paused.
pickclock-boosters_left = Deck building comes after the draft: { $count ->
    [one] { $count } booster is left
   *[other] { $count } boosters are left
}.
pickclock-deck_usage = Send /deckbuilding or /deckbuilding &lt;minutes&gt; — 1 to 180 (by default { $minutes }).

pickclock-deck_started = 🛠 Deck building: { $minutes } min — until <b>{ $until }</b>.
pickclock-deck_size = The deck has at least { $count } of the cards you drafted (601.10); the hand is { $hand } cards (Table 3).
pickclock-deck_none = No deck is built: all the cards you drafted ({ $hand }) are your hand (601.10, Table 3).
pickclock-deck_over = ⏰ Deck building is over.
pickclock-late_deck = deck building ended at { $due }

log-sw_booster = Draft: a booster started
log-sw_pick_pause = Draft: the pick clock paused
log-sw_pick_resume = Draft: the pick clock resumed
log-sw_deckbuilding = Deck building: { $minutes } min
