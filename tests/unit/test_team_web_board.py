"""A team event's web board (``bot.teams.web``): its own layout read from a replayed state —
the round's matches with each game and where it stands, the Top's stage and champion, the
names escaped once."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.teams.core import Snapshot
from bot.teams.web import teams_board
from bot.texts import Texts
from db.tournaments import Tournament
from rules.teams import TmTop, apply
from tests.unit.team_events import L, W, begin, games, round_of, team

TEXTS = Texts()
NOW = datetime(2026, 12, 4, 18, 0, tzinfo=UTC)


def t(key: str, **values: object) -> str:
    return TEXTS.get("ru", key, **values)


def snapshot(state: object, status: str = "running") -> Snapshot:
    tournament = Tournament(1, -100, "berserk", "teams", "Кубок <b>", status, {}, None, (), 1, None)
    names = {10 * n + k: f"P{n}{k}" for n in range(1, 5) for k in (1, 2)}
    return Snapshot(tournament, state, names)  # type: ignore[arg-type]


def test_each_match_its_games_and_where_each_stands() -> None:
    state = begin([team(n) for n in range(1, 5)], rounds=3)
    round_of(state, (1, 2), (3, 4))
    games(state, 1, 1, W, L)  # table 1 goes to the deciding game
    board = teams_board(t, snapshot(state), {"1:2:1": "pending", "1:2:2": "disputed"}, "ru", NOW)
    html = board.html
    assert "Кубок &lt;b&gt;" in html and "Тур 1 из 3" in html
    assert '<td>1)</td><td>P11 — P21</td><td><span class="st">сыграно 1:0</span>' in html
    assert '<td>⚔️</td><td>P11 — P22</td><td><span class="st">играют</span>' in html
    assert 'class="waiting"' in html and 'class="judge"' in html


def test_the_top_shows_its_stage_and_the_champion_once_over() -> None:
    state = begin([team(n) for n in range(1, 5)], rounds=1)
    round_of(state, (1, 2), (3, 4))
    games(state, 1, 1, W, W)
    games(state, 1, 2, W, W)
    apply(state, TmTop((1, 3)))
    round_of(state, (1, 3))
    assert "Финал" in teams_board(t, snapshot(state), {}, "ru", NOW).html
    games(state, 2, 1, L, L)
    over = teams_board(t, snapshot(state, "finished"), {}, "ru", NOW).html
    assert "Турнир завершён" in over and "Чемпион: T3" in over  # the Top's winner, not T1
