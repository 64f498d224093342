"""Pairing a team round: the Swiss with the team as the unit (spec §1–2, 604, 610.4, 610.6).

The teams are paired by the individual Swiss engine, ``rules.swiss.pairing.pair_round`` (score
groups, floats, the exact optimum by ``rules.matching``), with team numbers for players and the
teams' pairing scores (``rules.teams.state``) for points. Its contract holds for teams:

* **no rematch of teams** while a legal pairing exists (:class:`NoLegalPairing` otherwise —
  the judge decides, never a silent rematch);
* **teammates never meet**: a team meets another team, first numbers against first numbers and
  second against second (604.2; crossed in a duel-set release, ``rules.teams.boards``);
* **610.4, no mirror game**: a pair of teams with no mirror-free assignment is *avoided like a
  rematch*: first every such pair is forbidden too; only when that leaves no legal pairing are
  they allowed again (rematches stay forbidden), and each such match is listed in
  :attr:`TeamPairing.mirrors` for the judge (spec §2: he is told and may swap). Avoiding
  mirrors outranks the choice of the bye, as avoiding rematches does in the Swiss;
* **the bye** (odd number of teams): in 604 the lowest-ranked team without a bye
  (``pair_round``'s rule: in round 1, after the seeded shuffle, as the individual Swiss); in a
  duel-set release (610.6) the team **lowest by rating** without a bye, ``bye_order`` listing
  the active teams lowest rating first (ties: as the caller orders them, **Default** the lower
  ranked first), in every round, round 1 too; when that team's bye leaves no legal pairing of
  the others, the next one.
* **cost**, minimised exactly over the legal pairings: teams outside their score group, then
  the squared score differences (``rules.swiss.pairing``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rules.swiss.explain import Explanation, explain
from rules.swiss.pairing import NoLegalPairing, PairingError, pair_round
from rules.teams.boards import assign_boards, mirror_bound
from rules.teams.teams import Team, TeamId

__all__ = [
    "NoLegalPairing",
    "PairingError",
    "TeamPairing",
    "explain_team_round",
    "mirror_bound_pairs",
    "pair_teams",
]


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """A paired team round."""

    #: the team matches, higher-ranked team first (team A)
    matches: tuple[tuple[TeamId, TeamId], ...]
    bye: TeamId | None
    #: per match, whether its boards are crossed (610.4, ``rules.teams.boards``)
    crossed: tuple[bool, ...]
    #: the matches that keep a mirror game: no pairing without one existed (the judge is told)
    mirrors: tuple[tuple[TeamId, TeamId], ...]
    #: the pairs of teams this pairing kept apart: the rematches, and the mirror-bound pairs
    #: unless they had to be allowed
    avoided: frozenset[frozenset[TeamId]]


def mirror_bound_pairs(teams: Sequence[Team], *, swap: bool) -> set[frozenset[TeamId]]:
    """The pairs of ``teams`` with no mirror-free assignment (610.4). Teams holding the same
    decks on the same seats are alike, so each two kinds of teams are compared once."""
    kinds: dict[tuple[str | None, str | None], list[Team]] = {}
    for team in teams:
        kinds.setdefault((team.deck_first, team.deck_second), []).append(team)
    groups = list(kinds.values())
    bound: set[frozenset[TeamId]] = set()
    for i, group in enumerate(groups):
        for other in groups[i:]:
            if not mirror_bound(group[0], other[0], swap=swap):
                continue
            bound.update(frozenset((a.id, b.id)) for a in group for b in other if a.id != b.id)
    return bound


def pair_teams(
    teams: Sequence[Team],
    ranking: Sequence[TeamId],
    scores: Mapping[TeamId, int],
    played: Collection[frozenset[TeamId]],
    had_bye: Collection[TeamId],
    seed: int,
    *,
    round_number: int | None = None,
    bye_order: Sequence[TeamId] | None = None,
    swap: bool = False,
) -> TeamPairing:
    """Pair the next team round.

    ``teams`` are the event's teams (their decks and seats); ``ranking`` the active teams best
    first; ``scores`` their pairing scores (tenths); ``played`` the pairs of teams that met;
    ``had_bye`` the teams that had a bye; ``bye_order`` (610.6) the active teams lowest rating
    first, ``None`` for the 604 bye; ``swap`` whether a team's players may swap boards (610.4).
    Raises :class:`NoLegalPairing` when every pairing repeats a team match.
    """
    by_id = {team.id: team for team in teams}
    pairs, bye, avoided = _decided(
        teams, ranking, scores, played, had_bye, seed, round_number, bye_order, swap
    )
    chosen = [assign_boards(by_id[a], by_id[b], swap=swap) for a, b in pairs]
    return TeamPairing(
        matches=tuple(pairs),
        bye=bye,
        crossed=tuple(assignment.crossed for assignment in chosen),
        mirrors=tuple(
            pair for pair, assignment in zip(pairs, chosen, strict=True) if assignment.mirrors
        ),
        avoided=frozenset(avoided),
    )


def explain_team_round(
    teams: Sequence[Team],
    ranking: Sequence[TeamId],
    scores: Mapping[TeamId, int],
    played: Collection[frozenset[TeamId]],
    had_bye: Collection[TeamId],
    seed: int,
    paired: tuple[Sequence[tuple[TeamId, TeamId]], TeamId | None],
    *,
    round_number: int | None = None,
    bye_order: Sequence[TeamId] | None = None,
    swap: bool = False,
) -> Explanation[TeamId]:
    """Why a team round was paired as ``paired`` (its matches and bye), from the arguments of
    :func:`pair_teams` (``rules.swiss.explain``): the pairs kept apart are those the pairing
    kept apart (the rematches, and the mirror-bound pairs unless they had to be allowed); the
    bye by rank (604) or by rating (610.6, ``bye_order``)."""
    _, _, avoided = _decided(
        teams, ranking, scores, played, had_bye, seed, round_number, bye_order, swap
    )
    matches, bye = paired
    order = bye_order if bye_order is not None and len(ranking) % 2 else None
    return explain(
        ranking,
        scores,
        avoided,
        had_bye,
        matches,
        bye,
        seed=seed,
        round_number=round_number,
        bye_order=order,
    )


def _decided(
    teams: Sequence[Team],
    ranking: Sequence[TeamId],
    scores: Mapping[TeamId, int],
    played: Collection[frozenset[TeamId]],
    had_bye: Collection[TeamId],
    seed: int,
    round_number: int | None,
    bye_order: Sequence[TeamId] | None,
    swap: bool,
) -> tuple[list[tuple[TeamId, TeamId]], TeamId | None, set[frozenset[TeamId]]]:
    """The pairs, the bye and the pairs kept apart (the first attempt that pairs)."""
    by_id = {team.id: team for team in teams}
    missing = [team for team in ranking if team not in by_id]
    if missing:
        raise PairingError(f"unknown teams {missing!r}")
    if bye_order is not None and sorted(bye_order) != sorted(ranking):
        raise PairingError("the bye order must list exactly the active teams")
    active = [by_id[team] for team in ranking]
    rematches = {pair for pair in played if len(pair) == 2}
    bound = mirror_bound_pairs(active, swap=swap) - rematches
    attempts = [rematches | bound, rematches] if bound else [rematches]
    for avoided in attempts:
        try:
            pairs, bye = _pair(ranking, scores, avoided, had_bye, seed, round_number, bye_order)
        except NoLegalPairing:
            continue
        return pairs, bye, avoided
    raise NoLegalPairing("every pairing of the teams repeats a team match")


def _pair(
    ranking: Sequence[TeamId],
    scores: Mapping[TeamId, int],
    avoided: Collection[frozenset[TeamId]],
    had_bye: Collection[TeamId],
    seed: int,
    round_number: int | None,
    bye_order: Sequence[TeamId] | None,
) -> tuple[list[tuple[TeamId, TeamId]], TeamId | None]:
    if bye_order is None or len(ranking) % 2 == 0:
        return pair_round(ranking, scores, avoided, had_bye, seed, round_number=round_number)
    candidates = [team for team in bye_order if team not in had_bye]
    candidates += [team for team in bye_order if team in had_bye]
    for candidate in candidates:
        others = [team for team in ranking if team != candidate]
        try:
            pairs, _ = pair_round(others, scores, avoided, (), seed, round_number=round_number)
        except NoLegalPairing:
            continue
        return pairs, candidate
    raise NoLegalPairing("every choice of the bye leaves a rematch")
