"""Deck lists, clause by clause: 602.0.2 (Constructed), 602.4 (Class Wars), 001 («Берсерк.
Герои»), 603.3 (Sealed), Table 3 (Draft), 609.5 (Heroes tournament), 612 (banned cards)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from rules.card_formats import Format
from rules.card_games import CardGame
from rules.decks import (
    CardList,
    DeckRules,
    Restriction,
    Section,
    SubFormat,
    card_key,
    changes,
    check_list,
    deck_rules,
    parse_list,
    read_card_list,
)

CSV = """name;set;class;type;horde
Орк-налётчик;Степи;Степь;существо;да
Степной волк;Степи;Степь;существо;
Лесной эльф;Леса;Лес;существо;
Друид;Леса;Лес;существо;нет
Ёж;Леса;;существо;
Камень силы;Общие;;артефакт;
Запретный свиток;Общие;;артефакт;
Лорд Леса;Герои;Лес;герой;
Лорд Степи;Герои;Степь;герой;
""" + "".join(f"Лес {i};Леса;Лес;существо;\nКарта {i};Общие;;артефакт;\n" for i in range(20))
CARDS, CSV_PROBLEMS = read_card_list(CSV)


def deck(*lines: str) -> str:
    return "\n".join(lines)


def filler(n: int, prefix: str = "Карта") -> list[str]:
    """``n`` distinct cards, 3 copies each (the last one takes the rest)."""
    out, left, i = [], n, 0
    while left > 0:
        out.append(f"{min(3, left)} {prefix} {i}")
        left -= 3
        i += 1
    return out


def codes(text: str, rules: DeckRules) -> list[str]:
    return [p.code for p in check_list(text, rules).errors]


# -- reading a list
def test_every_count_spelling_is_read_and_one_card_adds_up() -> None:
    listed, problems = parse_list(
        deck("3 Ёж", "2x Ёж", "1 x Друид", "Друид x2", "Лесной эльф ×3", "- 2 Камень силы")
    )
    assert problems == []
    assert [(e.count, e.name, e.line) for e in listed.entries] == [
        (5, "Ёж", 1),
        (3, "Друид", 3),
        (3, "Лесной эльф", 5),
        (2, "Камень силы", 6),
    ]


def test_headings_open_sections_and_marks_override_them() -> None:
    listed, problems = parse_list(
        deck("Герой:", "1 Лорд Леса", "Колода (3):", "3 Ёж", "-1 Друид", "Сайд", "+2 Камень силы")
    )
    assert problems == []
    assert [(e.section, e.name) for e in listed.entries] == [
        (Section.HERO, "Лорд Леса"),
        (Section.MAIN, "Ёж"),
        (Section.SIDE, "Друид"),
        (Section.MAIN, "Камень силы"),
    ]


def test_bad_lines_are_numbered_and_the_rest_is_still_read() -> None:
    listed, problems = parse_list(deck("3 Ёж", "Ёж", "", "0 Друид", "// комментарий", "5", "3 Ёж"))
    assert [(p.code, p.line) for p in problems] == [
        ("no_count", 2),
        ("bad_count", 4),
        ("no_count", 6),
    ]
    assert listed.size(Section.MAIN) == 6


def test_names_forgive_case_yo_and_spaces() -> None:
    assert card_key("  ЛЕСНОЙ   Эльф ") == card_key("лесной эльф")
    assert card_key("Ёж") == card_key("еж")
    assert CARDS.get("ОРК-НАЛЁТЧИК") is not None


# -- the card list
def test_the_card_list_reads_its_columns_and_numbers_its_bad_lines() -> None:
    assert len(CARDS) == 49 and CSV_PROBLEMS == []
    orc = CARDS.get("Орк-налётчик")
    assert orc is not None and orc.horde and orc.card_class == "Степь"
    hero = CARDS.get("Лорд Леса")
    assert hero is not None and hero.is_hero
    cards, problems = read_card_list("Название,Орда\nЁж,да\n,1\nДруид,может быть\n")
    assert len(cards) == 1
    assert [(p.code, p.line) for p in problems] == [("csv_bad_name", 3), ("csv_bad_horde", 4)]
    assert read_card_list("set,class\nx,y\n")[1][0].code == "csv_no_name"


# -- 602.0.2 Constructed
CONSTRUCTED = DeckRules(cards=CARDS)


def test_602_0_2_thirty_to_fifty_cards() -> None:
    bare = DeckRules()
    assert codes(deck(*filler(30)), bare) == []
    assert codes(deck(*filler(50)), bare) == []
    assert codes(deck(*filler(29)), bare) == ["too_few"]
    assert codes(deck(*filler(51)), bare) == ["too_many"]


def test_602_0_2_three_copies_five_for_a_horde_card() -> None:
    base = ["3 Ёж", "3 Друид", "3 Лесной эльф", "3 Камень силы"] * 2  # 24, merged to 6 each
    ok = deck(*base, "5 Орк-налётчик", "1 Степной волк")
    verdict = check_list(ok, CONSTRUCTED)
    assert [(p.code, p.values.get("name")) for p in verdict.errors] == [
        ("copies", "Ёж"),
        ("copies", "Друид"),
        ("copies", "Лесной эльф"),
        ("copies", "Камень силы"),
    ]
    assert verdict.errors[0].values == {"name": "Ёж", "count": 6, "max": 3}
    six = deck("3 Ёж", "3 Друид", "3 Лесной эльф", "3 Камень силы", "3 Степной волк")
    extra = deck(six, *filler(9), "6 Орк-налётчик")
    assert [p.values["max"] for p in check_list(extra, DeckRules()).errors] == [5]


def test_602_0_2_without_a_card_list_four_or_five_copies_pass_and_are_named() -> None:
    verdict = check_list(deck(*filler(26), "4 Орк-налётчик"), DeckRules())
    assert verdict.valid
    assert [p.code for p in verdict.notes] == ["no_card_list", "horde_unknown"]
    assert verdict.notes[1].values == {"names": "Орк-налётчик"}


def test_classic_berserk_has_no_side_deck_and_no_hero() -> None:
    text = deck(*filler(30), "Сайд", "1 Ёж", "Герой", "1 Лорд Леса")
    assert codes(text, DeckRules()) == ["no_side", "no_hero_here"]


def test_an_unknown_card_is_an_error_once_a_card_list_is_loaded() -> None:
    verdict = check_list(deck("3 Ёж", "3 Ежик"), CONSTRUCTED)
    assert ("unknown", 2) in [(p.code, p.line) for p in verdict.errors]


# -- 612 banned cards
def test_612_a_banned_card_is_an_error_in_constructed_only() -> None:
    banned = {"classic": frozenset({card_key("Запретный свиток")})}
    text = deck(*filler(29), "1 Запретный свиток")
    constructed = deck_rules({"format": "constructed"}, "berserk", banned, None)
    verdict = check_list(text, constructed)
    assert [(p.code, p.line) for p in verdict.errors] == [("banned", 11)]
    sealed = deck_rules({"format": "sealed"}, "berserk", banned, None)
    assert check_list(text, sealed).valid  # 612.1: legal in Sealed and Draft
    draft = deck_rules({"format": "draft", "boosters": [12, 12, 12]}, "berserk", banned, None)
    assert check_list(text, draft).valid


def test_612_1_an_overlord_series_draft_checks_the_banned_list_too() -> None:
    banned = {"classic": frozenset({card_key("Запретный свиток")})}
    text = deck(*filler(29), "1 Запретный свиток")
    options = {"format": "draft", "boosters": [12, 12, 12], "series": 1}
    assert "banned" in codes(text, deck_rules(options, "berserk", banned, None))


def test_611_another_format_checks_its_own_banned_cards_instead() -> None:
    banned = {"classic": frozenset({card_key("Запретный свиток")})}
    own = {"format": "constructed", "custom_format": {"name": "X", "banned": ["Ледяной ЁЖ"]}}
    rules = deck_rules(own, "berserk", banned, None)
    assert check_list(deck(*filler(29), "1 Запретный свиток"), rules).valid
    assert "banned" in codes(deck(*filler(29), "1 Ледяной еж"), rules)


def test_612_each_sub_format_has_its_own_list() -> None:
    banned = {"class_wars": frozenset({card_key("Ёж")})}
    classic = deck_rules({"sub_format": "classic"}, "berserk", banned, None)
    assert check_list(deck(*filler(29), "1 Ёж"), classic).valid
    wars = deck_rules({"sub_format": "class_wars"}, "berserk", banned, None)
    assert "banned" in codes(deck(*filler(29), "1 Ёж"), wars)


# -- 602.4 Class Wars
WARS = DeckRules(sub_format=SubFormat.CLASS_WARS, cards=CARDS)


def forest(n: int) -> list[str]:
    return filler(n, "Лес")


def test_602_4_one_class_plus_at_most_seven_classless_cards() -> None:
    assert codes(deck(*forest(24), "3 Ёж", "3 Камень силы"), WARS) == []
    assert codes(deck(*forest(30)), WARS) == []  # «может быть от 1 до 7»: none is fine
    assert codes(deck(*forest(24), "3 Ёж", "3 Камень силы", "2 Запретный свиток"), WARS) == [
        "classless"
    ]


def test_602_4_two_classes_are_refused() -> None:
    verdict = check_list(deck(*forest(24), "3 Орк-налётчик", "3 Степной волк"), WARS)
    assert [p.code for p in verdict.errors] == ["classes"]
    assert verdict.errors[0].values == {"classes": "Лес, Степь"}


# -- 001 «Берсерк. Герои»
HEROES = DeckRules(game=CardGame.HEROES, cards=CARDS)


def heroes_main() -> list[str]:
    return ["Основная колода", *filler(21, "Лес"), *filler(21, "Карта")]


def test_001_a_hero_a_main_deck_of_40_and_a_side_deck_of_exactly_10() -> None:
    bare = DeckRules(game=CardGame.HEROES)
    main = ["Колода", *filler(40)]
    assert codes(deck("Герой", "1 Лорд Леса", *main), bare) == []
    side = ["Сайд", *filler(10, "Сайд")]
    assert codes(deck("Герой", "1 Лорд Леса", *main, *side), bare) == []
    assert codes(deck(*main), bare) == ["hero_count"]
    assert codes(deck("Герой", "1 Лорд Леса", "Колода", *filler(39)), bare) == ["too_few"]
    short = ["Сайд", *filler(9, "Сайд")]
    assert codes(deck("Герой", "1 Лорд Леса", *main, *short), bare) == ["side_size"]


def test_001_three_copies_over_both_decks() -> None:
    main = ["Колода", *filler(40)]
    text = deck("Герой", "1 Лорд Леса", *main, "Сайд", "1 Карта 0", *filler(9, "Сайд"))
    verdict = check_list(text, DeckRules(game=CardGame.HEROES, cards=CARDS))
    errors = [(p.code, p.values.get("count")) for p in verdict.errors if p.code != "unknown"]
    assert errors == [("copies", 4)]


def test_001_the_heros_element_or_neutral_cards_and_no_spare_hero() -> None:
    text = deck("Герой", "1 Лорд Леса", *heroes_main()[:-1], "3 Степной волк", "1 Лорд Степи")
    verdict = check_list(text, HEROES)
    assert [(p.code, p.values.get("name")) for p in verdict.errors] == [
        ("element", "Степной волк"),
        ("hero_in_deck", "Лорд Степи"),
    ]
    assert codes(deck("Герой", "1 Ёж", *heroes_main()), HEROES) == ["not_hero"]


# -- 603.3 Sealed
SEALED = DeckRules(fmt=Format.SEALED)


def test_603_3_the_whole_pool_each_card_used_or_not_the_deck_30_or_more() -> None:
    pool = deck("Колода", *filler(30), "Запас", *filler(12, "Запас"))
    verdict = check_list(pool, SEALED)
    assert verdict.valid
    assert verdict.deck.size(Section.MAIN) == 30 and verdict.deck.size(Section.SIDE) == 12
    marked = deck(*(f"+{line}" for line in filler(29)), "-3 Ёж")
    assert codes(marked, SEALED) == ["too_few"]


def test_603_5_no_copy_limit_in_sealed() -> None:
    assert codes(deck("10 Ёж", "10 Друид", "10 Камень силы"), SEALED) == []


# -- Table 3 Draft, 609.5 Heroes tournament
def test_table_3_a_drafts_deck_follows_its_boosters() -> None:
    two = DeckRules(fmt=Format.DRAFT, boosters=(12, 12))
    assert codes(deck(*filler(20)), two) == []
    assert codes(deck(*filler(19)), two) == ["too_few"]
    hand = DeckRules(fmt=Format.DRAFT, boosters=(7, 7))
    assert codes(deck(*filler(5)), hand) == []  # no deck: the drafted cards are the hand


def test_609_5_a_heroes_tournament_deck_is_30_and_the_hero() -> None:
    rules = DeckRules(fmt=Format.HEROES_TOURNAMENT)
    assert codes(deck("Герой", "1 Лорд Леса", "Колода", *filler(30)), rules) == []
    assert codes(deck(*filler(30)), rules) == ["hero_count"]


# -- the judge's edit
def test_changes_list_what_a_judge_changed() -> None:
    old, _ = parse_list(deck("3 Ёж", "2 Друид", "Сайд", "1 Камень силы"))
    new, _ = parse_list(deck("3 ЕЖ", "3 Друид", "1 Лесной эльф"))
    assert [(c.section, c.name, c.before, c.after) for c in changes(old, new)] == [
        (Section.MAIN, "Друид", 2, 3),
        (Section.MAIN, "Лесной эльф", 0, 1),
        (Section.SIDE, "Камень силы", 1, 0),
    ]


# -- properties
NAMES = st.sampled_from(["Ёж", "Друид", "Лесной эльф", "Камень силы", "Орк-налётчик"])
LINES = st.lists(st.tuples(st.integers(1, 9), NAMES, st.sampled_from(["", "+", "-"])), max_size=30)


@given(LINES)
def test_a_written_list_reads_back_with_the_same_counts(lines: list[tuple[int, str, str]]) -> None:
    text = deck(*(f"{mark}{count} {name}" for count, name, mark in lines))
    listed, problems = parse_list(text)
    assert problems == []
    for section, mark in ((Section.MAIN, "+"), (Section.SIDE, "-")):
        wanted = sum(c for c, _, m in lines if (m or "+") == mark)
        assert listed.size(section) == wanted


@given(LINES, st.sampled_from(list(Format)))
def test_the_verdict_is_valid_exactly_when_it_has_no_errors_and_a_list_never_crashes(
    lines: list[tuple[int, str, str]], fmt: Format
) -> None:
    text = deck(*(f"{mark}{count} {name}" for count, name, mark in lines))
    verdict = check_list(text, DeckRules(fmt=fmt, cards=CARDS))
    assert verdict.valid == (verdict.errors == [])
    assert all(p.line is None or 1 <= p.line <= len(lines) for p in verdict.errors)


@given(st.text(max_size=300))
def test_any_text_is_read_without_crashing(text: str) -> None:
    listed, problems = parse_list(text)
    assert all(e.count >= 1 for e in listed.entries)
    assert all(p.line is None or p.line >= 1 for p in problems)


def test_an_empty_card_list_is_still_a_card_list() -> None:
    assert len(CardList({})) == 0


# -- what /deck's first line asks (handlers.decks)
def test_the_deck_commands_arguments() -> None:
    from handlers.decks import Asked, asked

    assert asked("/deck") == Asked(None, None)
    assert asked("/deck #12") == Asked(12, None)
    assert asked("/deck @ann") == Asked(None, "@ann")
    assert asked("/deck #12 17") == Asked(12, "17")
    assert asked("/deck #x") is None
    assert asked("/deck @ann @bob") is None


# -- the card list's bounds (issue 20, item 9) ---------------------------------------------


def test_an_overlong_line_is_skipped_unread_and_the_rest_loads() -> None:
    huge = "x" * 200_000  # over the csv module's own field limit (128 KB)
    cards, problems = read_card_list(f"name;set\nЁж;Сет\n{huge};Сет\nЁрш;Сет\n")
    assert set(cards.cards) == {card_key("Ёж"), card_key("Ёрш")}
    assert [(p.code, p.line) for p in problems] == [("csv_long_line", 3)]


def test_a_file_of_junk_is_no_card_list_and_loads_nothing() -> None:
    junk = "\n".join(f"=1+{n};;;zzz" for n in range(400))
    cards, problems = read_card_list("name;horde\nЁж;да\n" + junk.replace(";;;zzz", ";maybe"))
    assert len(cards) == 0
    assert [p.code for p in problems] == ["csv_not_cards"]


def test_an_unclosed_quote_is_its_own_lines_problem_and_the_next_line_is_read() -> None:
    text = 'name;set;type\n"Ёрш;Сет;артефакт\nЁж;Сет;существо\n;;;;\n\nЗмей;Сет;;лишнее\n'
    cards, problems = read_card_list(text)
    assert set(cards.cards) == {card_key("Ёж")}
    assert cards.cards[card_key("Ёж")].type == "существо"
    found = [(p.code, p.line) for p in problems]
    assert found == [("csv_bad_quote", 2), ("csv_empty_row", 4), ("csv_extra_cells", 6)]
    assert problems[2].values["count"] == 4 and problems[2].values["columns"] == 3


def test_a_quote_running_on_for_many_lines_swallows_none_of_them() -> None:
    running_on = '"Ёрш\n' + "".join(f"Карта {n}\n" for n in range(200))
    cards, problems = read_card_list("name\nЁж\n" + running_on)
    assert len(cards) == 201
    assert [(p.code, p.line) for p in problems] == [("csv_bad_quote", 3)]


def test_card_names_follow_the_rules_of_names() -> None:
    cards, problems = read_card_list("name\nЁж\nЕ\u202eж\nЗ\u200bмей\nБ\x07ык\n")
    assert set(cards.cards) == {card_key("Ёж")}
    assert [p.code for p in problems] == ["csv_invisible"] * 3
    assert all("\u202e" not in str(p.values["text"]) for p in problems)


# -- a player's own restriction (``DeckHost.deck_restriction``: a side's list, a team's pool)
def test_a_restriction_refuses_a_card_outside_its_list_and_copies_beyond_it() -> None:
    side = Restriction.of_names("Атакующие", [f"Карта {i}" for i in range(30)] + ["Ёж"])
    rules = replace(DeckRules(), restriction=side)
    assert check_list(deck(*filler(30)), rules).valid  # any number of a listed card
    verdict = check_list(deck(*filler(29), "1 Друид"), rules)
    assert [(p.code, p.line, p.values) for p in verdict.errors] == [
        ("not_allowed", 11, {"name": "Друид", "title": "Атакующие"})
    ]
    pool = Restriction("Пул команды", {card_key("Ёж"): 2, card_key("ДРУИД"): None})
    capped = replace(DeckRules(fmt=Format.SEALED), restriction=pool)
    over = check_list(deck("3 ёж", "Сайд", "1 Друид"), capped)
    assert [(p.code, p.values.get("max")) for p in over.errors if p.code != "too_few"] == [
        ("over_allowed", 2)
    ]
    assert DeckRules().restriction is None  # the format's rules alone by default
