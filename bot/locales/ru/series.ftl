# The Overlord series (606): bot/series, handlers/series
menu-series = Серия «Повелитель»: таблица
series-title = <b>👑 Серия «Повелитель» №{ $id }: колода «{ $deck }», { $city }</b>
series-period = Период: { $start } — { $end }
series-overlord = За Повелителя играет { $name }
series-status_running = Идёт до { $until } включительно.
series-status_beaten = Завершена: колода Повелителя побеждена, её получает { $name }.
series-status_kept = Завершена: проведено 15 турниров и больше, колода остаётся у того, кто играл за Повелителя: { $overlord }.
series-status_not_held = Завершена: турниров меньше 15 — цикл не состоялся, колода возвращается разработчикам.
series-held = Турниров проведено: { $count } из { $need }
series-extended_note = Серия продлена: в турнирах после { $official } разрешены только карты, изданные до этого дня.
series-table_title = <b>Кристаллы</b>
series-table_row = { $place }. { $name } — { $count ->
    [one] { $count } кристалл
    [few] { $count } кристалла
   *[many] { $count } кристаллов
}
series-table_empty = Кристаллов пока ни у кого нет.
series-duels_title = <b>Вызовы Повелителю</b>
series-duel_row = Турнир «{ $tournament }»: { $name } — { $result }{ $used ->
    [0] {""}
   *[other] , потрачено кристаллов: { $used }
}
series-duel_open = право на игру
series-duel_asked = игра назначается
series-duel_player = победа над Повелителем
series-duel_overlord = поражение от Повелителя
series-duel_draw = ничья
series-crystals_one = { $name } — { $count ->
    [one] { $count } кристалл
    [few] { $count } кристалла
   *[many] { $count } кристаллов
}
series-crystals_given = 💎 Кристаллы серии «{ $deck }»: { $given }
series-not_counted = Серия «{ $deck }» уже завершена: кристаллы за этот турнир не начисляются.
series-challenge_offer = 👑 Победитель турнира «{ $tournament }» — { $winner }: право на одну игру против колоды Повелителя «{ $deck }» (любой колодой, легальной в Блоковом констрактеде). Кристаллов в серии: { $crystals }.
    { $overlord }, договоритесь о времени здесь, в чате. Результат вносит судья: <code>/series result { $id }</code> и <code>win</code>, <code>loss</code> или <code>draw</code>, затем потраченные кристаллы.
series-btn_ask = ⚔️ Вызов Повелителю
series-asked = ⚔️ { $winner } бросает вызов колоде «{ $deck }». { $overlord }, договоритесь о времени игры в этом чате. Партия заканчивается только чистой победой одной из сторон или ничьёй; результат вносит судья: <code>/series result { $id }</code> и <code>win</code>, <code>loss</code> или <code>draw</code>, затем потраченные кристаллы.
series-recorded_player = 🏆 Колода Повелителя «{ $deck }» побеждена! Серия завершена.
series-recorded_overlord = Повелитель «{ $deck }» устоял. Кристаллы, потраченные на отряд ({ $used }), не сгорают.
series-recorded_draw = Игра с Повелителем «{ $deck }» — ничья. Кристаллы, потраченные на отряд ({ $used }), не сгорают.
series-ended_beaten = 🏆 Серия «Повелитель» ({ $city }) завершена: колода «{ $deck }» побеждена, её получает { $winner }. Таблица серии заморожена.
series-ended_kept = 🏁 Период серии «{ $deck }» ({ $city }) окончен: проведено турниров — { $held }, колода Повелителя не побеждена и остаётся у того, кто играл за неё: { $overlord }.
series-ended_not_held = 🏁 Период серии «{ $deck }» ({ $city }) окончен: проведено турниров — { $held } из 15, цикл не состоялся. Колода Повелителя возвращается разработчикам.
series-created = 👑 Серия «Повелитель» №{ $id } создана: колода «{ $deck }», { $city }, { $start } — { $end }. За Повелителя играет { $overlord }.
    Турниры серии (Констрактед или Драфт, от 6 игроков, не больше двух в неделю) создаются через /new. Таблица — /series.
series-new_usage = Как создать серию: <code>/series new Город; Колода Повелителя; 01.06.2026; 31.08.2026; @игрок</code> (за Повелителя играет этот игрок; названия — до { $max } символов).
series-result_usage = Как внести игру с Повелителем: <code>/series result номер_турнира win|loss|draw [потраченные кристаллы]</code>. win — победа игрока, loss — победа Повелителя; игра кончается только чистой победой или ничьёй.
series-extend_usage = Как продлить серию: <code>/series extend 15.09.2026</code>.
series-extended = Серия «{ $deck }» продлена до { $end }. В турнирах после официального окончания ({ $official }) разрешены только карты, изданные до него.
series-bad_day = Не понимаю дату «{ $text }»: напишите её как 31.08.2026.
series-in_group = Серии создаются и продлеваются в группе клуба.
series-who_unknown = Игрок не найден ({ $who }): ответьте командой на сообщение игрока или укажите @username того, кого бот уже видел, или клубный номер.
series-unknown = Серии №{ $id } нет.
series-usage = Таблица серии: /series или /series номер.
series-none = В этом чате ещё нет серии «Повелитель». Организатор создаёт её командой /series new.
series-none_running = В этом чате нет идущей серии «Повелитель».
series-bad_period = Период серии кончается раньше, чем начинается.
series-period_over = Период, оканчивающийся { $end }, уже прошёл.
series-city_busy = В городе { $city } уже идёт серия №{ $id } (колода «{ $deck }»).
series-not_running = Серия «{ $deck }» уже завершена: турнир в неё не входит.
series-week_full = В городе { $city } на этой неделе уже два турнира серии — «{ $first }» и «{ $second }». Третий нельзя (606.5).
series-not_yours = Это право на игру с Повелителем — не ваше.
series-no_duel = У турнира №{ $id } нет открытого права на игру с Повелителем.
series-over = Серия «{ $deck }» уже завершена.
series-too_many_crystals = В серии у этого игрока кристаллов: { $have }. Потратить { $used } нельзя.
series-picture_title = Серия «Повелитель»: колода «{ $deck }», { $city }
series-picture_subtitle = { $start } — { $end } · турниров проведено: { $count } из { $need }
series-picture_crystals = Кристаллы
series-picture_caption = 👑 Таблица серии «Повелитель»
series-web_kind = Серия «Повелитель»
series-col_place = Место
series-web_link = 📺 Таблица на табло: { $url }
series-late_cards = ⚠️ Серия продлена: в этом турнире разрешены только карты, изданные до { $official } (606.11).
series-format = Турнир серии «Повелитель» — только Констрактед или Драфт (606.2).
