"""How a card's name is matched: people type names differently from the card list.

Case, «ё»/«е», runs of spaces, the kind of quotes and dashes do not matter: «Ледяной  Ёж»,
«ледяной еж» and «ЛЕДЯНОЙ ЁЖ» are one card. The key is only for matching; lists show the name
as the card list (or, without one, the player) wrote it.
"""

from __future__ import annotations

__all__ = ["card_key"]

_SAME = str.maketrans(
    {"ё": "е", "«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "–": "-", "—": "-"}
)


def card_key(name: str) -> str:
    """The key two spellings of one card share."""
    return " ".join(name.casefold().translate(_SAME).split())
