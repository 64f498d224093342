"""Cells of the CSV files ``/export`` sends (any kind)."""

from __future__ import annotations

#: what a spreadsheet reads as the start of a formula (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """Text people typed, as a spreadsheet cell that is never evaluated."""
    return "'" + text if text.startswith(FORMULA_START) else text
