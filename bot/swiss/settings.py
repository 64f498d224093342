"""A card tournament's typed settings (``rules.swiss.settings.CardSettings``), parsed once per
read of the tournament."""

from __future__ import annotations

from db.tournaments import Tournament
from rules.swiss.settings import CardSettings


def card(tournament: Tournament) -> CardSettings:
    return tournament.settings_as(CardSettings)
