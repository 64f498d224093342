"""The King-of-the-Hill live board and the short descriptions of the state (pure functions)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from bot.formats import Rating
from bot.texts import Html, Translate
from rules.koth import EliminationReason, KothState, Phase, next_challenger


def clock_text(left: timedelta) -> str:
    """H:MM of a positive duration (0:00 when over)."""
    minutes = max(0, int(left.total_seconds()) // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def elimination_reason(t: Translate, state: KothState[int], player: int) -> str:
    found = state.eliminated.get(player)
    if found is None:
        return ""
    if found.reason is EliminationReason.LAST_CIRCLE_LOSS:
        return t(
            "koth.reason_last_circle", remainder=found.remainder, leader=found.leader_remainder
        )
    return t(f"koth.reason_{found.reason.value}")


def table_pair(state: KothState[int]) -> tuple[int, int, bool] | None:
    """The pair at the table as shown: the player already at the table (the King) first, then
    whether he wears the crown. In a final the engine lists the finalists in the fixed order; the
    King who stays at the table is still shown first."""
    if state.next_pair is None:
        return None
    a, b = state.next_pair
    if b == state.king:
        a, b = b, a
    return a, b, a == state.king


def final_names(state: KothState[int], names: Mapping[int, str], joiner: str) -> str:
    """The players of a final or mini-tournament: a final's two as its game is called (the one
    at the table first, "A — B"), a mini-tournament's in its fixed order joined by ``joiner``."""
    shown = table_pair(state)
    if not state.is_mini_tournament and shown is not None:
        return f"{names[shown[0]]} — {names[shown[1]]}"
    return joiner.join(names[p] for p in state.finalists)


def final_reason(t: Translate, state: KothState[int], names: Mapping[int, str]) -> str:
    """Why the final (or mini-tournament) was called, from the figures when it was set.

    W (the winner of the last game before the final) level with the Leaders (6.9.2, 6.9.4a): his
    remainder and theirs; W lost an extra game (6.9.5): he is out and the Leaders play it out.
    Remainders are taken before the final's own games (their wins are taken back)."""
    before = [g for g in state.history if g.phase is not Phase.FINAL]
    if not before or not state.finalists:
        return ""
    last = before[-1]
    lost = state.eliminated.get(last.loser)
    if lost is not None and lost.reason is EliminationReason.EXTRA_GAME_LOSS:
        return t("koth.final_why_lost", w=names[last.loser])
    final_wins = Counter(g.winner for g in state.history if g.phase is Phase.FINAL)

    def remainder(player: int) -> int:
        return state.remainder_of(player) + final_wins[player]

    w = last.winner
    leaders = [p for p in state.finalists if p != w]
    if w not in state.finalists or not leaders:
        return ""
    return t(
        "koth.final_why_level" if len(leaders) == 1 else "koth.final_why_level_many",
        w=names[w],
        remainder=remainder(w),
        leaders=", ".join(names[p] for p in leaders),
        leader=remainder(leaders[0]),
    )


def phase_line(t: Translate, state: KothState[int], names: Mapping[int, str]) -> str:
    if state.phase is Phase.EXTRA and state.king is not None:
        return t(
            "koth.phase_extra_line",
            name=names[state.king],
            remainder=state.remainder_of(state.king),
            leader=min((state.remainder_of(p) for p in state.leaders), default=0),
        )
    if state.phase is Phase.FINAL:
        key = "koth.phase_mini_line" if state.is_mini_tournament else "koth.phase_final_line"
        line = t(key, names=final_names(state, names, ", "))
        why = final_reason(t, state, names)
        return line + "\n" + why if why else line
    return t(f"koth.phase_{state.phase.value}")


@dataclass(frozen=True, slots=True)
class MainClock:
    """The main time as the board shows it: what is left and the clock time it ends at."""

    left: timedelta
    until: str


def render_board(
    t: Translate,
    title: str,
    state: KothState[int],
    names: Mapping[int, str],
    average: str,
    clock: MainClock | None,
    table_note: str = "",
) -> str:
    """The queue board: King, the pair at the table (and where its result stands: ``table_note``),
    who comes next, every player's figures."""
    head = t("koth.board_title", name=title)
    if state.phase in (Phase.MAIN, Phase.LAST_CIRCLE):  # extra games and a final are no circle
        head += t("koth.board_circle", circle=state.circle)
    lines = [head]
    if state.phase is Phase.MAIN and clock is not None:
        # The title says "main time until 23:00": no "Main time" line under it.
        lines[0] += t("koth.board_time_left", left=clock_text(clock.left), until=clock.until)
    else:
        lines.append(phase_line(t, state, names))
    shown_average = Rating.of(Decimal(average or 0))
    lines += [t("koth.board_average", average=shown_average), ""]
    shown = table_pair(state)
    if shown is not None:
        a, b, crowned = shown
        lines.append(t("koth.board_table", a=names[a], crown=" 👑" if crowned else "", b=names[b]))
        if table_note:
            lines.append(table_note)
        lines.append(next_line(t, state, names))
    elif state.winner is not None:
        lines.append(t("koth.board_winner", name=names[state.winner]))
    lines += ["", t("koth.board_header")]
    lines += [player_row(t, state, names, player) for player in state.order]
    return "\n".join(lines)


def next_line(t: Translate, state: KothState[int], names: Mapping[int, str]) -> str:
    """Who comes after the pair at the table, up to the circle's end; after a circle's last
    game in the main time, who opens the next circle (when the result does not decide it)."""
    upcoming = [names[p] for p in state.upcoming]
    if not upcoming and state.phase is Phase.MAIN:
        opener = next_challenger(state)
        if opener is None:  # p1 at the table: if he wins p2 opens, if he loses he does
            return t("koth.board_next_circle_open")
        return t("koth.board_next_circle", circle=state.circle + 1, name=names[opener])
    circles = state.phase in (Phase.MAIN, Phase.LAST_CIRCLE)
    end = Html(t("koth.board_circle_end")) if circles else Html("")
    return t("koth.board_next", names=" → ".join(upcoming) or "—", end=end)


#: The phases whose board marks the Leaders: 6.8 defines them for the last circle, and the extra
#: games are played against the Leaders it fixed (6.9.3). In the main time nobody is a Leader
#: yet; in a final its players are simply finalists.
LEADER_PHASES = (Phase.LAST_CIRCLE, Phase.EXTRA)


def owed_extra_game(state: KothState[int], player: int) -> bool:
    """An eliminated player who stays (the default, 6.7) and may still be called for an extra
    game: out in the last circle (by a loss or the judge), not yet played, no final set."""
    found = state.eliminated.get(player)
    return (
        found is not None
        and state.phase in (Phase.LAST_CIRCLE, Phase.EXTRA)
        and found.reason in (EliminationReason.LAST_CIRCLE_LOSS, EliminationReason.JUDGE)
        and player not in state.extra_done
    )


def player_row(t: Translate, state: KothState[int], names: Mapping[int, str], player: int) -> str:
    """One player's figures; struck through with the reason when eliminated, or the Leader mark."""
    row = t(
        "koth.board_row",
        seat=state.position(player) + 1,
        name=names[player],
        crown=" 👑" if player == state.king else "",
        wins=state.wins[player],
        norm=state.norms[player],
        remainder=state.remainder_of(player),
    )
    if player in state.eliminated:
        reason = Html(elimination_reason(t, state, player))
        row = "<s>" + row + "</s> " + t("koth.board_out", reason=reason)
        if player in state.left:
            return row + t("koth.board_left")
        return row + t("koth.board_stays") if owed_extra_game(state, player) else row
    if player in state.leaders and state.phase in LEADER_PHASES:
        return row + t("koth.board_leader")
    return row
