"""The Limited formats' steps of the ``/new`` wizard (``handlers.swiss.wizard``).

- ``fmt`` offers Draft, Sealed, Marathon and the Heroes tournament next to Constructed.
- ``boosters`` (Draft, Marathon, Heroes tournament): the booster plan of a draft
  (``rules.limited.boosters``): the common plans of 601.4/601.10 as buttons, a Marathon's
  drafts only the three plans of 608.7, a Heroes tournament only the plans that draft the 30
  cards of its deck (609.5; the question says why). Stored as ``boosters`` (sizes in opening
  order).
- ``drafts`` (Marathon): before how many first rounds a draft is held (608.6: 1–3, 608.3: 3),
  only the numbers whose drafted cards make the Sealed deck of 30 (608.4, 603.6); the question
  names the refused ones and their cards (two drafts of 2 × 7: 28).
- A Draft is not asked its rounds (601.5.4: 3 when every draft table has under 8, else 4):
  the Top's question says so, and the registration message.
- ``product`` (Sealed): what each player opens (603.2), stored as ``sealed_product``.
- ``unify`` (Heroes tournament, after its booster plan): whether it is a unifying one (609.8);
  a Heroes tournament is not asked its rounds nor its Top (609.7: three rounds, or as many as
  the unifying field needs, no Top: ``bot.swiss.limited``).
- A one- or two-booster draft is an amateur tournament (601.4): its strictness step is skipped
  and ``amateur`` stored; a Marathon (two-booster drafts, then Sealed) is asked like the others.
"""

from __future__ import annotations

from typing import Any

from bot.swiss.play import play_named
from bot.texts import Translate
from rules.card_formats import Format
from rules.limited.boosters import DRAFT_PLANS, plan_name, plan_of
from rules.limited.marathon import DEFAULT_DRAFTS, MAX_DRAFTS, drafts_for_sealed, sealed_pool
from rules.limited.sealed import DECK_MINIMUM as SEALED_DECK
from rules.limited.sealed import SealedProduct

LIMITED_FORMATS = {
    "draft": (Format.DRAFT.value, 1),
    "sealed": (Format.SEALED.value, 1),
    "marathon": (Format.MARATHON.value, 1),
    "heroes_tournament": (Format.HEROES_TOURNAMENT.value, 1),
}
"""The format buttons of the Limited formats → (format, games per match)."""
BOOSTER_STEP = ("boosters", (*DRAFT_PLANS,))
DRAFTS_STEP = ("drafts", tuple(str(n) for n in range(MAX_DRAFTS, 0, -1)))
assert DRAFTS_STEP[1][0] == str(DEFAULT_DRAFTS)  # the default first
PRODUCT_STEP = ("product", tuple(product.value for product in SealedProduct))
UNIFY_STEP = ("unify", ("no", "yes"))
AMATEUR_MAX_BOOSTERS = 2


def step_values(step: str, data: dict[str, Any], values: tuple[str, ...]) -> tuple[str, ...]:
    """The values offered at ``step``: the format's booster plans (a Marathon's 608.7's only, a
    Heroes tournament's those that make its deck, 609.5), a Marathon's drafts that make a
    Sealed deck (608.4)."""
    if step == "boosters":
        return play_named(data.get("fmt")).plans()
    if step == "drafts":
        return tuple(str(n) for n in drafts_for_sealed(plan(data)))
    return values


def step_note(t: Translate, step: str, data: dict[str, Any]) -> str:
    """What the question of ``step`` adds about the values it leaves out, on a line of its own
    ("" when nothing)."""
    play = play_named(data.get("fmt"))
    note = ""
    if step == "boosters":
        note = play.plans_note(t)
    elif step == "drafts":
        boosters = plan(data)
        offered = drafts_for_sealed(boosters)
        refused = [n for n in range(1, MAX_DRAFTS + 1) if n not in offered]
        if refused:
            pools = "; ".join(
                t("limited.wiz_drafts_pool", drafts=n, cards=sealed_pool(boosters, n))
                for n in refused
            )
            values = {"plan": plan_name(boosters), "pools": pools, "deck": SEALED_DECK}
            note = t("limited.wiz_drafts_refused", **values)
    elif step == "top" and play.own_rounds:
        note = t("limited.wiz_draft_rounds")
    return f"\n{note}" if note else ""


def rounds_text(t: Translate, options: dict[str, Any]) -> str | None:
    """The registration message's rounds when the format decides them (a Draft: 601.5.4)."""
    return play_named(options.get("format")).rounds_text(t)


def after(step: str, data: dict[str, Any]) -> str | None:
    """The step after a Limited step or the format (``None``: the wizard's usual next step).
    Answering a plan of one or two boosters also stores the amateur strictness (601.4)."""
    play = play_named(data.get("fmt"))
    if step == "fmt":
        return play.first_step
    amateur = play.amateur_plans and len(plan(data)) <= AMATEUR_MAX_BOOSTERS
    if step == "boosters" and amateur:
        data["strict"] = "amateur"
    if step == "boosters" and play.after_boosters is not None:
        return play.after_boosters
    if step == "unify" or (step == "boosters" and amateur):
        return skipped("strict" if "strict" not in data else "rounds", data)
    if step in ("boosters", "drafts", "product"):
        return "strict"
    return None


def skipped(following: str, data: dict[str, Any]) -> str:
    """``following``, unless the format skips it: a Heroes tournament has no rounds nor Top
    to choose (609.7), so it goes on to the round time; a Draft no rounds (601.5.4), so it
    goes on to the Top."""
    play = play_named(data.get("fmt"))
    if following == "rounds" and play.own_sizes:
        return "time"
    if following == "rounds" and play.own_rounds:
        return "top"
    return following


def plan(data: dict[str, Any]) -> tuple[int, ...]:
    return plan_of(str(data.get("boosters")), marathon=data.get("fmt") == "marathon") or ()


def settings(data: dict[str, Any]) -> dict[str, Any]:
    """The Limited settings the answers give (empty for Constructed)."""
    play = play_named(data.get("fmt"))
    if not play.drafted:
        return play.wizard_settings(data)
    out: dict[str, Any] = {"boosters": list(plan(data)), **play.wizard_settings(data)}
    if data.get("fmt") == "marathon":
        out["drafts"] = int(data.get("drafts") or DEFAULT_DRAFTS)
    return out


def summary(t: Translate, options: dict[str, Any]) -> str:
    """The registration message's line about the draft ("" without one): the booster plan
    and, for a Marathon, the drafts before the first rounds."""
    lines = play_named(options.get("format")).summary_lines(t, options)
    if boosters := options.get("boosters"):
        line = t("limited.created_plan", count=len(boosters), plan=plan_name(boosters))
        line += play_named(options.get("format")).plan_note(t, options)
        lines.insert(0, line)
    return "".join(f"\n{line}" for line in lines)
