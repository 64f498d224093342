"""What the draft's pick clock says (bot.draft.views) and the settings it reads (bot.draft)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial
from zoneinfo import ZoneInfo

from bot.draft import DEFAULT_DECK_MINUTES, deck_minutes_of, plan_of
from bot.draft.views import clock_line, deck_phrase, pod_text, whole_seconds
from bot.notices import render
from bot.texts import Texts
from db.tournaments import Tournament
from rules.limited.clock import Booster, Pause

TEXTS = Texts()
RU = partial(TEXTS.get, "ru")
EN = partial(TEXTS.get, "en")
T0 = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
MOSCOW = ZoneInfo("Europe/Moscow")
S = timedelta(seconds=1)


def deck_line(lang: str, boosters: list[int]) -> str:
    return render(TEXTS, lang, deck_phrase(boosters))


def test_the_deck_to_build_and_the_hand_are_told_by_table_3() -> None:
    assert deck_line("ru", [12, 12]) == (
        "Колода — не меньше 20 карт из полученных на драфте (601.10), раздача — 15 карт"
        " (таблица 3)."
    )
    assert deck_line("ru", [12, 12, 12]).startswith("Колода — не меньше 30 карт")
    assert deck_line("ru", [7, 7]) == (
        "Колода не собирается: все полученные на драфте карты (14) сразу становятся раздачей"
        " (601.10, таблица 3)."
    )
    assert deck_line("en", [12]) == (
        "No deck is built: all the cards you drafted (12) are your hand (601.10, Table 3)."
    )


def test_a_pods_message_to_the_second() -> None:
    booster = Booster(1, 2, 7, T0)
    text = pod_text(RU, 1, ["Аня", "Гена <b>"], booster, 2, T0 + 31 * S, MOSCOW)
    assert text == (
        "🃏 Драфт · стол драфта 1 · 2 игрока\n"
        "Места по порядку: Аня, Гена &lt;b&gt;\n"
        "Бустер 2 из 2 · 7 карт · передаём направо ➡️\n"
        "Пик 2 из 6: 25 с — до <b>21:00:55</b>"
    )


def test_paused_shows_what_is_left_rounded_up() -> None:
    booster = Booster(1, 1, 12, T0, (Pause(T0 + 10.4 * S),))
    assert clock_line(RU, booster, booster.at(T0 + 20 * S), 2, MOSCOW) == (
        "⏸ Пауза · пик 1 из 11: осталось 45 с"
    )
    assert whole_seconds(timedelta(seconds=0.2)) == 1


def test_the_last_booster_done_says_deck_building_is_next() -> None:
    booster = Booster(1, 2, 7, T0)
    assert clock_line(EN, booster, booster.at(T0 + 165 * S), 2, MOSCOW) == (
        "✅ Booster 2 of 2 is done.\nEvery booster is drafted: deck building next."
    )


def drafted(**settings: object) -> Tournament:
    return Tournament(1, -1, "berserk", "swiss", "Драфт", "running", settings, None, (), 9, None)


def test_settings_with_defaults() -> None:
    assert plan_of(drafted(boosters=[7, 12, 7])) == (12, 7, 7)
    assert plan_of(drafted()) == (12, 12)  # an old tournament: the commonest club draft
    assert plan_of(drafted(boosters=[9])) == (12, 12)
    assert plan_of(drafted(boosters="twelve")) == (12, 12)  # a hand-edited row: the default
    assert deck_minutes_of(drafted()) == DEFAULT_DECK_MINUTES == 30
    assert deck_minutes_of(drafted(deckbuilding_minutes=45)) == 45
    assert deck_minutes_of(drafted(deckbuilding_minutes=0)) == 30
