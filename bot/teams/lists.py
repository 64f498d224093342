"""A team event as the host of the shared deck lists (``bot.kind.DeckHost``, ``bot.decks``) and
of the draft's pick clock (``bot.kind.DraftHost``, ``bot.draft``).

- **Which lists**: Team Sealed's as Sealed (603.3), Team Draft's as a Draft of its boosters
  (601.9, Table 3); a duel-set release has none (610.3: the decks are the sets').
- **When** (``rules.decks.window``, as a card tournament's Limited formats): from ``/begin``
  (the product opened, the draft seated), not while the draft runs on the pick clock, until
  round 1 is paired (``/next_round``).
- **Team Sealed's pool** (604: «each player marking his deck's cards in the team's pool»): the
  team opens its two products as one pool; each player lists the whole pool, his deck's cards
  in the deck and the rest unused. The first list of a team is checked as Sealed; the second
  against it (``rules.decks.Restriction.team_pool``): the same pool, and no copy in both
  decks. A judge's edit is checked the same way.
- **Published** after the end (``/decks publish``): the players of the first two teams.
- **The draft**: Team Draft's tables (``tm_pods``, ``rules.teams.pods``) on the pick clock.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.errors import UserError
from bot.kind import DraftSeating, Placed
from bot.teams.core import TeamsCore, team_format
from db import decks as stored_decks
from db import tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.card_formats import Format
from rules.decks import Restriction, parse_list
from rules.decks.window import Window, list_window
from rules.limited.clock import replay_clock
from rules.teams.settings import TeamFormat

#: the teams whose players' lists ``/decks publish`` shows (the first two places)
PUBLISHED_TEAMS = 2
#: a Team Draft drafts once
DRAFT = 1
DEFAULT_BOOSTERS = [12, 12]


def boosters_of(tournament: Tournament) -> list[int]:
    found = tournament.settings.get("boosters")
    return [int(b) for b in found] if isinstance(found, list) and found else DEFAULT_BOOSTERS


def deck_options(tournament: Tournament) -> Mapping[str, object]:
    """The settings its lists are checked by: Sealed, or a Draft of its boosters."""
    if team_format(tournament) is TeamFormat.TEAM_DRAFT:
        return {"format": Format.DRAFT.value, "boosters": boosters_of(tournament)}
    return {"format": Format.SEALED.value}


async def drafting(core: TeamsCore, tx: Tx, tournament: Tournament) -> bool:
    """Whether Team Draft's draft runs on the pick clock (a booster picked, or more to come)."""
    if team_format(tournament) is not TeamFormat.TEAM_DRAFT or tournament.status != "running":
        return False
    events = await tournaments.events(tx, tournament.id)
    clock = replay_clock((e.kind, e.payload) for e in events)
    return clock.drafting(DRAFT, len(boosters_of(tournament)), core.now())


async def deck_window(core: TeamsCore, tx: Tx, tournament: Tournament) -> Window:
    fmt = team_format(tournament)
    if fmt is TeamFormat.DUEL_SETS:
        return Window.NO_LISTS
    state = await core.state(tx, tournament.id)
    return list_window(
        Format.DRAFT if fmt is TeamFormat.TEAM_DRAFT else Format.SEALED,
        started=tournament.status != "registration",
        round_one_paired=bool(state.rounds),
        drafting=await drafting(core, tx, tournament),
    )


async def deck_restriction(
    core: TeamsCore, tx: Tx, tournament: Tournament, player_id: int
) -> Restriction | None:
    """Team Sealed: the pool the teammate's list gives (none yet: the list is the first)."""
    if team_format(tournament) is not TeamFormat.TEAM_SEALED:
        return None
    state = await core.state(tx, tournament.id)
    team = state.team_of(player_id)
    if team is None:
        return None
    mate = team.second if team.first == player_id else team.first
    listed = await stored_decks.stored(tx, tournament.id, int(mate))
    if listed is None or not listed.valid:
        return None
    return Restriction.team_pool(team.name, parse_list(listed.text)[0])


async def players(core: TeamsCore, tx: Tx, tournament_id: int, *, active: bool) -> list[int]:
    """The players of the event's teams (``active``: of those still playing), by team."""
    state = await core.state(tx, tournament_id)
    teams = state.entrants if state.begun else list(state.teams)
    if active:
        teams = [team for team in teams if team not in state.dropped]
    return [int(p) for team in teams for p in state.teams[team].players]


async def final_places(core: TeamsCore, tx: Tx, tournament: Tournament) -> tuple[list[Placed], int]:
    """Each player with his team's place; the first two teams' players are published."""
    state = await core.state(tx, tournament.id)
    places = state.team_places()
    rows = [
        Placed(place, int(player))
        for team, place in sorted(places.items(), key=lambda item: item[1])
        for player in state.teams[team].players
    ]
    return rows, sum(row.place <= PUBLISHED_TEAMS for row in rows)


async def deck_edited(core: TeamsCore, tx: Tx, tid: int, player_id: int, actor: int) -> None:
    await core.event(tx, tid, "tm_deck_edit", {"player": player_id}, actor)
    await core.audit(tx, tid, actor, "deck_edit", player=player_id)


async def draft_seating(core: TeamsCore, tx: Tx, tournament: Tournament) -> DraftSeating:
    """Team Draft's tables (before ``/begin`` seats them, its teams at one table)."""
    fmt = team_format(tournament)
    if fmt is not TeamFormat.TEAM_DRAFT:
        raise UserError("pickclock.not_draft", format=core.tr()(f"teams.wiz_fmt_{fmt.value}"))
    state = await core.state(tx, tournament.id)
    if state.pods:
        return DraftSeating(DRAFT, [list(map(int, pod)) for pod in state.pods])
    seated = [int(p) for team in state.teams.values() for p in team.players]
    return DraftSeating(DRAFT, [seated])
