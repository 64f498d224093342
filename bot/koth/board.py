"""The King-of-the-Hill live board and the short descriptions of the state (pure functions)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import timedelta

from bot.texts import Html
from rules.koth import EliminationReason, KothState, Phase

Translate = Callable[..., str]


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
        return t(key, names=", ".join(names[p] for p in state.finalists))
    return t(f"koth.phase_{state.phase.value}")


def render_board(
    t: Translate,
    title: str,
    state: KothState[int],
    names: Mapping[int, str],
    average: str,
    left: timedelta | None,
) -> str:
    """The queue board: King, the pair at the table, who comes next, every player's figures."""
    head = t("koth.board_title", name=title, circle=state.circle)
    if state.phase is Phase.MAIN and left is not None:
        head += t("koth.board_time_left", left=clock_text(left))
    lines = [head, phase_line(t, state, names), t("koth.board_average", average=average), ""]
    if state.next_pair is not None:
        a, b = state.next_pair
        crown = " 👑" if a == state.king else ""
        lines.append(t("koth.board_table", a=names[a], crown=crown, b=names[b]))
        upcoming = [names[p] for p in state.upcoming]
        end = (
            Html(t("koth.board_circle_end"))
            if state.phase in (Phase.MAIN, Phase.LAST_CIRCLE)
            else Html("")
        )
        lines.append(t("koth.board_next", names=" → ".join(upcoming) or "—", end=end))
    elif state.winner is not None:
        lines.append(t("koth.board_winner", name=names[state.winner]))
    lines += ["", t("koth.board_header")]
    lines += [player_row(t, state, names, player) for player in state.order]
    return "\n".join(lines)


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
        return row + t("koth.board_left") if player in state.left else row
    if player in state.leaders and state.phase is not Phase.FINISHED:
        return row + t("koth.board_leader")
    return row
