"""``/why`` in words (``bot.explained``): each explanation's deciding cost term picks its line,
for a Swiss (``swiss.why_*``) and a team event (``teams.why_*``), in both languages."""

from __future__ import annotations

import pytest

from bot.explained import bye_lines, table_lines
from bot.formats import Points
from bot.texts import Texts, Tr
from rules.swiss.explain import BYE_HAD_ONE, BYE_NO_PAIRING, REMATCH, ByeWhy, Cost, TableWhy


def why(reasons: tuple[str, ...], alternative: Cost | None, group: int = 60) -> TableWhy[str]:
    return TableWhy(
        player="a",
        opponent="b",
        group=group,
        opponent_group=30,
        group_size=3,
        opponent_group_size=5,
        chosen=Cost(2, 900),
        alternative=alternative,
        reasons=reasons,
        avoided=(),
        drawn=False,
    )


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("prefix", ["swiss", "teams"])
def test_the_deciding_term_picks_the_line(lang: str, prefix: str) -> None:
    t = Tr(Texts(lang), lang)
    name = {"a": "Ann", "b": "Bob", "c": "Cat"}.__getitem__
    cases = {
        (REMATCH,): (None, t(f"{prefix}.why_only_legal")),
        (): (Cost(2, 900), t(f"{prefix}.why_tie")),
        ("floats", "squares"): (Cost(4, 1800), t(f"{prefix}.why_floats", floats=2, without=4)),
        ("squares",): (Cost(2, 1800), t(f"{prefix}.why_squares")),
    }
    for reasons, (alternative, line) in cases.items():
        lines = table_lines(t, prefix, why(reasons, alternative), name)
        assert lines[-1] == line
        assert lines[1] == t(f"{prefix}.why_floated_me")  # 6 points against 3: he floated down
    up = table_lines(t, prefix, why((), Cost(2, 900), group=0), name)
    assert up[1] == t(f"{prefix}.why_floated_opponent")
    groups = {"size": 3, "their_size": 5, "opponent": "Bob"}
    assert up[0] == t(f"{prefix}.why_groups", my_group=Points(0), their_group=Points(30), **groups)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_bye_names_who_was_passed_over_and_why(lang: str) -> None:
    t = Tr(Texts(lang), lang)
    bye = ByeWhy("a", "rank", (("c", BYE_HAD_ONE), ("b", BYE_NO_PAIRING)), second=False)
    lines = bye_lines(t, "swiss", bye, {"a": "Ann", "b": "Bob", "c": "Cat"}.__getitem__)
    assert lines == [t("swiss.why_bye_had", name="Cat"), t("swiss.why_bye_blocked", name="Bob")]
    second = ByeWhy("a", "rank", (), second=True)
    assert bye_lines(t, "swiss", second, str) == [t("swiss.why_bye_second")]
