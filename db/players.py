"""Players, the Telegram users the bot has seen, ratings and rating bonuses."""

from __future__ import annotations

from datetime import date

from db.database import Row, Tx
from db.models import Bonus, Player, TgUser

PROFILE_FIELDS = ("last_name", "first_name", "patronymic", "email", "city", "nickname", "phone")


def _player(row: Row) -> Player:
    return Player(
        id=row["id"],
        telegram_id=row["telegram_id"],
        last_name=row["last_name"],
        first_name=row["first_name"],
        patronymic=row["patronymic"],
        email=row["email"],
        city=row["city"],
        nickname=row["nickname"],
        phone=row["phone"],
        registered=bool(row["registered"]),
    )


def _tg_user(row: Row) -> TgUser:
    return TgUser(
        id=row["id"],
        username=row["username"],
        first_name=row["first_name"],
        last_name=row["last_name"],
        language_code=row["language_code"],
        started_bot=bool(row["started_bot"]),
        blocked_bot=bool(row["blocked_bot"]),
    )


async def remember_user(
    tx: Tx,
    user_id: int,
    first_name: str,
    last_name: str | None,
    username: str | None,
    language_code: str | None,
    now: str,
    *,
    private: bool,
) -> None:
    """Upsert a Telegram user; a message in a private chat means he started the bot."""
    await tx.execute(
        """INSERT INTO tg_users (id, username, first_name, last_name, language_code,
                                 started_bot, blocked_bot, seen_at)
           VALUES (?, ?, ?, ?, ?, ?, 0, ?)
           ON CONFLICT (id) DO UPDATE SET
             username = excluded.username, first_name = excluded.first_name,
             last_name = excluded.last_name, language_code = excluded.language_code,
             started_bot = CASE WHEN excluded.started_bot = 1 THEN 1
                                ELSE tg_users.started_bot END,
             blocked_bot = CASE WHEN excluded.started_bot = 1 THEN 0
                                ELSE tg_users.blocked_bot END,
             seen_at = excluded.seen_at""",
        (user_id, username, first_name, last_name, language_code, int(private), now),
    )


async def user_is_current(
    tx: Tx,
    user_id: int,
    first_name: str,
    last_name: str | None,
    username: str | None,
    language_code: str | None,
    *,
    private: bool,
) -> bool:
    """Whether ``remember_user`` with these values would change nothing that is read (its
    ``seen_at`` stamp aside, which nothing reads)."""
    found = await tx.value(
        """SELECT 1 FROM tg_users WHERE id = ? AND username IS ? AND first_name = ?
             AND last_name IS ? AND language_code IS ?
             AND (started_bot = 1 OR ? = 0) AND (blocked_bot = 0 OR ? = 0)""",
        (user_id, username, first_name, last_name, language_code, int(private), int(private)),
    )
    return found is not None


async def tg_user(tx: Tx, user_id: int) -> TgUser | None:
    row = await tx.one("SELECT * FROM tg_users WHERE id = ?", (user_id,))
    return None if row is None else _tg_user(row)


async def tg_user_by_username(tx: Tx, username: str) -> TgUser | None:
    row = await tx.one(
        "SELECT * FROM tg_users WHERE lower(username) = lower(?)", (username.lstrip("@"),)
    )
    return None if row is None else _tg_user(row)


async def mark_blocked(tx: Tx, user_id: int) -> None:
    await tx.execute("UPDATE tg_users SET blocked_bot = 1 WHERE id = ?", (user_id,))


async def by_telegram(tx: Tx, telegram_id: int) -> Player | None:
    row = await tx.one(
        "SELECT * FROM players WHERE telegram_id = ? AND deleted_at IS NULL", (telegram_id,)
    )
    return None if row is None else _player(row)


async def by_id(tx: Tx, player_id: int) -> Player | None:
    return (await many(tx, [player_id])).get(player_id)


async def many(tx: Tx, ids: list[int]) -> dict[int, Player]:
    """The players with these ids (unknown ids are left out)."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = await tx.all(f"SELECT * FROM players WHERE id IN ({marks})", ids)
    return {player.id: player for player in map(_player, rows)}


async def create(
    tx: Tx, telegram_id: int | None, fields: dict[str, str | None], now: str, *, registered: bool
) -> int:
    unknown = set(fields) - set(PROFILE_FIELDS)
    if unknown:
        raise ValueError(f"unknown profile fields {sorted(unknown)}")
    columns = ["telegram_id", "registered", "created_at", *fields]
    values = [telegram_id, int(registered), now, *fields.values()]
    marks = ",".join("?" * len(columns))
    return await tx.execute(
        f"INSERT INTO players ({','.join(columns)}) VALUES ({marks})",
        values,
    )


async def update(
    tx: Tx, player_id: int, fields: dict[str, str | None], *, registered: bool | None = None
) -> None:
    if set(fields) - set(PROFILE_FIELDS):
        raise ValueError("unknown profile fields")
    assignments = [f"{name} = ?" for name in fields]
    values: list[object] = list(fields.values())
    if registered is not None:
        assignments.append("registered = ?")
        values.append(int(registered))
    if assignments:
        await tx.execute(
            f"UPDATE players SET {', '.join(assignments)} WHERE id = ?",
            [*values, player_id],
        )


async def erase(tx: Tx, player_id: int, now: str) -> None:
    """Delete a player's personal data; the club ID and tournament history stay, anonymous.

    His ``tg_users`` row (Telegram name and username) goes too; it is written again only if he
    writes to the bot again. The bytes stay in the file until ``Database.compact``. Each
    tournament he played in is touched (``Tx.touch``): its open web pages get the board
    without his name at once."""
    telegram_id = await tx.value("SELECT telegram_id FROM players WHERE id = ?", (player_id,))
    if telegram_id is not None:
        await tx.execute("DELETE FROM tg_users WHERE id = ?", (telegram_id,))
    await tx.execute(
        """UPDATE players SET telegram_id = NULL, last_name = NULL, first_name = NULL,
             patronymic = NULL, email = NULL, city = NULL, nickname = NULL, phone = NULL,
             registered = 0, deleted_at = ? WHERE id = ?""",
        (now, player_id),
    )
    # Every board that showed his name shows it no more: each open page hears of the change.
    entered = "SELECT tournament_id FROM participants WHERE player_id = ?"
    for (tournament_id,) in await tx.all(entered, (player_id,)):
        tx.touch(int(tournament_id))


async def rating(tx: Tx, player_id: int, discipline: str) -> int | None:
    value = await tx.value(
        "SELECT rating_cents FROM ratings WHERE player_id = ? AND discipline = ?",
        (player_id, discipline),
    )
    return None if value is None else int(value)


async def ratings_of(tx: Tx, player_id: int) -> dict[str, int]:
    rows = await tx.all(
        "SELECT discipline, rating_cents FROM ratings WHERE player_id = ? ORDER BY discipline",
        (player_id,),
    )
    return {row["discipline"]: row["rating_cents"] for row in rows}


async def set_rating(
    tx: Tx,
    player_id: int,
    discipline: str,
    cents: int,
    reason: str,
    now: str,
    tournament_id: int | None = None,
) -> None:
    before = await rating(tx, player_id, discipline)
    await tx.execute(
        """INSERT INTO ratings (player_id, discipline, rating_cents) VALUES (?, ?, ?)
           ON CONFLICT (player_id, discipline)
           DO UPDATE SET rating_cents = excluded.rating_cents""",
        (player_id, discipline, cents),
    )
    await tx.execute(
        """INSERT INTO rating_history
             (player_id, discipline, tournament_id, delta_cents, after_cents, reason, at)
           VALUES (?, ?, ?, ?, ?, ?, ?)""",
        (player_id, discipline, tournament_id, cents - (before or 0), cents, reason, now),
    )


async def top_ratings(tx: Tx, discipline: str, limit: int = 1000) -> list[tuple[Player, int]]:
    rows = await tx.all(
        """SELECT p.*, r.rating_cents FROM ratings r JOIN players p ON p.id = r.player_id
           WHERE r.discipline = ? AND p.deleted_at IS NULL
           ORDER BY r.rating_cents DESC, p.id LIMIT ?""",
        (discipline, limit),
    )
    return [(_player(row), row["rating_cents"]) for row in rows]


def _bonus(row: Row) -> Bonus:
    return Bonus(
        id=row["id"],
        player_id=row["player_id"],
        discipline=row["discipline"],
        amount_cents=row["amount_cents"],
        granted_on=date.fromisoformat(row["granted_on"]),
        expires_on=date.fromisoformat(row["expires_on"]),
    )


async def bonuses(tx: Tx, player_id: int, discipline: str | None = None) -> list[Bonus]:
    rows = await tx.all(
        """SELECT * FROM rating_bonuses WHERE player_id = ? AND (CAST(? AS TEXT) IS NULL
                OR discipline = ?)
           ORDER BY granted_on, id""",
        (player_id, discipline, discipline),
    )
    return [_bonus(row) for row in rows]


async def add_bonus(
    tx: Tx,
    player_id: int,
    discipline: str,
    amount_cents: int,
    granted_on: date,
    expires_on: date,
    tournament_id: int | None,
) -> int:
    return await tx.execute(
        """INSERT INTO rating_bonuses
             (player_id, discipline, amount_cents, granted_on, expires_on, tournament_id)
           VALUES (?, ?, ?, ?, ?, ?)""",
        (
            player_id,
            discipline,
            amount_cents,
            granted_on.isoformat(),
            expires_on.isoformat(),
            tournament_id,
        ),
    )


async def expired_untold(tx: Tx, today: date) -> list[Bonus]:
    rows = await tx.all(
        "SELECT * FROM rating_bonuses WHERE expires_on <= ? AND expiry_told = 0 ORDER BY id",
        (today.isoformat(),),
    )
    return [_bonus(row) for row in rows]


async def mark_expiry_told(tx: Tx, bonus_id: int) -> None:
    await tx.execute("UPDATE rating_bonuses SET expiry_told = 1 WHERE id = ?", (bonus_id,))
