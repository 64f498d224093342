"""``/why`` in a team event (``rules.teams.pairing.explain_team_round``): the reasons of every
team match are exactly the cost terms that distinguish the pairing from the best one without
that match, over the pairings that keep apart what the pairing kept apart (the rematches and
the mirror-bound pairs of 610.4); the duel set's bye explained by rating (610.6)."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.swiss.explain import REMATCH, ByeWhy, Cost, TableWhy
from rules.teams.pairing import NoLegalPairing, explain_team_round, pair_teams
from rules.teams.teams import Team

DECKS = ("слуа", "вампиры", "гномы")


def matchings(teams: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


@st.composite
def events(draw: st.DrawFn) -> dict[str, object]:
    size = draw(st.integers(3, 8))
    teams = [
        Team(
            i,
            f"T{i}",
            2 * i,
            2 * i + 1,
            draw(st.sampled_from(DECKS)),
            draw(st.sampled_from(DECKS)),
        )
        for i in range(1, size + 1)
    ]
    ids = [team.id for team in teams]
    scores = {team: draw(st.sampled_from([0, 10, 30, 60])) for team in ids}
    ranking = sorted(ids, key=lambda team: -scores[team])
    pairs = [frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    played = set(draw(st.lists(st.sampled_from(pairs), max_size=size)))
    duel = draw(st.booleans())
    return {
        "teams": teams,
        "ranking": ranking,
        "scores": scores,
        "played": played,
        "had_bye": set(draw(st.lists(st.sampled_from(ids), max_size=2))),
        "bye_order": draw(st.permutations(ranking)) if duel else None,
        "swap": duel,
    }


@settings(max_examples=120, deadline=None)
@given(events())
def test_team_reasons_are_the_terms_that_distinguish_the_pairing(event: dict[str, object]) -> None:
    args = (event["teams"], event["ranking"], event["scores"], event["played"], event["had_bye"], 5)
    options = {"round_number": 3, "bye_order": event["bye_order"], "swap": event["swap"]}
    try:
        pairing = pair_teams(*args, **options)  # type: ignore[arg-type]
    except NoLegalPairing:
        return
    explanation = explain_team_round(*args, (pairing.matches, pairing.bye), **options)  # type: ignore[arg-type]
    assert explanation.forbidden == pairing.avoided
    scores: dict[int, int] = event["scores"]  # type: ignore[assignment]
    seated = [team for team in event["ranking"] if team != pairing.bye]  # type: ignore[attr-defined]
    every = [m for m in matchings(seated) if all(frozenset(p) not in pairing.avoided for p in m)]
    chosen = Cost.of(list(pairing.matches), scores)
    assert chosen == min(Cost.of(m, scores) for m in every)
    for team in seated:
        why = explanation.of(team)
        assert isinstance(why, TableWhy)
        table = frozenset((why.player, why.opponent))
        others = [Cost.of(m, scores) for m in every if table not in {frozenset(p) for p in m}]
        if not others:
            assert why.reasons == (REMATCH,)
            continue
        best = min(others)
        assert why.reasons == chosen.differing(best)
        assert set(why.reasons) == {
            term for term in ("floats", "squares") if getattr(chosen, term) != getattr(best, term)
        }
    if pairing.bye is not None:
        bye = explanation.of(pairing.bye)
        assert isinstance(bye, ByeWhy)
        assert bye.rule == ("rating" if event["bye_order"] is not None else "rank")
