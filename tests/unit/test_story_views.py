"""What people read of a Story tournament (``bot.story.views``): the live board's statuses of
both sides (captain, playing at a table, through, in reserve, waiting, out), and an end where
both sides are all out (a judge's double losses) names no winner."""

from __future__ import annotations

from bot.story.core import Snapshot
from bot.story.views import board_text, halves, standings_text
from bot.texts import Texts, Tr
from db.tournaments import Tournament
from rules.results import Outcome
from rules.story import StRobin, StRobinGame, apply
from tests.unit.story_events import begun, pair, result

T = Tr(Texts(), "ru")
NAMES = {1: "Анна", 2: "Борис", 3: "Вера", 4: "Глеб", 5: "Дина"}


def snapshot(state: object) -> Snapshot:
    settings = {"sides": ["Свет", "Тьма"]}
    tournament = Tournament(
        1, -1, "berserk", "story", "Кубок", "running", settings, None, (), 1, None
    )
    assert hasattr(state, "rounds")
    return Snapshot(tournament, state, NAMES)  # type: ignore[arg-type]


def test_the_board_shows_each_players_status_and_whose_turn_it_is() -> None:
    state = begun([1, 2, 3], [4, 5])
    pair(state, 1, 4)
    result(state, 1, Outcome.CLEAN_WIN)
    pair(state, 2, 5)
    lines = board_text(T, snapshot(state)).splitlines()
    assert "Стол 1: Анна (Свет) — Глеб (Тьма): 1:0" in lines
    assert "Стол 2: Борис (Свет) — Дина (Тьма): …" in lines
    assert "В резерве: Вера" in lines
    assert "👑 Анна — проходит дальше" in lines and "Борис — играет, стол 2" in lines
    assert "Вера — в резерве" in lines and "👑 Глеб — вне турнира" in lines


def test_an_end_with_both_sides_out_names_no_winner() -> None:
    state = begun([1, 2], [4, 5])
    pair(state, 1, 4)
    pair(state, 2, 5)
    result(state, 1, Outcome.DOUBLE_LOSS)
    result(state, 2, Outcome.DOUBLE_LOSS)
    assert state.ended and state.winner is None
    assert board_text(T, snapshot(state)).endswith("обе стороны выбыли полностью.")
    assert len(standings_text(T, snapshot(state)).splitlines()) == 5


def test_the_round_robin_shows_on_the_board_and_its_points_in_the_standings() -> None:
    state = begun([1, 2, 3], [4, 5])
    pair(state, 1, 4)
    pair(state, 2, 5)
    result(state, 1, Outcome.CLEAN_WIN)
    result(state, 2, Outcome.CLEAN_WIN)
    apply(state, StRobin((1, 2)))
    lines = board_text(T, snapshot(state)).splitlines()
    assert "🔁 Круговой турнир:" in lines and "Стол 1: Анна — Борис: …" in lines
    apply(state, StRobinGame(1, 1, Outcome.DRAW))
    standings = standings_text(T, snapshot(state)).splitlines()
    # level after a draw: the captain will order them; both lines show their ½
    assert all(line.endswith("— 3, в круговом турнире ½") for line in standings[1:3])
    assert "Вера («Свет») — 0" in standings[3] and "круговом" not in standings[3]
    assert [halves(n) for n in (0, 1, 2, 3, 4)] == ["0", "½", "1", "1½", "2"]
