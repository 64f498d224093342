"""How a deck list, its errors and a judge's changes read (texts in ``decks.ftl``)."""

from __future__ import annotations

from bot.texts import Html, Translate
from rules.card_formats import LIMITED, Format
from rules.decks import Change, DeckList, DeckRules, Problem, Section, Verdict
from rules.decks.checks import HORDE_UNKNOWN

T = Translate


def section_title(t: T, rules: DeckRules, section: Section) -> str:
    """«Колода», «Сайд», «Герой»; a Limited pool's side is its unused cards (603.3)."""
    if section is Section.SIDE and rules.fmt in LIMITED:
        return t("decks.section_unused")
    return t(f"decks.section_{section.value}")


def deck_text(t: T, rules: DeckRules, deck: DeckList) -> str:
    """The list as understood: each section with its count, a card a line."""
    blocks = []
    for section in Section:
        entries = deck.section(section)
        if not entries:
            continue
        title = t(
            "decks.section", title=Html(section_title(t, rules, section)), count=deck.size(section)
        )
        lines = [t("decks.entry", count=e.count, name=e.name) for e in entries]
        blocks.append("\n".join([title, *lines]))
    if rules.fmt in LIMITED and deck.section(Section.SIDE):
        pool = deck.size(Section.MAIN) + deck.size(Section.SIDE)
        blocks.append(t("decks.pool", count=pool))
    return "\n\n".join(blocks)


def readable(t: T, problem: Problem) -> dict[str, object]:
    """A problem's values, a banned list named by its sub-format's words."""
    values = dict(problem.values)
    if "list" in values:
        values["list"] = Html(t(f"decks.sub_{values['list']}"))
    return values


def problem_text(t: T, rules: DeckRules, problem: Problem) -> str:
    text = t(f"decks.err_{problem.code}", **readable(t, problem))
    if problem.line is None:
        return text
    return t("decks.at_line", line=problem.line, text=Html(text))


#: the errors an answer lists; the count of the rest follows (a junk file of 400 lines made
#: 31 messages, issue 29): one message, the first errors and how many more
SHOWN_ERRORS = 15


def errors_text(t: T, rules: DeckRules, verdict: Verdict) -> list[str]:
    """The numbered errors: the first ``SHOWN_ERRORS``, then how many more."""
    shown = [
        t("decks.numbered", n=n, text=Html(problem_text(t, rules, p)))
        for n, p in enumerate(verdict.errors[:SHOWN_ERRORS], start=1)
    ]
    if len(verdict.errors) > SHOWN_ERRORS:
        shown.append(t("decks.more_errors", count=len(verdict.errors) - SHOWN_ERRORS))
    return shown


def notes_text(t: T, rules: DeckRules, verdict: Verdict, *, told: bool = False) -> list[str]:
    """The notes of what went unchecked; ``told``: the head already named the cards pending
    the judge's check (their note is left out)."""
    notes = [p for p in verdict.notes if not (told and p.code == HORDE_UNKNOWN)]
    return [t(f"decks.note_{p.code}", **readable(t, p)) for p in notes]


def change_lines(t: T, rules: DeckRules, found: list[Change]) -> list[str]:
    """A line per changed card: «Колода: Ёж 2 → 3»."""
    return [
        t(
            "decks.change",
            section=Html(section_title(t, rules, c.section)),
            name=c.name,
            old=c.before,
            new=c.after,
        )
        for c in found
    ]


def format_name(t: T, rules: DeckRules) -> str:
    """What the list was checked as: «Констрактед, Классика», «Силед», «Берсерк. Герои» …"""
    name = Html(t(f"decks.fmt_{rules.fmt.value}"))
    if rules.fmt is Format.CONSTRUCTED:
        sub = Html(t(f"decks.sub_{rules.sub_format.value}"))
        name = Html(t("decks.fmt_sub", fmt=name, sub=sub))
    if rules.heroes and rules.fmt is not Format.HEROES_TOURNAMENT:
        name = Html(t("decks.fmt_heroes", fmt=name))
    return name
