"""A team event's web board (the TV in the club room): its own layout, not the group's text.

- the status: registration (the teams so far), the round of how many (or the Top's stage) with
  its clock, the winner once it is over (the Top's champion when there is one);
- the round: a block per team match — its table, the two teams and the match's score once
  settled, then each game on its own line (board 1, board 2 and the deciding game while due)
  with where it stands (playing, awaiting confirmation, with the judge, done and its result),
  the bye; before round 1 of a Team Draft its draft tables in seat order;
- the standings: place, team and players, match points (or sums), the team Buchholz, the game
  points; a dropped team greyed.
"""

from __future__ import annotations

from datetime import datetime

from bot.formats import OUTCOME_MARKS, Points
from bot.teams.core import Snapshot
from bot.texts import Translate
from bot.web.render import Board, clock, esc, row, section, table
from rules.teams import DECIDING
from rules.teams.state import Round


def teams_board(
    t: Translate, snap: Snapshot, reports: dict[str, str], lang: str, now: datetime
) -> Board:
    """The board of ``snap``; ``reports``: «round:table:board» of the games with an open report,
    "pending" or "disputed"."""
    name = snap.tournament.name
    head = f'<header><p class="kind">{t("web.teams")}</p><h1>{esc(name)}</h1></header>'
    rnd = snap.state.current
    body = head + status(t, snap, now) + '<div class="columns"><div class="col">'
    if rnd is not None:
        body += matches(t, snap, rnd, reports, lang)
    elif snap.state.pods:
        body += pods(t, snap)
    body += f'</div><div class="col">{standings(t, snap, lang)}</div></div>'
    return Board(name, lang, body)


def status(t: Translate, snap: Snapshot, now: datetime) -> str:
    tournament, state = snap.tournament, snap.state
    rnd = state.current
    if tournament.status == "cancelled":
        line = t("web.cancelled")
    elif tournament.status == "finished":
        line = t("web.finished")
    elif rnd is None:
        line = t("web.teams_registered", count=len(state.teams))
    else:
        line = round_title(t, snap, rnd)
    items = [f'<p class="phase">{line}</p>']
    running = tournament.status == "running" and rnd is not None
    if running and rnd is not None and rnd.ends_at and not state.complete(rnd.number):
        items.append(clock(t("web.round_clock"), datetime.fromisoformat(rnd.ends_at), now))
    if tournament.status == "finished" and state.entrants:
        winner = state.final_order()[0]
        items.append(f'<p class="winner">🏆 {t("web.champion", name=snap.team_name(winner))}</p>')
    return '<div class="status">' + "".join(items) + "</div>"


def game_state(
    t: Translate, snap: Snapshot, rnd: Round, table_no: int, board: int, reports: dict[str, str]
) -> tuple[str, str]:
    """(the state's words, its css class) of one game."""
    game = rnd.games.get((table_no, board))
    if board == DECIDING:
        decider = rnd.deciders.get(table_no)
        due = snap.state.deciding_players(rnd.number, table_no)
        game = decider.game if decider is not None and decider.players == due else None
    if game is not None:
        return t("web.state_done", result=OUTCOME_MARKS[game.outcome_a]), "done"
    report = reports.get(f"{rnd.number}:{table_no}:{board}")
    if report == "disputed":
        return t("web.state_judge"), "judge"
    if report == "pending":
        return t("web.state_waiting"), "waiting"
    return t("web.state_playing"), "playing"


def matches(t: Translate, snap: Snapshot, rnd: Round, reports: dict[str, str], lang: str) -> str:
    state, rows = snap.state, []
    for match in rnd.matches:
        result = state.match_result(rnd.number, match.table)
        score = ""
        if result is not None:
            score = f"{Points(result.points_a).text(lang)}:{Points(result.points_b).text(lang)}"
        teams = f"«{esc(snap.team_name(match.a))}» — «{esc(snap.team_name(match.b))}»"
        rows.append(row([str(match.table), f"<b>{teams}</b>", f"<b>{score}</b>"], "match"))
        boards = [1, 2]
        if state.deciding_players(rnd.number, match.table) is not None:
            boards.append(DECIDING)
        for board in boards:
            players = state.players_of(rnd.number, match.table, board)
            assert players is not None
            a, b = (esc(snap.names.get(p, "?")) for p in players)
            label = "⚔️" if board == DECIDING else f"{board})"
            words, css = game_state(t, snap, rnd, match.table, board, reports)
            rows.append(row([label, f"{a} — {b}", f'<span class="st">{words}</span>'], css))
    body = table([t("web.col_table"), t("web.pairings"), ""], rows)
    if rnd.bye is not None:
        body += f'<p class="bye">{t("web.bye", name=esc(snap.team_name(rnd.bye)))}</p>'
    return section("pairings", round_title(t, snap, rnd), body)


def round_title(t: Translate, snap: Snapshot, rnd: Round) -> str:
    """«Тур 2 из 5», or the Top's stage («Финал»)."""
    if snap.state.in_top(rnd.number):
        return t("web.teams_top", teams=2 * len(rnd.matches))
    return t("web.round", round=rnd.number, total=snap.state.planned_rounds)


def pods(t: Translate, snap: Snapshot) -> str:
    """Team Draft's draft tables in seat order (before round 1)."""
    parts = []
    for number, pod in enumerate(snap.state.pods, start=1):
        seated = "".join(f"<li>{esc(snap.names.get(p, '?'))}</li>" for p in pod)
        parts.append(f'<div class="stage"><h3>{t("web.draft_table", table=number)}</h3>')
        parts.append(f'<ol class="queue">{seated}</ol></div>')
    return section("bracket", t("web.draft_tables"), "".join(parts))


def standings(t: Translate, snap: Snapshot, lang: str) -> str:
    state = snap.state
    if not state.rounds:
        listed = "".join(
            f"<li>«{esc(team.name)}»: {esc(snap.members(team.id))}</li>"
            for team in state.teams.values()
        )
        return section("standings", t("web.teams_list"), f'<ol class="queue">{listed}</ol>')
    head = [t("web.col_rank"), t("web.col_team"), t("web.col_points")]
    head += [t("web.tb_bh"), t("web.col_games")]
    rows = []
    for found in state.standings():
        team = f"«{esc(snap.team_name(found.team))}» <small>{esc(snap.members(found.team))}</small>"
        css = "out" if found.team in state.dropped else ""
        values = (Points(found.points), Points(found.buchholz), Points(found.game_points))
        rows.append(row([str(found.place), team, *(esc(v.text(lang)) for v in values)], css))
    return section("standings", t("web.standings"), table(head, rows, paged=True))
