# The pick clock and the deck-building timer of a draft (bot.draft).

menu-draft = Пульт драфта: бустеры, пауза (Берсерк)
menu-deckbuilding = Время на сборку колод после драфта (Берсерк)

pickclock-pod_title = 🃏 Драфт · стол драфта { $table } · { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}
pickclock-seating = Места по порядку: { $players }
pickclock-booster_left = Бустер { $n } из { $total } · { $size ->
    [one] { $size } карта
    [few] { $size } карты
   *[other] { $size } карт
} · передаём налево ⬅️
pickclock-booster_right = Бустер { $n } из { $total } · { $size ->
    [one] { $size } карта
    [few] { $size } карты
   *[other] { $size } карт
} · передаём направо ➡️
pickclock-pick = Пик { $n } из { $total }: { $seconds } с — до <b>{ $until }</b>
pickclock-review = 👀 Последняя карта передана. Минута на просмотр карт — до <b>{ $until }</b>
pickclock-paused = ⏸ Пауза · пик { $n } из { $total }: осталось { $seconds } с
pickclock-paused_review = ⏸ Пауза · просмотр карт: осталось { $seconds } с
pickclock-done = ✅ Бустер { $n } из { $total } разобран.
pickclock-all_done = Все бустеры разобраны: дальше сборка колод.

pickclock-panel_title = 🃏 Драфт турнира «{ $name }»
pickclock-panel_plan = Бустеры по порядку: { $sizes } (сначала 12-карточные).
pickclock-panel_tables = { $count ->
    [one] { $count } стол
    [few] { $count } стола
   *[other] { $count } столов
}; один общий пик-таймер.
pickclock-panel_idle = Бустер { $n } из { $total } ждёт команды судьи.
pickclock-panel_deck = 🛠 Сборка колод — до <b>{ $until }</b>.
pickclock-panel_deck_over = Сборка колод закончена.
pickclock-btn_start = ▶️ Начать бустер { $n }
pickclock-btn_pause = ⏸ Пауза
pickclock-btn_resume = ▶️ Продолжить
pickclock-btn_deck = 🛠 Сборка колод: { $minutes } мин

pickclock-started = Бустер { $n } начат.
pickclock-paused_now = Пик-таймер на паузе.
pickclock-resumed_now = Пик-таймер идёт дальше.
pickclock-not_draft = В этом турнире нет драфта (формат: { $format }).
pickclock-closed = Турнир уже закончен.
pickclock-all_started = Все бустеры этого драфта уже начаты.
pickclock-booster_running = Бустер { $n } ещё идёт: следующий — после минуты просмотра карт.
pickclock-not_running = Сейчас ни один бустер не идёт.
pickclock-already_paused = Пик-таймер уже на паузе.
pickclock-not_paused = Пик-таймер не на паузе.
pickclock-boosters_left = Сборка колод — после драфта: { $count ->
    [one] остался { $count } бустер
    [few] осталось { $count } бустера
   *[other] осталось { $count } бустеров
}.
pickclock-deck_usage = Напишите /deckbuilding или /deckbuilding &lt;минуты&gt; — от 1 до 180 (по умолчанию { $minutes }).

pickclock-deck_started = 🛠 Сборка колод: { $minutes } мин — до <b>{ $until }</b>.
pickclock-deck_size = Колода — не меньше { $count ->
    [one] { $count } карты
   *[other] { $count } карт
} из полученных на драфте (601.10), раздача — { $hand ->
    [one] { $hand } карта
    [few] { $hand } карты
   *[other] { $hand } карт
} (таблица 3).
pickclock-deck_none = Колода не собирается: все полученные на драфте карты ({ $hand }) сразу становятся раздачей (601.10, таблица 3).
pickclock-deck_over = ⏰ Сборка колод закончена.
pickclock-late_deck = сборка колод закончилась в { $due }

log-sw_booster = Драфт: начат бустер
log-sw_pick_pause = Драфт: пауза пик-таймера
log-sw_pick_resume = Драфт: пик-таймер продолжен
log-sw_deckbuilding = Сборка колод: { $minutes } мин
