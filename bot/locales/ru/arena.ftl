# Арена (605): четыре недели вызовов и секторов на карте Лаара
tournament-kind_arena = 🗺 Берсерк: Арена (четыре недели)
help-arena = <b>Арена</b>: /add &lt;игрок&gt; — записать игрока; /result &lt;вызов&gt; a|b|draw [classic|standard|campaign|other] — записать результат (засчитан сразу); /void &lt;вызов&gt; — отменить подложный результат; /disqualify &lt;игрок&gt; — дисквалифицировать
menu-challenge = Вызвать игрока (Арена)
menu-arena = Арена: положение и карта Лаара
menu-disqualify = Дисквалифицировать игрока (Арена)

arena-no_tournament = Арены нет.
arena-not_open = Арена уже закончилась.
arena-no_over = Арена уже закончилась.
arena-no_disqualified = Дисквалифицированный игрок на Арену больше не допускается (605.6).
arena-no_already_in = Игрок уже на Арене.
arena-no_last_week = В последнюю неделю Арены записаться нельзя (605.2).
arena-no_not_running = Арена ещё не началась: нужно хотя бы 4 игрока и дата начала.
arena-no_self = Себя вызвать нельзя.
arena-no_not_in = Этого игрока нет на Арене.
arena-no_opponent_not_in = Соперника нет на Арене.
arena-no_day_over = Этот день уже закончился.
arena-no_once_a_day = Сегодня вы уже вызывали друг друга: двое играют не больше одной партии в день (605.6).
arena-no_no_challenge = Такого вызова нет.
arena-no_not_yours = Это не ваш вызов.
arena-no_answered = На этот вызов уже ответили (или день закончился: вызов без ответа — отказ).
arena-no_not_accepted = Этот вызов не принят или уже сыгран.
arena-no_not_a_player = Победитель должен быть одним из двух игроков.
arena-no_format = Неизвестный формат.
arena-no_nothing_to_approve = Нечего одобрять: результат уже засчитан или отменён.
arena-no_no_offer = Предложение выйти уже не действует.
arena-no_nothing_to_void = Отменять нечего: у этого вызова нет результата.

arena-wiz_name = 🗺 Арена по Берсерку: четыре недели вызовов и секторов (605). Пришлите название.
arena-wiz_name_bad = Название — от 1 до { $max } символов.
arena-wiz_start = С какого дня? Арена длится четыре недели.
arena-wiz_prizes = Призы: сколько и каких карт за 8, 10 и 12 секторов?
arena-wiz_prizes_ask = Ответьте текстом (или «-», если призы объявите позже).
arena-wiz_prizes_bad = Не длиннее { $max } символов.
arena-created = 🗺 Арена «{ $tournament }» (№{ $id }): с { $start } по { $end }. Призы: { $prizes }
    Запись — /join, одобряет судья; начало, когда на Арене хотя бы 4 игрока.

arena-btn_enter = ✅ Записать
arena-btn_decline = ❌ Отказать
arena-btn_accept = ⚔️ Принять
arena-btn_refuse = Отказаться
arena-btn_approve = ✅ Одобрить
arena-btn_excuse = Уважительная причина: { $name }
arena-btn_leave = 🏆 Выйти с призом
arena-btn_stay = Остаться
arena-btn_won = Моя победа
arena-btn_lost = Моё поражение
arena-btn_draw = Ничья
arena-format_classic = Классика
arena-format_standard = Стандарт
arena-format_campaign = Кампания
arena-format_other = другое
arena-format_named = Формат: { $format }

arena-entry_asked = 🙋 Просится на Арену «{ $tournament }»: { $name }. Судья, записать?
arena-entry_sent = Заявка у судьи.
arena-entry_done = Заявка одобрена: { $name }.
arena-entry_declined = Заявка отклонена: { $name }.
arena-entry_declined_you = Заявка на Арену «{ $tournament }» отклонена судьёй.
arena-entered = 🗺 На Арене: { $name } — { $sectors ->
    [one] { $sectors } сектор
    [few] { $sectors } сектора
   *[many] { $sectors } секторов
}.
arena-entered_again = 🗺 Снова на Арене: { $name } — { $sectors ->
    [one] { $sectors } новый сектор
    [few] { $sectors } новых сектора
   *[many] { $sectors } новых секторов
}.
arena-started = ⚔️ Арена «{ $tournament }» началась: { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}. Вызов — /challenge @игрок.
arena-too_few = Арена «{ $tournament }» ждёт игроков: нужно хотя бы 4, сейчас { $count }.
arena-not_started_yet = Арена ещё не началась: игроков { $count }, нужно 4.

arena-challenge_usage = Кого вызвать? /challenge @игрок (или ответом на его сообщение).
arena-challenge_sent = Вызов отправлен. Соперник: { $name }.
arena-challenged = ⚔️ Вызов №{ $id } на Арене «{ $tournament }». Вызывает: { $name }. Принимаете? Без ответа до конца дня — отказ.
arena-accepted = ⚔️ Вызов №{ $id } принят. Соперник: { $name }.
arena-refused = Вызов №{ $id } отклонён. Соперник: { $name }.
arena-you_accepted = Вызов №{ $id } принят.
arena-you_refused = Вызов №{ $id } отклонён.
arena-game = ⚔️ Партия по вызову №{ $id }, соперник: { $name }. Сыграв, выберите формат и результат; соперник подтвердит, судья одобрит.
arena-label = вызов №{ $id }

arena-result_win = { $winner } побеждает, { $loser } проигрывает ({ $format }).
arena-result_draw = { $a } и { $b } — ничья ({ $format }).
arena-result_waits = Засчитается, когда судья одобрит.
arena-approved = Результат вызова №{ $id } одобрен.
arena-counts = Секторов: { $a } — { $sectors_a }, { $b } — { $sectors_b }.
arena-ruined = Все сектора потеряны, выбывает: { $name } (605.4).
arena-result_usage = /result &lt;вызов&gt; a|b|draw [classic|standard|campaign|other]: a — победа вызвавшего, b — вызванного.
arena-result_done = Результат записан и засчитан.

arena-day_over = 🌙 Итоги дня { $day } на Арене «{ $tournament }».
arena-penalty = { $name } отказывается от вызовов второй день подряд: сектор становится нейтральным (605.6). Осталось: { $sectors }.
arena-excused = Причина принята: { $name }.
arena-exit_auto = 🏆 { $name } выходит с Арены с 12+ секторами ({ $sectors }): призовых карт — { $cards }.
arena-exit_chose = 🏆 { $name } выходит с Арены: секторов — { $sectors }, призовых карт — { $cards }.
arena-exit_inactive = Ни одной партии за неделю — выход с Арены: { $name }; секторов — { $sectors }, призовых карт — { $cards }.
arena-exit_ruined = Все сектора потеряны, выбывает: { $name }.
arena-exit_end = { $name }: секторов — { $sectors }, призовых карт — { $cards }.
arena-exit_disqualified = Дисквалификация: { $name }.
arena-offer = 🏆 Неделя закончилась. У вас { $sectors ->
    [one] { $sectors } сектор
    [few] { $sectors } сектора
   *[many] { $sectors } секторов
}: можно выйти с призом или остаться. Ответ — в течение { $hours } ч, без ответа вы остаётесь.
arena-you_left = Вы вышли с Арены с призом.
arena-you_stay = Вы остаётесь на Арене.

arena-voided = Результат вызова №{ $id } отменён судьёй.
arena-disqualified = ⛔ Дисквалификация: { $name } — без призов и без права вернуться (605.6).
arena-void_usage = /void &lt;номер вызова&gt;
arena-disqualify_usage = /disqualify @игрок (или ответом на его сообщение)
arena-add_usage = /add @игрок (или ответом на его сообщение)
arena-begin_by_date = Арена начинается сама: в день начала, когда записаны хотя бы 4 игрока.
arena-no_extend = На Арене нечего продлевать: она идёт четыре недели.
arena-cancelled = Арена «{ $tournament }» отменена.

arena-title = 🗺 Арена «{ $tournament }»
arena-over = Арена закончилась.
arena-not_started = Ещё не началась: игроков { $count }, нужно 4.
arena-day = День { $day }, неделя { $week } из 4.
arena-row = { $place }. { $name } — сейчас { $sectors }, всего { $total }
arena-left_mark = (вне Арены)
arena-row_dq = ⛔ { $name } — дисквалификация
arena-neutral = Нейтральных секторов: { $count } из { $all }.
arena-waiting = Ждут одобрения судьи: { $count }.
arena-web_challenge = Вызов №{ $id }: { $a } — { $b }
arena-me_out = Вы не на Арене.
arena-me_sectors = Ваших секторов: { $count }.
arena-me_open = Вызов №{ $id } ждёт ответа. Соперник: { $name }.
arena-me_to_play = Вызов №{ $id } принят, партия впереди. Соперник: { $name }.
arena-me_may_challenge = Сегодня можно вызвать: { $names }
arena-me_refusals = Дней с отказами: { $count }.
arena-me_week_left = До конца недели: { $hours } ч.
arena-final = 🏁 Арена «{ $tournament }» закончилась. Места по сумме секторов (605.5):
arena-final_row = { $place }. { $name } — { $total }, призовых карт: { $cards }, рейтинг { $delta }
arena-log_title = Журнал Арены:
arena-btn_challenge = ⚔️ { $name }
arena-export_title = Арена «{ $tournament }»: места и партии
arena-late_day = день { $day } закончился в { $due }
arena-lapsed = Вызов №{ $id }: день закончился без ответа — это отказ (605.6).
arena-log_entry = { $time } — запись на Арену: { $name }
arena-log_start = { $time } — Арена началась
arena-log_challenge = { $time } — вызов №{ $id }: { $a } — { $b }
arena-log_accepted = { $time } — вызов №{ $id } принят
arena-log_refused = { $time } — вызов №{ $id } отклонён
arena-log_result = { $time } — вызов №{ $id }: { $result }
arena-log_approve = { $time } — результат вызова №{ $id } одобрен
arena-log_day_end = { $time } — итоги дня { $day }
arena-log_excuse = { $time } — уважительная причина (день { $day }): { $name }
arena-log_week_end = { $time } — итоги недели { $week }
arena-log_leave = { $time } — выход с призом: { $name }
arena-log_stay = { $time } — остаётся на Арене: { $name }
arena-log_void = { $time } — результат вызова №{ $id } отменён
arena-log_disqualify = { $time } — дисквалификация: { $name }
arena-log_finish = { $time } — Арена закончилась
arena-log_cancel = { $time } — Арена отменена
