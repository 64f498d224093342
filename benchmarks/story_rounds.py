"""Story Constructed benchmark: seeded tournaments of N against M played to the end by random
captains and results (a draw on time now and then), timing the slowest question the captains'
buttons ask of the rules (``State.nominees`` / ``State.answers``: who may be named so that the
round can still be completed, 607.4.2 and 607.4.7), and replaying the whole log (what every
read of the tournament does).

Run with ``.venv/bin/python -m benchmarks.story_rounds`` (``--seed``, ``--sizes 8 32 64``). The
last line is the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from rules.results import Outcome
from rules.story import (
    StAnswer,
    State,
    StBegin,
    StCaptain,
    StGame,
    StJoin,
    StName,
    StoryEvent,
    apply,
    replay,
)

SIZES = (8, 32, 64)
OUTCOMES = (Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW)


def play(size: int, seed: int) -> dict[str, float]:
    """One tournament of ``size`` attackers against ``size * 3 // 4`` defenders."""
    rng = random.Random(seed)
    log: list[StoryEvent] = []
    sides = (list(range(1, size + 1)), list(range(1000, 1000 + size * 3 // 4)))
    for side, members in enumerate(sides):
        log += [StJoin(p, side) for p in members]
        log.append(StCaptain(side, members[0]))
    log.append(StBegin(seed, 0))
    state = State()
    for event in log:
        apply(state, event)
    slowest, asked = 0.0, 0
    while not state.ended:
        rnd = state.current
        assert rnd is not None
        while not state.pairing_done(rnd):
            for step in (StName, StAnswer):
                started = time.perf_counter()
                offered = state.nominees() if step is StName else state.answers()
                slowest = max(slowest, time.perf_counter() - started)
                asked += 1
                chosen: StoryEvent = step(rnd.number, rng.choice(offered))
                apply(state, chosen)
                log.append(chosen)
        for table in range(1, len(rnd.pairs) + 1):
            game = StGame(rnd.number, table, rng.choice(OUTCOMES))
            apply(state, game)
            log.append(game)
    started = time.perf_counter()
    replay(log)
    replayed = time.perf_counter() - started
    return {
        "players": len(sides[0]) + len(sides[1]),
        "rounds": len(state.rounds),
        "questions": asked,
        "slowest_question_ms": round(slowest * 1000, 2),
        "replay_ms": round(replayed * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=607)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    args = parser.parse_args()
    figures = {}
    for size in args.sizes:
        figures[str(size)] = found = play(size, args.seed)
        print(
            f"{found['players']} players: {found['rounds']} rounds, {found['questions']} "
            f"questions, slowest {found['slowest_question_ms']} ms, "
            f"replay {found['replay_ms']} ms"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
