"""Plural forms through Fluent: the count picks the word, by each language's CLDR rules."""

from __future__ import annotations

from importlib import resources

import pytest
from fluent.runtime import FluentResource
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

from bot.texts import Texts

COUNTS = (1, 2, 5, 11, 21)
TEXTS = Texts()


@pytest.mark.parametrize(
    ("lang", "key", "values", "wanted"),
    [
        (
            "ru",
            "swiss.standings_title",
            {"tie_breaks": ""},
            ("тура", "туров", "туров", "туров", "тура"),
        ),
        (
            "en",
            "swiss.standings_title",
            {"tie_breaks": ""},
            ("round<", "rounds", "rounds", "rounds", "rounds"),
        ),
        (
            "ru",
            "koth.warning",
            {"until": "23:00", "circle": 3},
            ("1 минута", "2 минуты", "5 минут", "11 минут", "21 минута"),
        ),
        (
            "en",
            "koth.warning",
            {"until": "23:00", "circle": 3},
            ("1 minute ", "2 minutes", "5 minutes", "11 minutes", "21 minutes"),
        ),
        (
            "ru",
            "koth.board_not_started",
            {"name": "Пт"},
            ("1 участник.", "2 участника.", "5 участников.", "11 участников.", "21 участник."),
        ),
        (
            "en",
            "koth.board_not_started",
            {"name": "Fri"},
            ("1 player.", "2 players.", "5 players.", "11 players.", "21 players."),
        ),
    ],
)
def test_the_count_picks_the_word(
    lang: str, key: str, values: dict[str, object], wanted: tuple[str, ...]
) -> None:
    name = {"swiss.standings_title": "rounds", "koth.warning": "minutes"}.get(key, "count")
    for count, word in zip(COUNTS, wanted, strict=True):
        assert word in TEXTS.get(lang, key, **values, **{name: count})


def test_one_table_is_a_table_and_one_leader_a_leader() -> None:
    one = TEXTS.get("ru", "swiss.time_swiss", round="Тур 2", tables="5", count=1)
    many = TEXTS.get("ru", "swiss.time_swiss", round="Тур 2", tables="5, 7", count=2)
    assert "Стол 5:" in one and "Столы 5, 7:" in many
    leader = TEXTS.get("ru", "koth.extra_begin", king="Аня", leaders="Боря", count=1)
    leaders = TEXTS.get("ru", "koth.extra_begin", king="Аня", leaders="Боря, Вика", count=2)
    assert "Лидер: Боря." in leader and "Лидеры: Боря, Вика." in leaders
    assert "the Leader (Боря)" in TEXTS.get(
        "en", "koth.extra_begin", king="A", leaders="Боря", count=1
    )


def variant_key(key: ast.Identifier | ast.NumberLiteral) -> str:
    return key.name if isinstance(key, ast.Identifier) else key.value


class Selectors(Visitor):
    """The variant keys of every selector in a resource."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[set[str]] = []

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        self.found.append({variant_key(variant.key) for variant in node.variants})
        self.generic_visit(node)


def test_every_plural_selector_in_russian_has_the_forms_its_counts_need() -> None:
    """By category: one with few/many (or other for all but one); or by exact number."""
    selectors = Selectors()
    folder = resources.files("bot").joinpath("locales", "ru")
    for entry in folder.iterdir():
        if entry.name.endswith(".ftl"):
            selectors.visit(FluentResource(entry.read_text("utf-8")))
    assert len(selectors.found) >= 5
    for keys in selectors.found:
        if all(key.isdigit() or key == "other" for key in keys):
            continue  # an exact count ([1] Стол *[other] Столы)
        assert "one" in keys and keys & {"few", "other"} and keys & {"many", "other"}, keys


def test_a_count_is_shown_without_grouping() -> None:
    text = TEXTS.get("ru", "koth.board_not_started", name="Пт", count=1200)
    assert "1200 участников" in text


def test_a_missing_value_is_an_error_not_a_blank() -> None:
    with pytest.raises(KeyError):
        TEXTS.get("ru", "koth.warning")


def test_the_opponents_points_pick_their_word() -> None:
    """Points (tenths) are a number to Fluent: «0 очков», «1 очко», «2,9 очка», «3 очка»."""
    from bot.formats import Points

    def table(lang: str, tenths: int) -> str:
        return TEXTS.get(
            lang,
            "swiss.pairing_table",
            round="Тур 2",
            table=1,
            opponent="Аня",
            points=Points(tenths),
        )

    wanted = {
        0: "0 очков",
        10: "1 очко",
        29: "2,9 очка",
        30: "3 очка",
        50: "5 очков",
        55: "5,5 очка",
    }
    for tenths, words in wanted.items():
        assert f"соперник — Аня ({words})." in table("ru", tenths)
    english = {0: "0 points", 10: "1 point", 29: "2.9 points", 30: "3 points"}
    for tenths, words in english.items():
        assert f"opponent — Аня ({words})." in table("en", tenths)


def test_the_open_tables_are_one_table_or_several_in_both_languages() -> None:
    """«tables 2 have no final result yet» was wrong for one table; a list of 21 is several."""

    def text(lang: str, tables: list[int], key: str = "swiss.round_open") -> str:
        listed = ", ".join(map(str, tables))
        return TEXTS.get(lang, key, tables=listed, count=len(tables), codes="a|b")

    assert "table 2 has no final result yet. Record it " in text("en", [2])
    assert "tables 2, 3 have no final result yet. Record them " in text("en", [2, 3])
    assert "на столе 2. Внесите его " in text("ru", [2])
    assert "на столах 1, 2, 3" in text("ru", list(range(1, 22)))
    assert "Внесите их" in text("ru", list(range(1, 22)))
    match = text("en", [2], "swiss.round_open_match")
    assert "&lt;score&gt; (a win is 2:0 or 2:1)" in match
