"""What a person reads comes in the order it happens (issue 22, item 18): a late entrant is
told he is in before he is asked to complete his registration; a King of the Hill player reads
that the tournament began and his norm before his first game."""

from __future__ import annotations

from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, registered
from tests.e2e.drivers.texts import fixed, round_title
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot


async def test_a_late_entrant_is_told_he_is_in_before_he_is_asked_to_register(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    await club.play(1, round_title(1, 3))
    lee = emu.add_user(17, "Lee", username="lee")  # never registered in the club
    emu.add_member(GROUP, lee)
    await lee.start("t-1")
    await lee.wait_message(contains=fixed("swiss.entry_requested"))
    request = await club.org.wait_message(contains="Lee")
    await (await club.org.press(request, "✅ Принять")).answer()
    accepted = await lee.wait_message(contains=fixed("swiss.entry_accepted"))
    asked = await lee.wait_message(contains=fixed("swiss.complete_registration"))
    assert accepted.message_id < asked.message_id


async def test_king_of_the_hill_players_read_their_norm_before_their_first_game(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, *_rest) = await koth_club.setup_club(emu)
    await koth_club.begin_tournament(emu, org)
    for user in (ann, bob):
        norm = await user.wait_message(contains=fixed("koth.your_norm"))
        game = await user.wait_message(contains=f"{fixed('koth.you_play')} 1")
        assert norm.message_id < game.message_id, user.first_name
