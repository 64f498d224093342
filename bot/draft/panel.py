"""The judge's ``/draft`` panel: the plan, where the draft is, the button of what comes next."""

from __future__ import annotations

from datetime import datetime, tzinfo

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.draft.buttons import ClockAction, DraftClockCb
from bot.draft.model import Draft, deck_minutes_of
from bot.draft.views import T, booster_line, clock_line, deck_state
from rules.limited.boosters import plan_name


def panel_text(t: T, draft: Draft, now: datetime, zone: tzinfo) -> str:
    lines = [
        t("pickclock.panel_title", name=draft.tournament.name),
        t("pickclock.panel_plan", sizes=plan_name(draft.plan)),
        t("pickclock.panel_tables", count=len(draft.pods)),
    ]
    booster, total = draft.booster, len(draft.plan)
    if booster is not None:
        lines.append(booster_line(t, booster, total))
        lines.append(clock_line(t, booster, booster.at(now), total, zone))
    if draft.started < total and draft.running(now) is None:
        lines.append(t("pickclock.panel_idle", n=draft.started + 1, total=total))
    if draft.deck is not None:
        lines.append(deck_state(t, draft.deck, now, zone))
    return "\n".join(lines)


def panel_buttons(t: T, draft: Draft, now: datetime) -> InlineKeyboardMarkup | None:
    """Pause or resume while a booster runs; else start the next one; after the last one,
    the deck building (none once it was started: ``/deckbuilding`` sets it anew)."""
    builder = InlineKeyboardBuilder()
    tid, running = draft.tournament.id, draft.running(now)
    if running is not None:
        paused = running.at(now).paused
        action, label = (
            (ClockAction.RESUME, "btn_resume") if paused else (ClockAction.PAUSE, "btn_pause")
        )
        builder.button(text=t(f"pickclock.{label}"), callback_data=DraftClockCb(t=tid, a=action))
    elif draft.started < len(draft.plan):
        number = draft.started + 1
        builder.button(
            text=t("pickclock.btn_start", n=number),
            callback_data=DraftClockCb(t=tid, a=ClockAction.GO, n=number),
        )
    elif draft.deck is None:
        minutes = deck_minutes_of(draft.tournament)
        builder.button(
            text=t("pickclock.btn_deck", minutes=minutes),
            callback_data=DraftClockCb(t=tid, a=ClockAction.DECK),
        )
    markup = builder.as_markup()
    return markup if markup.inline_keyboard else None
