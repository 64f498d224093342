"""When a player may send his own deck list, and when the highest strictness checks the lists
(707, 503; 601.9, 603.3, 609.5).

- **Constructed** (602): the player brings his deck; the list can be written before the
  tournament. Lists open with registration and lock at the start (``/begin`` pairs round 1).
- **Limited** (Draft, Sealed, Marathon, the Heroes tournament): the list is written from the
  pool, which exists only once the product is opened (603.3: «дэк-лист, в котором указывает
  весь полученный пул») or the cards drafted (601.9: «из полученных карт игроки составляют
  колоду»). Lists open when the tournament starts (the Sealed product handed out, the draft
  seated), are closed while the draft runs on the pick clock (a booster picked, or more still to
  come: ``rules.limited.clock.DraftClock.drafting``), and lock when round 1 is paired: the
  deck is built before the first game. A Marathon's later drafts change the pool again; its
  lists still lock at round 1 (a judge corrects one after that).
- **The highest strictness** (503: lists required) is checked when the lists lock: at
  ``/begin`` for Constructed, at round 1's pairing for a Limited format — before that nobody
  could have written one.
- A judge edits any list until the finish, whatever the window (``bot.decks``).
"""

from __future__ import annotations

from enum import Enum

from rules.card_formats import LIMITED, Format

__all__ = ["Window", "checked_at_begin", "list_window"]


class Window(Enum):
    """Whether a player's own list is taken now; the value names the answer's text."""

    OPEN = "open"
    """Taken."""
    NOT_YET = "not_yet"
    """A Limited format before its start: there is no pool to list yet."""
    DRAFTING = "drafting"
    """The draft runs on the pick clock (a booster picked, or more to come): the pool is not
    complete."""
    LOCKED = "locked"
    """Constructed after the start."""
    LOCKED_ROUND = "locked_round"
    """A Limited format once round 1 is paired."""
    NO_LISTS = "no_lists"
    """A format without lists: the decks are given (a duel set's, 610.3)."""


def list_window(fmt: Format, *, started: bool, round_one_paired: bool, drafting: bool) -> Window:
    """The window of a player's own list in a tournament that is open (not finished) of format
    ``fmt``: ``started`` once ``/begin`` closed registration, ``round_one_paired`` once round 1
    is paired, ``drafting`` while its draft runs on the pick clock."""
    if fmt not in LIMITED:
        return Window.LOCKED if started else Window.OPEN
    if not started:
        return Window.NOT_YET
    if round_one_paired:
        return Window.LOCKED_ROUND
    return Window.DRAFTING if drafting else Window.OPEN


def checked_at_begin(fmt: Format) -> bool:
    """Whether the highest strictness checks the lists at ``/begin`` (Constructed), rather than
    when round 1 is paired (a Limited format: the lists are written after the start)."""
    return fmt not in LIMITED
