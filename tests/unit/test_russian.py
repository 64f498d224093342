"""Every text, rendered for a woman and for a man, with the counts 1, 2, 5, 11, 21.

The bot knows neither a player's gender nor how to decline a name, so no text may put a name
in an oblique case («против Петров Алексей») or make a verb agree with it («Аня победил»);
every count chooses its word by the language's plural rules («1 тур», «2 тура», «5 туров»,
«2,9 очка»). Each text's variables are read from its Fluent source: a name gets «Анна Петрова»
and then «Пётр Иванов», a count each of :data:`COUNTS`, anything else a plausible value.
A rendering that raises, or that matches a pattern a Russian reader would flag, fails.

The whole Russian rendering (both names, counts 1/2/5/21) is written to :data:`REVIEW` for a
native reader's check; ``pytest -s`` prints the path.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fluent.runtime import FluentResource
from fluent.syntax import ast, serializer
from fluent.syntax.visitor import Visitor

from bot.texts import LANGUAGES, Texts

TEXTS = Texts()
FEMALE, MALE = "Анна Петрова", "Пётр Иванов"
PEOPLE = (FEMALE, MALE)
COUNTS = (1, 2, 5, 11, 21)
REVIEW_COUNTS = (1, 2, 5, 21)
REVIEW = Path(tempfile.gettempdir()) / "bot_texts_russian_review.txt"

# A single player's name.
NAMES = {"name", "a", "b", "winner", "loser", "opponent", "reporter", "confirmer", "w", "l"}
NAMES |= {"p", "king", "judge", "who", "player", "other"}
NAMES |= {"on_left", "on_right"}
NAMES |= {"nominee", "captain"}  # Story Constructed (bot/story)
NAMES |= {"on_left", "on_right", "overlord"}
# The other player of a pair: the other name.
SECOND = {"b", "loser", "l", "confirmer", "king", "on_right", "other", "overlord"}
# Whole numbers that count something: each gets every one of COUNTS.
COUNTED = {"count", "rounds", "minutes", "hours", "wanted", "eligible", "fits", "seconds"}
COUNTED |= {"sectors", "sectors_a", "sectors_b", "cards"}  # the Arena
# Texts where a variable's name means something else than elsewhere.
COUNTED_IN = {"swiss.begin_misfit": {"players"}}
# Values a text needs that differ from the usual ones (``{person}``, ``{other}``: the two players).
SPECIAL = {
    "chat.gone": {"reason": "Forbidden: bot was kicked", "names": "«Пятничный кубок»"},
    "koth.final_why_level": {"leaders": "{other}"},
}


class Variables(Visitor):
    """The variables a pattern names, and those a selector chooses by."""

    def __init__(self) -> None:
        super().__init__()
        self.used: set[str] = set()
        self.selectors: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.used.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            self.selectors.add(node.selector.id.name)
        self.generic_visit(node)


def messages(lang: str) -> dict[str, tuple[Variables, str]]:
    """Each key's variables and Fluent source, straight from the files."""
    found: dict[str, tuple[Variables, str]] = {}
    folder = resources.files("bot").joinpath("locales", lang)
    for entry in folder.iterdir():
        if not entry.name.endswith(".ftl"):
            continue
        for item in FluentResource(entry.read_text("utf-8")).body:
            if isinstance(item, ast.Message) and item.value is not None:
                variables = Variables()
                variables.visit(item.value)
                key = item.id.name.replace("-", ".")
                found[key] = (variables, serializer.serialize_pattern(item.value))
    return found


MESSAGES = {lang: messages(lang) for lang in LANGUAGES}


def counted(key: str, variables: Variables) -> set[str]:
    return (variables.used & COUNTED) | variables.selectors | COUNTED_IN.get(key, set())


def a_round(source: str) -> object:
    """«тур { $round }» takes a number; elsewhere ``round`` is a label («Тур 2», «ТОП: финал»)."""
    return 2 if re.search(r"(?i)(тур\w*|round)\s*\{ \$round \}", source) else "Тур 2"


def plain(lang: str, person: str, count: int, var: str, source: str) -> object:
    """A plausible value of a variable that is neither a name nor a count."""
    other = MALE if person == FEMALE else FEMALE
    both = f"{person}, {other}"
    ru = lang == "ru"
    fragments: dict[str, object] = {
        "names": both,
        "players": both,
        "leaders": person if count == 1 else both,
        "order": f"1. {person}, 2. {other}",
        "out": f"• {person} ({TEXTS.get(lang, 'koth.reason_knocked_out')})",
        "lines": f"• {person} ({TEXTS.get(lang, 'koth.reason_extra_game_loss')})",
        "tables": "3" if count == 1 else "3, 5",
        "claim": TEXTS.get(lang, "results.claim_win", winner=person, loser=other, score=""),
        "before": TEXTS.get(lang, "results.claim_draw", a=person, b=other, score=""),
        "game": TEXTS.get(lang, "swiss.label", table=3, round=2),
        "where": TEXTS.get(lang, "log.table", table=3, round=2),
        "reason": TEXTS.get(lang, "koth.reason_knocked_out"),
        "how": TEXTS.get(lang, "koth.decided_norm", norm=4),
        "why": "ошибка в отчёте" if ru else "a wrong report",
        "round": a_round(source),
        "discipline": TEXTS.get(lang, "discipline.berserk"),
        "kind": TEXTS.get(lang, "tournament.kind_koth"),
        "status": TEXTS.get(lang, "tournament.status_running"),
        "stage": TEXTS.get(lang, "swiss.stage_final"),
        "tournament": "Пятничный кубок",
        "group": "Клуб «Грифон»",
        "title": "Клуб Луза",
        "what": TEXTS.get(lang, "koth.log_begin"),
        "organiser": person,
    }
    if var == "name" or var in fragments:
        return fragments.get(var, "Пятничный кубок")
    numbers = {
        "club_id": 17,
        "id": 3,
        "table": 5,
        "pod": 2,
        "n": 3,
        "circle": 2,
        "seat": 1,
        "norm": 4,
    }
    numbers |= {"wins": 2, "remainder": 2, "leader": 1, "need": 4, "max": 3, "place": 2}
    numbers |= {"total": 5, "rank": 3, "size": 4, "target": 7, "top": 4, "k": 16}
    numbers |= {"draft": 2, "booster": 2}
    numbers |= {"deck": 30, "hand": 15, "hand_hero": 16, "number": 3}
    numbers |= {"line": 12, "min": 30, "done": 3, "columns": 5}
    numbers |= {"matches": 8, "players": 16}  # pictures: a bracket's round
    numbers |= {"page": 1, "pages": 3}
    numbers |= {"board": 2, "rounds": 3, "needed": 4}  # team events
    numbers |= {"lead": 2, "best": 4}  # head-to-head (bot/memory), seasons (bot/seasons)
    numbers |= {"floats": 2, "their_size": 3}  # /why
    numbers |= {"crystals": 3, "used": 2, "have": 3, "held": 7}  # the Overlord series
    numbers |= {"week": 2, "all": 25, "day": 9}  # the Arena
    if var in numbers:
        return numbers[var]
    comma = "," if ru else "."
    words = {
        "rating": "1200",
        "base": "1150",
        "start": "1200",
        "old": "1200",
        "new": f"1212{comma}5",
        "delta": f"+12{comma}5",
        "bonus": "80",
        "amount": "80",
        "average": "1150",
        "points": f"2{comma}9",
        "pa": f"2{comma}9",
        "pb": "0",
        "sa": "1",
        "sb": "4",
        "seed": "4",
        "fee": "3 000 ₽",
        "fund": "6 500 ₽",
        "last_day": "14.06.2025",
        "day": "14.06.2025",
        "until": "23:00",
        "ends": "19:40",
        "due": "21:40",
        "since": "21:00",
        "at": "20:15",
        "left": "1:10",
        "score": " 2:1",
        "result": "1:0",
        "mark": "",
        "crown": " 👑",
        "end": "",
        "link": "https://t.me/club_bot?start=t3",
        "url": "https://club.example/t/3q2-ZK8w1fXoGQm9Yp0aLw",
        "command": "result",
        "codes": "a|b|draw",
        "label": "Город" if ru else "City",
        "value": "Москва",
        "note": "от спонсора",
        "choices": "бильярд, берсерк",
        "tie_breaks": "Бухгольц",
        "values": f"6{comma}5 · 2",
        "problems": "…",
        "format": "Констрактед",
        "strictness": "Любительский",
        "match": TEXTS.get(lang, "swiss.match_1"),
        "plan": "12+12+7+7",
        "sizes": "10 + 10",
        "pools": "; ".join(
            TEXTS.get(lang, "limited.wiz_drafts_pool", drafts=n, cards=14 * n) for n in (1, 2)
        ),
        "hero": "Марил де Конт",
        "theirs": "Лесной страж",
        "heroes": "Марил де Конт; Лесной страж; #3",
        "product": TEXTS.get(lang, "swiss.wiz_product_starter"),
        "answer": TEXTS.get(lang, "swiss.wiz_strict_amateur"),  # a wizard's answer so far
        # deck lists (bot/decks)
        "text": "3 Ледяной ёж" if ru else "3 Ice Hedgehog",
        "classes": "Лес, Степь" if ru else "Forest, Steppe",
        "class": "Лес" if ru else "Forest",
        "element": "Степь" if ru else "Steppe",
        "list": TEXTS.get(lang, "decks.sub_classic"),
        "fmt": TEXTS.get(lang, "decks.fmt_constructed"),
        "sub": TEXTS.get(lang, "decks.sub_classic"),
        "section": TEXTS.get(lang, "decks.section_main"),
        "changes": "Колода: Ледяной ёж 2 → 3" if ru else "Deck: Ice Hedgehog 2 → 3",
        "cards": "Ледяной ёж\nКаменный страж" if ru else "Ice Hedgehog\nStone Guard",
        # team events (bot/teams)
        "team": "Грифоны" if ru else "Griffins",
        "other": "Драконы" if ru else "Dragons",
        "members": "Иванов Иван, Петрова Анна",
        "partner": "Петрова Анна",
        "first": "Иванов Иван",
        "second": "Петрова Анна",
        "scoring": TEXTS.get(lang, "teams.wiz_score_by_match"),
        "buchholz": "9",
        "games": f"8{comma}5",
        "tables": "1, 3",
        "outcome": TEXTS.get(lang, "teams.outcome_win"),
        "dropped": "",
        "decks": "слуа, вампиры" if ru else "Slua, Vampires",
        "mine": "слуа" if ru else "Slua",
        "time": "20:10",
        "length": "30",
        # Story Constructed (bot/story)
        "side": "Свет" if ru else "Light",
        "attack": "Свет" if ru else "Light",
        "defence": "Тьма" if ru else "Darkness",
        "side_a": "Свет" if ru else "Light",
        "side_b": "Тьма" if ru else "Darkness",
        "names": "Иванов Иван, Петрова Анна",
        "tally": "Петрова Анна 2, Иванов Иван 1",
        "strict": TEXTS.get(lang, "story.wiz_strict_amateur"),
        "rules": "без героев" if ru else "no heroes",
        "status": TEXTS.get(lang, "story.status_waiting"),
        "change": f"+12{comma}5",
        "needed": "07.12.2026 20:00",
        "bad": "0",
        # seasons (bot/seasons)
        "counted": "25 + 18",
        "last": "28.02.2027",
        # no-shows (bot/no_shows)
        "recent": "2",
        "days": "60",
        # /why
        "my_group": "6",
        "their_group": "3",
        # the Overlord series (bot/series)
        "city": "Москва",
        "official": "31.08.2026",
        "given": f"{person} — 2, {other} — 1",
        "series": "Архааль, Москва",
        "bans": "Ледяной ёж, Каменный страж" if ru else "Ice Hedgehog, Stone Guard",
        # a tournament announced ahead (bot/ahead)
        "weekday": TEXTS.get(lang, "ahead.weekday_4"),
        "example": "12.12 19:00",
        # the Arena (bot/arena)
        "prizes": "3 карты" if ru else "3 cards",
        # the evening's recap (bot/recap)
        "pool": "Бильярд" if ru else "Billiards",
        "winner_rating": f"1000{comma}00",
        "loser_rating": f"1200{comma}00",
        "chance": "24",
    }
    if var not in words:
        raise AssertionError(f"test_russian: give the variable {var!r} a plausible value")
    return words[var]


def values(lang: str, key: str, person: str, count: int) -> dict[str, object]:
    variables, source = MESSAGES[lang][key]
    numbers = counted(key, variables)
    other = MALE if person == FEMALE else FEMALE
    out: dict[str, object] = {}
    for var in sorted(variables.used):
        if var in SPECIAL.get(key, {}):
            out[var] = SPECIAL[key][var].format(person=person, other=other)
        elif var in numbers:
            out[var] = count
        elif var in NAMES and not (var == "name" and re.search(r"[«>]\{ \$name \}[»<]", source)):
            out[var] = other if var in SECOND else person
        else:
            out[var] = plain(lang, person, count, var, source)
    return out


def renderings(lang: str, counts: tuple[int, ...]) -> Iterator[tuple[str, str, int, str]]:
    """(key, person, count, text) for every text, both people, every count it can take (0 for a
    text that counts nothing)."""
    for key in sorted(TEXTS.keys(lang)):
        variables, _ = MESSAGES[lang][key]
        for person in PEOPLE:
            for count in counts if counted(key, variables) else (0,):
                yield key, person, count, TEXTS.get(lang, key, **values(lang, key, person, count))


def category(number: str) -> str:
    """Russian CLDR plural category of a number as written («2,9» is a fraction: other)."""
    if "," in number or "." in number:
        return "other"
    n = int(number)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


# A counted noun: (one, few, many or other: the genitive singular, genitive plural); one-forms
# also in the accusative.
NOUNS = {
    "тур": ("тур", "тура", "туров", "тура"),
    "минута": ("минута минуту", "минуты", "минут", "минуты"),
    "игрок": ("игрок", "игрока", "игроков", "игрока"),
    "участник": ("участник", "участника", "участников", "участника"),
    "очко": ("очко", "очка", "очков", "очка"),
    "партия": ("партия партию", "партии", "партий", "партии"),
    "победа": ("победа победу", "победы", "побед", "победы"),
    "стол": ("стол", "стола", "столов", "стола"),
    "час": ("час", "часа", "часов", "часа"),
}
FORMS = {form: lemma for lemma, forms in NOUNS.items() for form in " ".join(forms).split()}
GENITIVE_AFTER = {"после", "из", "до", "от", "с", "для", "около", "более", "менее", "больше"}
COUNTED_NOUN = re.compile(
    r"(?:(\w+)\s+)?\b(\d+(?:,\d+)?)\s+(" + "|".join(sorted(FORMS, key=len, reverse=True)) + r")\b"
)


def wrong_counts(text: str) -> list[str]:
    """Every «N noun» whose noun is not the form N takes («1 туров», «21 минут», «2 игроков»)."""
    found = []
    for match in COUNTED_NOUN.finditer(text):
        before, number, form = match.groups()
        if text[match.end() : match.end() + 1] == "." and form == "тур":
            continue  # «5 тур.»: an abbreviation
        one, few, many, genitive_one = NOUNS[FORMS[form]]
        kind = category(number)
        if before and before.lower() in GENITIVE_AFTER:
            wanted = genitive_one if kind in ("one", "other") else many
        else:
            wanted = {"one": one, "few": few, "many": many, "other": genitive_one}[kind]
        if form not in wanted.split():
            found.append(match.group(0))
    return found


ANY_NAME = "(?:" + "|".join(PEOPLE) + ")"
RUSSIAN_FLAWS = {
    # a verb or a short participle right after a name agrees with a gender the bot cannot know
    "a name and a past verb": re.compile(ANY_NAME + r"\s+\w*(?:л|лся|лась|ён|ен|ан|ят|ёс)\b"),
    # a name after a word that governs an oblique case: it would have to be declined
    "a name in an oblique case": re.compile(
        r"(?i)\b(?:против|от|у|для|с|к|о|игрока|игроку|игроком|победил[аи]?|обыграл[аи]?)\s+"
        + ANY_NAME
    ),
    "a judge's or organiser's gender": re.compile(
        r"(?i)\b(?:судья|организатор)\s+\w+(?:л|ла|лся|ёс|есла)\b"
    ),
    "a masculine word for anyone": re.compile(
        r"\b(?:выбыл|ушёл|Я выиграл|Я проиграл|сообщил|Вы следующий|Добавлен|победил)\b"
    ),
    "one table called tables": re.compile(r"\bСтолы \d+:"),
    "an unfilled placeholder": re.compile(r"\{|\}|\$\w"),
}
ENGLISH_FLAWS = {
    "a gendered pronoun for anyone": re.compile(r"(?i)\b(?:he|him|his|she|her)\b"),
    "1 with a plural": re.compile(
        r"(?<![\d.,])\b1 (?:more )?(?:rounds|players|minutes|points|games|wins|are)\b|are 1\b"
    ),
    "many with a singular": re.compile(
        r"\b(?:[02-9]|1[0-9]|21) (?:round|player|minute|point|game|win)\b(?!-)"
    ),
    "an unfilled placeholder": re.compile(r"\{|\}|\$\w"),
}


def flaws(lang: str, count: int, text: str) -> list[str]:
    patterns = RUSSIAN_FLAWS if lang == "ru" else ENGLISH_FLAWS
    found = [f"{why}: {hit.group(0)!r}" for why, rx in patterns.items() if (hit := rx.search(text))]
    if lang == "ru":
        found += [f"a count with the wrong form: {hit!r}" for hit in wrong_counts(text)]
        if count == 1 and re.search(r"\bЛидеры\b", text):
            found.append("one Leader called Leaders")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_renders_for_a_woman_and_a_man_with_any_count(lang: str) -> None:
    problems = []
    for key, person, count, text in renderings(lang, COUNTS):
        found = flaws(lang, count, text)
        problems += [f"{key} [{person}, {count}]: {flaw}\n  {text}" for flaw in found]
    assert not problems, "\n".join(problems)


def test_the_flaw_patterns_catch_what_a_russian_reader_would() -> None:
    """The checks above are only as good as their patterns: each catches its own example."""
    bad = [
        f"{FEMALE} сообщил: {FEMALE} победил {MALE}",
        f"Ваша партия: против {MALE}",
        f"{MALE} снят с борьбы",
        "Итоги после 1 туров",
        "Итоги после 2 тура",
        "осталось 21 минут",
        "нужно 2 игроков",
        "Столы 5: время",
        "Судья внёс результат",
        "Организатор принял заявку",
        "3. Dan — выбыл",
    ]
    for text in bad:
        assert flaws("ru", 1, text), text
    good = ["Итоги после 1 тура", "после 21 тура", "21 минута", "2,9 очка", "с 0 очков"]
    good += [f"Победа: {FEMALE} · соперник: {MALE}", "5 тур.", "из 21 игрока", "из 5 игроков"]
    for text in good:
        assert not flaws("ru", 2, text), text
    assert flaws("en", 1, "after 1 rounds") and flaws("en", 2, "after 2 round.")
    assert not flaws("en", 1, "2.9 points, 1 round, 21 players")


@pytest.mark.parametrize(
    ("lang", "key", "values", "wanted"),
    [
        (
            "ru",
            "swiss.top_short",
            {"eligible": 3, "fits": 2},
            ("1 игрок,", "2 игрока,", "5 игроков"),
        ),
        ("ru", "swiss.too_many_privileged", {}, ("из 1 игрока", "из 2 игроков", "из 5 игроков")),
        ("en", "swiss.places_title", {"tie_breaks": ""}, ("(1 round)", "(2 rounds)", "(5 rounds)")),
        ("en", "swiss.extended_round", {"until": "23:00"}, ("1 more minute:", "2 more minutes")),
        ("en", "koth.count", {}, ("there is 1.", "there are 2.", "there are 5.")),
    ],
)
def test_a_count_picks_its_word(
    lang: str, key: str, values: dict[str, object], wanted: tuple[str, ...]
) -> None:
    variables, _ = MESSAGES[lang][key]
    (name,) = counted(key, variables) - set(values)
    for count, word in zip((1, 2, 5), wanted, strict=False):
        assert word in TEXTS.get(lang, key, **values, **{name: count})


def test_every_text_is_rendered() -> None:
    """The walk covers every key of both languages, each read from its own Fluent source."""
    for lang in LANGUAGES:
        assert TEXTS.keys(lang) == set(MESSAGES[lang]), lang
        assert {key for key, *_ in renderings(lang, COUNTS)} == TEXTS.keys(lang), lang


def test_the_rendering_is_written_for_a_native_readers_check() -> None:
    """Russian, a woman and a man, counts 1/2/5/21: one block per text, repeats dropped."""
    lines: list[str] = []
    last_key = ""
    seen: set[str] = set()
    for key, person, count, text in renderings("ru", REVIEW_COUNTS):
        if key != last_key:
            lines.append(f"\n== {key}")
            last_key, seen = key, set()
        if text not in seen:
            seen.add(text)
            who = ("Ж" if person == FEMALE else "М") + (f" {count}" if count else "")
            lines.append(f"[{who}] " + text.replace("\n", "\n        "))
    REVIEW.write_text("\n".join(lines).lstrip() + "\n", "utf-8")
    print(f"\nRussian texts for review: {REVIEW}")  # noqa: T201 (the reader needs the path)
    assert REVIEW.stat().st_size > 10_000
