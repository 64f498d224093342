"""``python -m bot``: long polling, or ``--webhook`` (or WEBHOOK_URL) for a webhook server."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def _importing() -> Iterator[None]:
    """No garbage collection while the bot's modules load, then none over what they made.

    Importing aiogram builds several hundred pydantic models: some 160 000 tracked objects that
    live as long as the process (about 1 % of them are garbage, kept: half a megabyte). The
    collector would walk them again and again as they pile up, about 0.2 s of a 2 s start;
    ``gc.freeze`` then sets them aside for good, so the collections while the bot runs only walk
    what was made since.
    """
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The club tournament bot")
    parser.add_argument("--webhook", action="store_true", help="serve a webhook instead of polling")
    args = parser.parse_args(argv)
    with _importing():
        from bot.settings import SettingsError, load_settings

        try:
            settings = load_settings()
        except SettingsError as exc:
            print(f"error: {exc}", file=sys.stderr)  # noqa: T201 - the operator's one line
            return 2
        webhook = args.webhook or bool(settings.webhook_url)
        from bot.startup import EXIT_STARTUP, StartupError

        if webhook:
            from bot.webhook import run_webhook
        else:
            from bot.app import run_polling
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if webhook and not settings.webhook_url:
        print("error: --webhook needs WEBHOOK_URL (https://...)", file=sys.stderr)  # noqa: T201
        return 2
    try:
        if webhook:
            asyncio.run(run_webhook(settings))
        else:
            with contextlib.suppress(KeyboardInterrupt):
                asyncio.run(run_polling(settings, handle_signals=True))
    except StartupError as exc:
        print(f"error: {exc}", file=sys.stderr)  # noqa: T201 - the operator's one line
        return EXIT_STARTUP
    return 0


if __name__ == "__main__":
    sys.exit(main())
