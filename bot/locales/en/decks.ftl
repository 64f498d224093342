# Deck lists (issue 13): bot/decks, handlers/decks.py, rules/decks.

## The wizard's Constructed sub-format (612)
swiss-wiz_sub = Constructed sub-format? (each has its own banned list)
swiss-wiz_sub_classic = Classic
swiss-wiz_sub_standard = Standard
swiss-wiz_sub_block = Block (mono-constructed)
swiss-wiz_sub_class_wars = Class Wars

## What a list is checked as
decks-fmt_sub = { $fmt } ({ $sub })
decks-fmt_heroes = { $fmt }, “Berserk. Heroes”
decks-fmt_constructed = Constructed
decks-fmt_draft = Draft
decks-fmt_sealed = Sealed
decks-fmt_marathon = Marathon
decks-fmt_heroes_tournament = Heroes tournament
decks-sub_classic = Classic
decks-sub_standard = Standard
decks-sub_block = Block
decks-sub_class_wars = Class Wars

## A list as understood
decks-section = <b>{ $title }</b> — { $count } { $count ->
        [one] card
       *[other] cards
    }:
decks-section_main = Deck
decks-section_side = Side deck
decks-section_unused = Not used
decks-section_hero = Hero
decks-entry = { $count } { $name }
decks-pool = The whole pool: { $count } { $count ->
        [one] card
       *[other] cards
    }.
decks-accepted = ✅ Deck list accepted — “{ $name }” ({ $fmt }).
decks-accepted_pending = ⏳ Deck list accepted pending the judge's check — “{ $name }” ({ $fmt }). 4–5 copies are allowed for “Horde” cards only, and the club's card list is not loaded — the judge will check: { $names }.
decks-refused = ❌ Deck list not accepted — “{ $name }” ({ $fmt }). { $count ->
        [one] An error
       *[other] Errors: { $count }
    }. Fix it and send the whole list again; the earlier one, if any, stays.
decks-numbered = { $n }. { $text }
decks-at_line = Line { $line }: { $text }

## Errors of a list
decks-err_too_long = The list is too long: more than { $max } lines.
decks-err_no_count = “{ $text }” — no number of copies: write “3 Card name”.
decks-err_bad_count = “{ $text }” — the number of copies must be 1 to 99.
decks-err_no_name = “{ $text }” — no card name.
decks-err_long_name = “{ $text }” — the name is too long.
decks-err_empty = The list has no cards.
decks-err_no_side = this format has no side deck: one deck only, remove the “Side” section.
decks-err_no_hero_here = this format has no hero: remove the “Hero” section.
decks-err_hero_count = Exactly one hero is needed in the “Hero” section, cards given: { $count }.
decks-err_too_few = The deck has { $count } { $count ->
        [one] card
       *[other] cards
    }, at least { $min } are needed.
decks-err_too_many = The deck has { $count } { $count ->
        [one] card
       *[other] cards
    }, at most { $max } are allowed.
decks-err_side_size = The side deck has { $count } { $count ->
        [one] card
       *[other] cards
    }, exactly { $need } are needed (or no side deck at all).
decks-err_copies = { $name } — { $count } { $count ->
        [one] copy
       *[other] copies
    }, at most { $max } are allowed.
decks-err_banned = { $name } — on the banned list ({ $list }).
decks-err_unknown = { $name } — no such card in the club's card list: check the spelling.
decks-err_not_allowed = { $name } — not in the list “{ $title }”.
decks-err_over_allowed = { $name } — { $count } { $count ->
    [one] copy
   *[other] copies
  }, but the list “{ $title }” has { $max }.
decks-err_not_hero = { $name } — not a hero.
decks-err_hero_in_deck = { $name } — a hero: no spare hero in the decks.
decks-err_element = { $name } — element “{ $element }”, the hero's is “{ $hero }”: only the hero's element and neutral cards.
decks-err_classes = Cards of several classes: { $classes }. Class Wars allows one class.
decks-err_class_no_creature = The class “{ $class }” has no creature in the deck.
decks-err_no_class = No cards of any class: a Class Wars deck is built on one class.
decks-err_classless = Cards without a class: { $count }, at most { $max } are allowed.

## What went unchecked
decks-note_no_card_list = ℹ️ The club's card list is not loaded: only counts and copies were checked, not “Horde”, classes, elements or heroes.
decks-note_horde_unknown = ℹ️ 4–5 copies are allowed for “Horde” cards only — the judge will check: { $names }.
decks-note_sets_unchecked = ℹ️ The bot does not check the sets of “{ $list }” — only its banned list.

## /deck
decks-in_private = Deck lists are sent in the private chat with the bot: open it and send /deck.
decks-no_tournament = No open card tournament you play in: there is nowhere to send a deck list.
decks-which = You play in several tournaments: { $list }. Give the number: /deck #number.
decks-which_line = #{ $id } “{ $name }”
decks-ask = 🃏 “{ $name }” ({ $fmt }). Send the deck list as your next message — as text or a .txt file.
    One card a line: “3 Card name”. Sections by a heading line: “Deck”, “Side”, “Hero”; in Sealed and Draft the pool's unused cards go under “Not used” (or “-1 Card name”). /cancel to stop.
decks-ask_replace = To replace the list, send a new one as your next message (/cancel keeps it).
decks-ask_judge = Player: { $player }. Send the new list as your next message — the player gets the list of changes. /cancel to stop.
decks-window_locked = The deck lists of “{ $name }” are closed: the tournament has begun. Only a judge can change a list.
decks-window_locked_round = The deck lists of “{ $name }” are closed: round 1 is paired. Only a judge can change a list.
decks-window_not_yet = The deck lists of “{ $name }” open when it begins: in a Limited format the list is written from the cards received at the tournament, after the draft or once the Sealed product is opened. They close when round 1 is paired.
decks-window_drafting = The draft of “{ $name }” is on: send your deck list once the boosters are picked, before round 1.
decks-closed = The tournament “{ $name }” is over: deck lists no longer change.
decks-not_in = Only a participant of “{ $name }” has a deck list there.
decks-not_yours = Only the tournament's judges see another player's deck list.
decks-no_player = Player not found: give an @username or a club ID.
decks-usage = Format: /deck — send or see your deck list; /deck #number — for the tournament with that number; a judge: /deck @username or /deck &lt;club ID&gt; — see and correct a player's list.
decks-shown = 🃏 Deck list — { $player } · “{ $name }” ({ $fmt })
decks-none_yet = No deck list yet ({ $player }).
decks-file_bad = A text file is needed (.txt or .csv), at most 64 KB.
decks-file_not_text = The file “{ $name }” does not read as text: it holds binary data or control characters. Save the list as plain text (UTF-8) and send it again.
decks-edited = ✏️ Deck list corrected by a judge (player: { $player }). Changes:
    { $changes }
decks-told_edit = ✏️ Your deck list in “{ $name }” was corrected by a judge. Changes:
    { $changes }
decks-change = { $section }: { $name } { $old } → { $new }
decks-change_none = the same cards

## /decks
decks-status = 🃏 Deck lists of “{ $name }”: accepted for { $done } of { $count }.
decks-status_line = { $mark } { $player } (#{ $id })
decks-status_pending = ⏳ { $player } (#{ $id }) — awaits the judge's check (4–5 copies): { $names }
decks-status_pending_count = Awaiting the judge's check (4–5 copies without the club's card list): { $count }.
decks-decks_usage = Format: /decks — whose deck list is accepted; /decks publish [tournament number] — after the tournament, publish the Top's lists in the group.
decks-publish_running = The Top's lists are published after “{ $name }” is over.
decks-published = 🏆 <b>The Top's deck lists — “{ $name }”</b>
decks-published_place = <b>{ $place }. { $player }</b>
decks-published_none = no deck list
decks-publish_done = The Top's lists are published in the group.
decks-publish_none = No finished card tournament whose lists could be published.

## /begin at the highest strictness (503)
decks-begin_missing = ⚠️ Highest strictness: { $count } { $count ->
        [one] player has
       *[other] players have
    } no accepted deck list: { $names }. The tournament has not begun. Drop them (/drop in reply to the player's message) or begin without their lists: /begin override.
decks-round_one_missing = ⚠️ Highest strictness: { $count } { $count ->
        [one] player has
       *[other] players have
    } no accepted deck list: { $names }. Round 1 is not paired. Drop them (/drop in reply to the player's message) or pair the round without their lists: /next_round override.
decks-begin_usage = Format: /begin — begin the tournament; /begin override — begin although not everyone's deck list is accepted (highest strictness).
log-sw_deck_edit = deck list corrected by a judge: { $name }
log-sw_lists_waived = begun without deck lists, the organiser's decision: { $names }

## /cards
decks-cards_usage = 📚 The club's card list — a CSV file with the caption /cards (or /cards and the CSV lines in one message). Columns in the first line: name, set, class, type, horde; separated by commas or semicolons. A new list replaces the old one.
decks-cards_wait = Send the card list's CSV file as your next message (/cancel to stop).
decks-cards_loaded = 📚 Card list loaded: { $count } { $count ->
        [one] card
       *[other] cards
    }.
decks-cards_none = No card was read — the earlier card list stays.
decks-cards_skipped = Lines skipped for errors:
decks-club_only = The card list and the banned lists are the whole club's: only the club's organisers change them.
decks-more_errors = …and { $count } more { $count ->
    [one] error
   *[other] errors
}: fix these and send the list again.
decks-err_csv_empty = The file is empty.
decks-err_csv_no_name = the first line has no name column.
decks-err_csv_bad_name = “{ $text }” — no card name.
decks-err_csv_bad_horde = “{ $text }” — the horde column takes yes or no (1 or 0).
decks-err_csv_too_many = more than { $max } cards: the rest were not read.
decks-err_csv_long_line = a line over { $max } characters is no card: skipped.
decks-err_csv_not_cards = more than { $max } lines are no cards: this is not a card list, nothing was loaded.
decks-err_csv_bad_quote = “{ $text }” — a quote is not closed (or a closing quote is not followed by the separator): the line is skipped.
decks-err_csv_empty_row = “{ $text }” — an empty row: separators only, no value.
decks-err_csv_extra_cells = “{ $text }” — { $count } { $count ->
        [one] value
       *[other] values
    }, but the first line names { $columns } columns: the line is skipped (a name with the separator in it goes in quotes).
decks-err_csv_invisible = “{ $text }” — invisible or control characters in the line.

## /banned
decks-banned_usage = Format: /banned &lt;sub-format&gt; — show the list; /banned &lt;sub-format&gt; add Card; Card — add; /banned &lt;sub-format&gt; remove Card — remove. Sub-formats: classic, standard, block, class_wars.
decks-banned_overview = 🚫 Banned cards (612) — legal in Draft and Sealed:
decks-banned_overview_line = { $sub } ({ $list }): { $count }
decks-banned_list = 🚫 Banned cards — { $sub }: { $count }
    { $cards }
decks-banned_empty = 🚫 Banned cards — { $sub }: the list is empty.
decks-banned_added = Added to the “{ $sub }” list: { $count }.
decks-banned_removed = Removed from the “{ $sub }” list: { $count }.

## Menus and /help
menu-deck = Deck list: send or see it
menu-decks = A tournament's deck lists: who sent one, publishing the Top's
menu-cards = The club's card list (CSV)
menu-banned = Banned cards by sub-format
