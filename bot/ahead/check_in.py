"""The check-in before round 1 (issue 27, item 3): a registered player's «Я на месте» (its
button, ``/here``), who has not checked in (``/begin`` asks), and taking those off the list at
the organiser's tap through the kind's ``bot.kind.Withdraws`` (nobody without it)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.ahead.start import checks_in, registered, starts_of
from bot.errors import UserError
from bot.infra import Infra
from bot.kind import KindService, Withdraws
from db import ahead as store
from db import players, tournaments
from db.tournaments import Tournament
from rules.ahead import CHECK_IN_BEFORE


class CheckIns:
    """The check-in of every kind's tournaments."""

    def __init__(self, infra: Infra, kinds: Mapping[str, KindService]) -> None:
        self.infra = infra
        self.kinds = kinds

    async def check_in(self, tournament_id: int, telegram_id: int) -> tuple[str, Tournament]:
        """A player's «Я на месте»: ``done``, ``again`` (already), ``not_in`` (not on the
        list), ``closed`` (the tournament began or ended)."""
        async with self.infra.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None:
                raise UserError("common.stale_button")
            if tournament.status != "registration":
                return "closed", tournament
            player = await players.by_telegram(tx, telegram_id)
            if player is None or player.id not in await registered(tx, tournament_id):
                return "not_in", tournament
            now = self.infra.clock.now().isoformat()
            added = await store.check_in(tx, tournament_id, player.id, now)
        return ("done" if added else "again"), tournament

    async def check_in_by_command(
        self, telegram_id: int, chat_id: int, tournament: Tournament | None
    ) -> list[tuple[str, Tournament]]:
        """``/here``: in a group, the check-in to its open tournament (``tournament``);
        privately, to each tournament of his whose check-in is open. (status, tournament)
        each; a check-in not open yet is ``not_yet``, none running ``off``."""
        if chat_id < 0:
            found = [] if tournament is None else [tournament]
        else:
            async with self.infra.db.read() as tx:
                player = await players.by_telegram(tx, telegram_id)
                found = [] if player is None else await tournaments.open_for_player(tx, player.id)
            found = [t for t in found if checks_in(t) and t.status == "registration"]
        said = []
        for each in found:
            starts = starts_of(each)
            if starts is None or not checks_in(each):
                said.append(("off", each))
            elif self.infra.clock.now() < starts - CHECK_IN_BEFORE:
                said.append(("not_yet", each))
            else:
                said.append(await self.check_in(each.id, telegram_id))
        return said

    async def absent(self, tournament: Tournament) -> list[tuple[int, str]] | None:
        """The registered players who did not check in, (club id, name) each; ``None`` when
        no check-in applies now (off, not announced ahead, not open yet, or begun)."""
        starts = starts_of(tournament)
        if tournament.status != "registration" or starts is None or not checks_in(tournament):
            return None
        if self.infra.clock.now() < starts - CHECK_IN_BEFORE:
            return None
        async with self.infra.db.read() as tx:
            here = await store.checked_in(tx, tournament.id)
            missing = [pid for pid in await registered(tx, tournament.id) if pid not in here]
            found = await players.many(tx, missing)
        return [(pid, found[pid].display_name) for pid in missing if pid in found]

    def can_withdraw(self, tournament: Tournament) -> bool:
        """Whether its kind can take registered players off its list (``Withdraws``)."""
        return isinstance(self.kinds.get(tournament.kind), Withdraws)

    async def withdraw_absent(self, tournament_id: int, actor: int) -> list[str]:
        """Take off the list those who have not checked in *now* (one may have checked in
        since the list was shown); their names."""
        async with self.infra.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
        if tournament is None:
            raise UserError("common.stale_button")
        missing = await self.absent(tournament)
        if missing is None:
            raise UserError("ahead.begun" if tournament.status != "registration" else "ahead.off")
        service = self.kinds.get(tournament.kind)
        if not isinstance(service, Withdraws):
            raise UserError("ahead.no_withdraw")
        if missing:
            await service.withdraw_registrants(tournament_id, [pid for pid, _ in missing], actor)
        return [name for _, name in missing]
