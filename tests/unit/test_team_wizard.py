"""The team event wizard's answers: the decks of a duel-set release (610.3) as the organiser
types them, and the settings the wizard stores."""

from __future__ import annotations

from handlers.teams.wizard import PLANS, chosen, deck_list
from rules.limited.boosters import DRAFT_PLANS
from rules.limited.deck_size import deck_minimum


def test_decks_by_commas_or_lines_each_once_spaces_tidied() -> None:
    assert deck_list("слуа, вампиры") == ["слуа", "вампиры"]
    assert deck_list("слуа\nвампиры,  гномы  ") == ["слуа", "вампиры", "гномы"]
    assert deck_list("Слуа, слуа, Охота  на вампиров") == ["Слуа", "Охота на вампиров"]


def test_decks_refused_when_fewer_than_two_too_many_or_too_long() -> None:
    assert deck_list("слуа") is None
    assert deck_list("слуа, слуа") is None
    assert deck_list(", ".join(f"колода {n}" for n in range(13))) is None
    assert deck_list("слуа, " + "в" * 31) is None


def test_the_settings_the_wizard_stores() -> None:
    sealed = {"fmt": "team_sealed", "score": "by_match", "rounds": "auto", "time": "70"}
    assert chosen(sealed, 16) == {
        "format": "team_sealed",
        "scoring": "by_match",
        "rounds": None,
        "round_minutes": 70,
        "top": 0,
        "base_k": 16,
    }
    assert chosen({**sealed, "top": "4"}, 16)["top"] == 4
    duel = {"fmt": "duel_sets", "score": "duel", "rounds": "3", "time": "60", "decks": ["a", "b"]}
    assert chosen(duel, 16)["decks"] == ["a", "b"] and chosen(duel, 16)["rounds"] == 3


def test_team_draft_stores_its_boosters_and_offers_only_plans_that_make_a_deck() -> None:
    draft = {"fmt": "team_draft", "score": "by_sum", "boost": "12x3", "rounds": "auto"}
    stored = chosen({**draft, "time": "70"}, 16)
    assert stored["format"] == "team_draft" and stored["boosters"] == [12, 12, 12]
    assert "boosters" not in chosen(
        {"fmt": "team_sealed", "score": "by_match", "rounds": "3", "time": "70"}, 16
    )
    assert PLANS and all(deck_minimum(DRAFT_PLANS[name]) is not None for name in PLANS)
    assert "12" not in PLANS  # one 12-card booster drafts a hand, no deck (Table 3)
