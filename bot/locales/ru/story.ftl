# Сюжетный констрактед (607)
tournament-kind_story = 📜 Берсерк: сюжетный констрактед
help-story = <b>Сюжетный констрактед</b>: /add &lt;игрок&gt; 1|2 — записать игрока за сторону; /elect — выборы капитанов; /captain &lt;игрок&gt; — назначить капитана; /pick — выбрать за отсутствующего капитана; /story_rules &lt;текст&gt; — особые правила (не позже чем за 3 дня до начала); /result &lt;тур&gt; &lt;стол&gt; a|d|ta|td|draw|dl — результат партии (a — победа атакующего, d — защищающегося)
menu-captain = Назначить капитана стороны (сюжетный)
menu-elect = Выборы капитанов (сюжетный)
menu-story_rules = Особые правила турнира (сюжетный)

story-no_tournament = Сюжетного турнира нет.
story-not_registration = Регистрация уже закрыта.
story-not_running = Турнир не идёт.
story-wiz_name = 📜 Сюжетный констрактед (607): две стороны, капитаны выбирают пары. Пришлите название турнира.
story-wiz_name_bad = Название — от 1 до { $max } символов.
story-wiz_side = Название { $number ->
    [1] первой
   *[other] второй
} стороны?
story-wiz_side_bad = Название стороны — от 1 до { $max } символов, и стороны называются по-разному.
story-wiz_attack = Какая сторона атакует (607.4.1)?
story-wiz_cards = Список карт стороны «{ $side }»: файл CSV или текст, как для /cards, или «-», если списка нет.
story-wiz_cards_bad = Это не список карт стороны «{ $side }»: нужен CSV с колонкой названий, или «-».
story-wiz_cards_read = Сторона «{ $side }»: { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}{ $bad ->
    [0] {""}
   *[other] , строк с ошибками: { $bad }
}.
story-wiz_start = Когда начало? Например: 10.12.2026 18:00.
story-wiz_start_bad = Нужны дата и время начала в будущем, например: 10.12.2026 18:00.
story-wiz_rules = Особые правила турнира (607.1) текстом, или «-», если играем по 607.
story-wiz_time = Минут на партию?
story-wiz_time_40 = 40
story-wiz_time_50 = 50
story-wiz_time_60 = 60
story-wiz_strict = Уровень строгости?
story-wiz_strict_amateur = Любительский (без дэк-листов)
story-wiz_strict_professional = Профессиональный (дэк-листы по желанию)
story-wiz_strict_highest = Высший (дэк-листы обязательны)
story-created = 📜 Турнир «{ $name }» (№{ $id }) создан: атакует «{ $attack }», защищается «{ $defence }». Начало { $start }, { $minutes } мин на партию, строгость: { $strict }.
story-created_cards = Список карт стороны «{ $side }»: { $count ->
    [0] нет
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}.
story-created_rules = Особые правила: { $rules }
story-rules_too_late = ⛔ Правила можно менять не позже чем за 3 дня до начала (607.1). Начало { $start }; с этим изменением оно было бы возможно не раньше { $needed }.
story-rules_usage = Напишите: /story_rules текст особых правил.
story-rules_changed = Особые правила турнира «{ $name }» обновлены.
story-join_how = Выберите сторону:
story-btn_join = За «{ $side }»
story-join_joined = Вы за «{ $side }».
story-join_already = Вы уже за «{ $side }».
story-joined = { $name } — за «{ $side }» (на стороне { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}).
story-add_usage = Напишите: /add @игрок 1 или /add @игрок 2 (номер стороны).
story-ballot = 🗳 Выборы капитана стороны «{ $side }»: игроки стороны голосуют кнопкой.
story-btn_plain = { $text }
story-vote_not_member = Голосуют только игроки стороны.
story-vote_other_side = Капитаном можно выбрать только игрока своей стороны.
story-voted = Ваш голос: { $name }. Сейчас: { $tally }.
story-captain_named = 👑 { $name } — капитан стороны «{ $side }».
story-captain_tie = 🗳 Стороне «{ $side }» не удалось выбрать капитана: голоса разделились поровну. Организатор, выберите капитана:
story-captain_no_vote = 🗳 Сторона «{ $side }» не голосовала. Организатор, выберите капитана:
story-captain_not_member = Капитаном может быть только игрок одной из сторон.
story-captain_usage = Напишите: /captain @игрок.
story-too_few = Нужно хотя бы { $needed } игрока, и на обеих сторонах (607.2); сейчас { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}.
story-round_opened = ⚔️ Тур { $round }: атакует «{ $attack }», защищается «{ $defence }». Капитаны выбирают пары.
story-ask_name = Тур { $round }: выберите игрока стороны «{ $side }», который выходит на бой.
story-ask_answer = Тур { $round }: сторона «{ $side }» выставила на бой — { $nominee }. Выберите соперника.
story-pick_named = Игрок выбран.
story-pick_paired = Пара составлена.
story-pick_stale = Этот выбор уже сделан.
story-not_your_pick = Выбирает капитан стороны (или судья вместо капитана).
story-remind_captain = ⏰ Вы выбираете уже { $minutes } мин.
story-remind_group = ⏰ Капитан «{ $side }» { $captain } выбирает уже { $minutes } мин. Судья может выбрать вместо капитана:
story-pair_made = ⚔️ { $a } ({ $side_a }) — { $b } ({ $side_b }), стол { $table }
story-your_game = Тур { $round }, стол { $table }: ваш соперник — { $opponent } («{ $side }»). Ничья по договорённости запрещена (607.4.7).
story-reserves = В резерве и проходят дальше: { $names }.
story-btn_won = Моя победа
story-btn_lost = Моё поражение
story-btn_draw = Ничья по времени
story-label = тур { $round }, стол { $table }
story-time_up = ⏰ Тур { $round }: время вышло. Ещё играют столы: { $tables }.
story-result_usage = Напишите: /result тур стол a|d|ta|td|na|nd|nn|draw|dl (a — победа атакующего, d — защищающегося, t — техническая, dl — поражение обоим; na/nd — не явился атакующий/защищающийся, nn — не явились оба; тур 0 — партия кругового турнира, a — победа первого в паре).
story-result_done = Результат записан.
story-no_such_game = Такой открытой партии нет.
story-no_extend = В сюжетном турнире время не продлевается командой.
story-cancelled = Турнир «{ $name }» отменён.
story-board_registration = 📜 «{ $name }»: регистрация
story-board_title = 📜 «{ $name }» — тур { $round }
story-board_until = , до { $time }
story-wait_name = ⏳ Ждём: капитан «{ $side }» { $captain } выбирает игрока.
story-wait_answer = ⏳ Ждём: капитан «{ $side }» { $captain } выбирает, кто сыграет против: { $nominee }.
story-pair_line = Стол { $table }: { $a } ({ $side_a }) — { $b } ({ $side_b }): { $mark }
story-reserve_line = В резерве: { $names }
story-side_head = «{ $side }» ({ $count })
story-side_attack = ⚔️ «{ $side }», атакует (в строю: { $count })
story-side_defence = 🛡 «{ $side }», защищается (в строю: { $count })
story-member_line = { $mark }{ $name } — { $status }
story-status_out = вне турнира
story-status_playing = играет, стол { $table }
story-status_through = проходит дальше
story-status_reserve = в резерве
story-status_waiting = ждёт пары
story-status_in = в строю
story-board_over = 🏁 Турнир окончен, побеждает «{ $side }».
story-standings_title = 📜 «{ $name }»: места
story-standing_line = { $place }. { $name } («{ $side }») — { $points }
story-standing_line_out = { $place }. { $name } («{ $side }») — { $points }, вне турнира
story-final_title = 🏁 «{ $name }» окончен, побеждает сторона «{ $side }».
story-final_ratings = Рейтинг:
story-final_rating_line = { $name }: { $change }
story-your_place = 🏁 «{ $name }»: ваше место — { $place } из { $count }.
story-your_rating = Рейтинг: { $delta }, теперь { $rating }.
story-ask_order = 607.4.6: непобеждённые { $names } равны во всём. Кто из них занимает { $place }-е место? Или пусть сыграют круговой турнир.
story-btn_round_robin = Круговой турнир
story-round_robin = 🔁 Непобеждённые { $names } играют круговой турнир, каждый с каждым; места между ними — по его очкам (победа 1, ничья ½).
story-order_ordered = Место записано.
story-order_round_robin = Круговой турнир начат, игроки получили свои партии.
story-order_stale = Места уже расставлены.
story-log_title = 📜 «{ $name }»: журнал
story-log_round = Тур { $round }:
story-export_title = Турнир «{ $name }»: места и игроки
story-no_agreed_draw = Договорная ничья в сюжетном констрактеде запрещена (607.4.7).
story-pic_round = Тур { $round }
story-pic_reserves = Резерв: { $names }
story-pic_subtitle = Атакует «{ $attack }», защищается «{ $defence }»
story-pic_winner = побеждает «{ $side }»
story-pic_caption = 📜 «{ $name }»: кто кого выбил, тур за туром
story-drop_done = { $name } больше не участвует в турнире.
story-drop_not_in = { $name } — не в составе ни одной из сторон.
story-drop_running = Турнир уже идёт: из него выбывают только поражением (607.4.4). Если игрок уходит, судья записывает ему техническое поражение: /result тур стол ta|td.
story-final_title_none = 🏁 «{ $name }» окончен: обе стороны выбыли полностью.
story-board_over_none = 🏁 Турнир окончен: обе стороны выбыли полностью.
menu-pick = Выбрать за капитана (сюжетный)
story-no_choice = Сейчас капитанам нечего выбирать.
story-judge_choice = 🧑‍⚖️ Судья выбирает вместо капитана «{ $side }» { $captain }:
story-ask_order_after_robin = 607.4.6: непобеждённые { $names } равны и по итогам кругового турнира. Кто из них занимает { $place }-е место?
story-robin_table = Стол { $table }: { $a } — { $b }
story-your_robin_game = Круговой турнир, стол { $table }: ваш соперник — { $opponent }. Ничья по договорённости запрещена (607.4.7).
story-robin_label = круговой турнир, стол { $table }
story-order_playing = Идёт круговой турнир: места расставит его итог.
story-standing_robin = , в круговом турнире { $points }
story-robin_head = 🔁 Круговой турнир:
story-robin_line = Стол { $table }: { $a } — { $b }: { $mark }
