"""``python -m bot``: long polling, or ``--webhook`` (or WEBHOOK_URL) for a webhook server."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The club tournament bot")
    parser.add_argument("--webhook", action="store_true", help="serve a webhook instead of polling")
    args = parser.parse_args(argv)
    from bot.settings import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)  # noqa: T201 - the operator's one line
        return 2
    webhook = args.webhook or bool(settings.webhook_url)
    from bot.main import run_polling, run_webhook
    from bot.startup import EXIT_STARTUP, StartupError

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
