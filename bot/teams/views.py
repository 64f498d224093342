"""What people read of a team event: the round's board (a line per team match with its two
games and the deciding game when due), the standings, the teams, the log, the end."""

from __future__ import annotations

from bot.formats import OUTCOME_MARKS, Points, RatingChange
from bot.teams.core import Snapshot
from bot.texts import Html, Translate
from rules.teams import DECIDING
from rules.teams.state import Round


def game_line(
    t: Translate, snap: Snapshot, rnd: Round, table: int, board: int, pending: set[str]
) -> str:
    """One game of a team match: its players and its result (or where it stands)."""
    players = snap.state.players_of(rnd.number, table, board)
    assert players is not None
    a, b = (snap.names.get(p, "?") for p in players)
    game = rnd.games.get((table, board))
    if board == DECIDING:
        decider = rnd.deciders.get(table)
        game = decider.game if decider is not None and decider.players == players else None
    key = f"{rnd.number}:{table}:{board}"
    if game is not None:
        mark = OUTCOME_MARKS[game.outcome_a]
    elif key in pending:
        mark = t("teams.mark_waiting")
    else:
        mark = t("teams.mark_playing")
    label = t("teams.board_deciding") if board == DECIDING else t("teams.board_n", board=board)
    return t("teams.game_line", board=Html(label), a=a, b=b, mark=mark)


def board_text(t: Translate, snap: Snapshot, pending: set[str], until: str = "") -> str:
    """The live board of the current round (``until``: the round's end, HH:MM)."""
    state = snap.state
    rnd = state.current
    name = snap.tournament.name
    if rnd is None:
        return t("teams.no_round_yet", name=name)
    title = t("teams.board_title", name=name, round=rnd.number, rounds=state.planned_rounds)
    if state.in_top(rnd.number):
        title = t("teams.board_title_top", name=name, teams=2 * len(rnd.matches))
    if until and not state.complete(rnd.number) and not state.finished:
        title += t("teams.board_until", time=until)
    lines = [title]
    for match in rnd.matches:
        result = state.match_result(rnd.number, match.table)
        score = ""
        if result is not None:
            score = t(
                "teams.match_score",
                a=Points(result.points_a),
                b=Points(result.points_b),
            )
        lines.append(
            t(
                "teams.match_line",
                table=match.table,
                a=snap.team_name(match.a),
                b=snap.team_name(match.b),
                score=Html(score),
            )
        )
        for board in (1, 2):
            lines.append(game_line(t, snap, rnd, match.table, board, pending))
        if state.deciding_players(rnd.number, match.table) is not None:
            lines.append(game_line(t, snap, rnd, match.table, DECIDING, pending))
    if rnd.bye is not None:
        lines.append(t("teams.bye_line", team=snap.team_name(rnd.bye)))
    return "\n".join(lines)


def pending_text(t: Translate, snap: Snapshot, pending: set[str]) -> str:
    """The current round's games still without a result (a judge's ``/pending``)."""
    state = snap.state
    rnd = state.current
    if rnd is None or state.finished:
        return t("teams.no_round_yet", name=snap.tournament.name)
    games = state.open_games(rnd.number)
    if not games:
        return t("teams.pending_none", round=rnd.number)
    lines = [t("teams.pending_title", round=rnd.number, count=len(games))]
    for table, board in games:
        lines.append(
            t("teams.pending_table", table=table) + game_line(t, snap, rnd, table, board, pending)
        )
    return "\n".join(lines)


def standings_text(t: Translate, snap: Snapshot) -> str:
    state = snap.state
    if not state.begun:
        return teams_text(t, snap)
    complete = sum(1 for rnd in state.rounds if state.complete(rnd.number))
    if complete == 0:  # a round in play counts nothing until it is complete
        return t("teams.standings_none", name=snap.tournament.name)
    lines = [t("teams.standings_title", name=snap.tournament.name, rounds=complete)]
    for row in state.standings():
        lines.append(
            t(
                "teams.standings_line",
                place=row.place,
                team=snap.team_name(row.team),
                members=snap.members(row.team),
                points=Points(row.points),
                buchholz=Points(row.buchholz),
                games=Points(row.game_points),
                dropped=Html(t("teams.dropped_mark") if row.team in state.dropped else ""),
            )
        )
    return "\n".join(lines)


def teams_text(t: Translate, snap: Snapshot) -> str:
    teams = list(snap.state.teams.values())
    lines = [t("teams.teams_title", name=snap.tournament.name, count=len(teams))]
    for team in teams:
        lines.append(t("teams.team_line", team=team.name, members=snap.members(team.id)))
    return "\n".join(lines)


def log_text(t: Translate, snap: Snapshot) -> str:
    """Every round's team matches with their games, as played (corrections applied)."""
    state = snap.state
    lines = [t("teams.log_title", name=snap.tournament.name)]
    for rnd in state.rounds:
        lines.append(t("teams.log_round", round=rnd.number))
        for match in rnd.matches:
            result = state.match_result(rnd.number, match.table)
            outcome = "open" if result is None else result.outcome_a.value
            lines.append(
                t(
                    "teams.log_match",
                    table=match.table,
                    a=snap.team_name(match.a),
                    b=snap.team_name(match.b),
                    outcome=t(f"teams.outcome_{outcome}"),
                )
            )
            for board in (1, 2, DECIDING):
                if board == DECIDING and state.deciding_players(rnd.number, match.table) is None:
                    continue
                lines.append(game_line(t, snap, rnd, match.table, board, set()))
        if rnd.bye is not None:
            lines.append(t("teams.bye_line", team=snap.team_name(rnd.bye)))
    return "\n".join(lines)


def final_text(t: Translate, snap: Snapshot, changes: dict[int, int]) -> str:
    """The end: the team places, then each player's rating change by his team's place."""
    state = snap.state
    lines = [t("teams.finished", name=snap.tournament.name)]
    rows = state.standings()
    order = state.final_order()
    if order:
        lines.append(t("teams.winner", team=snap.team_name(order[0])))
    if state.seeds:  # the Top's places, then the Swiss standings
        lines.append(t("teams.top_title", count=len(state.seeds)))
        for place, team in enumerate(order[: len(state.seeds)], start=1):
            lines.append(
                t(
                    "teams.top_place",
                    place=place,
                    team=snap.team_name(team),
                    members=snap.members(team),
                )
            )
    lines.append(standings_text(t, snap))
    lines.append(t("teams.rating_title"))
    for row in rows:
        for player in state.teams[row.team].players:
            delta = RatingChange(changes.get(int(player), 0))
            lines.append(t("teams.rating_line", name=snap.names.get(player, "?"), delta=delta))
    return "\n".join(lines)
