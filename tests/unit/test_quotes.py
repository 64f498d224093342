"""One quoting rule per language (issue 22, item 19): a tournament's name stands in «…» in
every Russian sentence and in “…” in every English one, so that a name with a dash of its own
(«Кубок «Грифона» — весна») never reads as the end of the sentence; English texts quote
nothing with «…»."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from fluent.syntax import ast, parse, serializer

from bot.texts import LANGUAGES, Texts, fluent_id

QUOTES = {"ru": ("«", "»"), "en": ("“", "”")}
NAME = "Кубок «Грифона» — весна"

#: the texts that name a tournament by ``$name`` inside a sentence (``$tournament`` is always
#: a tournament's name: every text with it is checked); a board's or a list's title line,
#: the name alone in bold, is not a sentence
SENTENCES_WITH_NAME = (
    "swiss.finished",
    "swiss.finished_early",
    "swiss.cancelled",
    "swiss.confirm_finish",
    "swiss.confirm_cancel",
    "swiss.unrated_private",
    "swiss.rating_private",
    "tournament.finished_note",
    "tournament.other_kind",
    "tournament.list_line",
    "tournament.quoted",
    "koth.joined",
    "koth.already_joined",
    "koth.cancel_ask",
    "koth.cancelled",
    "koth.your_norm",
    "koth.rating_changed",
    "koth.rating_changed_winner",
    "koth.rating_asked",
    "koth.rating_given",
    "koth.drawn",
    "koth.game_label",
    "decks.closed",
    "decks.window_locked",
    "decks.window_locked_round",
    "decks.window_not_yet",
    "decks.window_drafting",
    "decks.not_in",
    "decks.told_edit",
    "decks.accepted",
    "decks.refused",
    "decks.status",
    "decks.publish_running",
    "pictures.no_top",
    "pictures.no_top_finished",
    "pictures.bracket_caption",
    "pictures.bracket_started",
    "pictures.bracket_final",
    "pictures.koth_title",
    "pictures.koth_caption",
    "limited.your_seat",
    "web.link",
    "log.title",
    "koth.log_title",
    "pickclock.panel_title",
)


def sources(lang: str) -> dict[str, str]:
    """Every message of ``lang`` as written in its Fluent file, by its Fluent id."""
    found: dict[str, str] = {}
    folder = resources.files("bot").joinpath("locales", lang)
    for entry in folder.iterdir():
        if entry.name.endswith(".ftl"):
            for item in parse(entry.read_text("utf-8")).body:
                if isinstance(item, ast.Message) and item.value is not None:
                    found[item.id.name] = serializer.serialize_pattern(item.value)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tournaments_name_is_quoted_the_languages_way(lang: str) -> None:
    opening, closing = QUOTES[lang]
    texts = sources(lang)
    unquoted = [
        key
        for key, text in texts.items()
        if re.search(r"\{ \$tournament \}", text)
        and text.count("{ $tournament }") != text.count(f"{opening}{{ $tournament }}{closing}")
    ]
    unquoted += [
        key
        for key in SENTENCES_WITH_NAME
        if f"{opening}{{ $name }}{closing}" not in texts[fluent_id(key)]
    ]
    assert not unquoted, unquoted


def test_english_texts_use_one_style_of_quotes() -> None:
    mixed = [key for key, text in sources("en").items() if "«" in text or "»" in text]
    assert not mixed, mixed


def test_a_name_with_a_dash_stays_inside_its_quotes() -> None:
    texts = Texts()
    ru = texts.get("ru", "swiss.finished", name=NAME)
    en = texts.get("en", "swiss.finished", name=NAME)
    assert ru == f"🏁 Турнир «{NAME}» завершён."
    assert en == f"🏁 The tournament “{NAME}” is over."
    request = texts.get("ru", "swiss.entry_request", tournament=NAME, name="Петров Иван")
    assert f"в идущем турнире «{NAME}»: Петров Иван." in request


def test_english_drops_and_draws_read_as_english() -> None:
    """Not «Brown Dave dropped by own wish» nor «draw 1:1: Ann — Bob»."""
    texts = Texts()
    values = {"tournament": NAME, "round": 2, "name": "Brown Dave"}
    dropped = texts.get("en", "swiss.staff_drop_self", **values)
    assert dropped.startswith(f"🚪 “{NAME}”, round 2: left at the player's own request — Brown")
    assert "own wish" not in dropped
    draw = texts.get("en", "results.claim_draw", a="Ann", b="Bob", score=" 1:1")
    assert draw == "Ann and Bob drew 1:1"
    assert texts.get("ru", "results.claim_draw", a="Аня", b="Боря", score=" 1:1") == (
        "Аня и Боря — ничья 1:1"
    )
