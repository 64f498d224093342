# Командные турниры (604 Командный силед; 610 дуэльные наборы)
tournament-kind_teams = 🤝 Берсерк: командный турнир
help-teams = <b>Командный турнир</b>: /add &lt;игрок&gt; &lt;игрок&gt; &lt;название&gt; — записать команду (после начала — поздняя заявка со следующего тура); /drop &lt;название&gt; — снять команду (до начала) или вывести её; /result &lt;тур&gt; &lt;стол&gt; 1|2|d a|b|ta|tb|draw|dl [причина] — результат любой партии любого тура (d — решающая); /penalty — штраф (поражение по штрафу проигрывает партию); /swap &lt;стол&gt; &lt;стол&gt; — обменять соперников двух столов; /extend &lt;минуты&gt; — продлить тур; /draft, /deckbuilding — часы драфта; /decks — дэк-листы; /next_round — следующий тур
menu-team = Заявить команду (командный турнир)

teams-no_tournament = Командного турнира нет.
teams-not_registration = Регистрация уже закрыта.
teams-not_running = Турнир не идёт.
teams-wiz_name = 🤝 Командный турнир по Берсерку (команды по двое). Пришлите название.
teams-wiz_name_bad = Название — от 1 до { $max } символов.
teams-wiz_fmt = Формат?
teams-wiz_fmt_team_sealed = Командный силед (604)
teams-wiz_fmt_team_draft = Командный драфт (604)
teams-wiz_fmt_duel_sets = Дуэльные наборы (610)
teams-wiz_score = Как считать тур?
teams-wiz_score_by_match = По матчу: 3 / 1 / 0, решающая партия (604.3)
teams-wiz_score_by_sum = По сумме очков партий, до 6 (604.3.1)
teams-wiz_score_duel = 3 за победу, 1 за ничью (610.5)
teams-wiz_rounds = Сколько туров? (авто — по числу команд: 4 → 3, 5–31 → 5, 32+ → 7)
teams-wiz_rounds_auto = Авто
teams-wiz_rounds_3 = 3
teams-wiz_rounds_4 = 4
teams-wiz_rounds_5 = 5
teams-wiz_rounds_6 = 6
teams-wiz_rounds_7 = 7
teams-wiz_time = Минут на тур?
teams-wiz_time_50 = 50
teams-wiz_time_60 = 60
teams-wiz_time_70 = 70
teams-wiz_time_80 = 80
teams-wiz_time_90 = 90
teams-rounds_auto = по числу команд
teams-created = 🤝 Командный турнир #{ $id } «{ $name }»: { $format }; { $scoring }. Туров: { $rounds }, { $minutes } мин на тур.
    Команда заявляется так: /team @напарник Название команды (или ответом напарнику: /team Название). Напарник подтверждает кнопкой.
teams-team_usage = Так: /team @напарник Название команды — или ответом на сообщение напарника: /team Название команды.
teams-add_usage = Так: /add @игрок1 @игрок2 Название команды (или клубные номера).
teams-join_how = В командный турнир заявляются командой: /team @напарник Название команды.
teams-partner_self = Напарник — другой игрок.
teams-name_bad = Название команды — от 1 до { $max } символов.
teams-name_taken = Команда «{ $team }» уже есть: выберите другое название.
teams-already_in_team = { $name } уже в команде «{ $team }».
teams-offer_sent = Ждём подтверждения: { $partner } — команда «{ $team }».
teams-offer_ask = 🤝 Приглашение в команду «{ $team }» турнира «{ $tournament }» от игрока: { $name }. Играете вместе?
teams-btn_accept = ✅ Играем
teams-btn_decline = ❌ Нет
teams-offer_joined = ✅ Команда в турнире.
teams-offer_declined = Приглашение отклонено.
teams-offer_gone = Это приглашение уже неактуально.
teams-offer_not_yours = Это приглашение не вам.
teams-team_in = ✅ Команда «{ $team }» в турнире: { $first }, { $second }.
teams-too_few = Нужно хотя бы { $needed } команды, сейчас { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[many] { $count } команд
}.
teams-cannot_pair = Следующий тур не составить: все допустимые пары уже сыграли.
teams-round_open = Тур ещё идёт: столы { $tables }.
teams-result_usage = Так: /result &lt;тур&gt; &lt;стол&gt; 1|2|d a|b|ta|tb|na|nb|nn|draw|dl [причина] (a — игрок первой команды стола; na/nb — этот игрок не явился, nn — не явились оба; d — решающая партия).
teams-result_done = Записано.
teams-no_such_game = Такой партии нет.
teams-cancelled = Турнир «{ $name }» отменён.

teams-your_game = Тур { $round }: стол { $table }, доска { $board }, соперник — { $opponent } (ваша команда «{ $team }» против «{ $other }»). Удачи!
teams-your_bye = Тур { $round }: ваша команда отдыхает — победа без игры.
teams-deciding_ask = ⚔️ Решающая партия (тур { $round }, стол { $table }), соперник — { $opponent }. Её победитель приносит команде матч.
teams-deciding_group = ⚔️ Стол { $table }: счёт равный — решающая партия { $a } — { $b }.
teams-round_complete = ✅ Тур { $round } завершён.
teams-next_round = Следующий тур: /next_round
teams-next_finish = Это был последний тур: /next_round — итоги.
teams-btn_won = Моя победа
teams-btn_lost = Моё поражение
teams-btn_draw = Ничья
teams-label = стол { $table }, доска { $board }, тур { $round }
teams-label_deciding = стол { $table }, решающая партия, тур { $round }

teams-no_round_yet = «{ $name }»: туров ещё не было.
teams-board_title = 🤝 «{ $name }» — тур { $round } из { $rounds }
teams-match_line = Стол { $table }  «{ $a }» — «{ $b }»{ $score }
teams-match_score = { " " }→ { $a }:{ $b }
teams-board_n = { $board })
teams-board_deciding = ⚔️
teams-game_line = { "  " }{ $board } { $a } — { $b }: { $mark }
teams-mark_waiting = ⏳ ждёт подтверждения
teams-mark_playing = …
teams-bye_line = Отдыхает: «{ $team }» (победа)
teams-standings_title = «{ $name }»: положение после { $rounds ->
    [one] { $rounds } тура
    [few] { $rounds } туров
   *[many] { $rounds } туров
}
teams-standings_line = { $place }. «{ $team }» ({ $members }) — { $points }, Бухгольц { $buchholz }, партии { $games }{ $dropped }
teams-teams_title = «{ $name }»: { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[many] { $count } команд
}
teams-team_line = «{ $team }»: { $members }
teams-log_title = Журнал «{ $name }»
teams-log_round = Тур { $round }
teams-log_match = Стол { $table }  «{ $a }» — «{ $b }»: { $outcome }
teams-finished = 🏁 Турнир «{ $name }» завершён.
teams-winner = 🏆 Победила команда «{ $team }».
teams-rating_title = Рейтинг:
teams-rating_line = { $name }: { $delta }
teams-dropped_mark = , выбыла
teams-outcome_win = победа первой
teams-outcome_loss = победа второй
teams-outcome_draw = ничья
teams-outcome_open = идёт
teams-wiz_decks = Колоды дуэльных наборов — через запятую, от 2 до { $max }: например, «слуа, вампиры».
teams-wiz_decks_bad = Нужно от 2 до { $max } разных колод через запятую, название — до { $length } символов.
teams-created_decks = Колоды: { $decks }. Каждый игрок выбирает свою кнопкой при заявке команды.
teams-offer_ask_deck = 🤝 Приглашение в команду «{ $team }» турнира «{ $tournament }» от игрока: { $name }. Играете вместе? Выберите свою колоду.
teams-deck_ask = 🤝 Команда «{ $team }»: какой колодой играете?
teams-btn_deck = Играю: { $deck }
teams-offer_waiting = Выбор записан: ждём напарника.
teams-add_usage_duel = Так: /add @игрок1 @игрок2 &lt;колода1&gt; &lt;колода2&gt; Название команды — колоды по номерам: { $decks }.
teams-decks_line = Ваша колода — «{ $mine }», соперник играет «{ $theirs }».
teams-mirror_left = ⚠️ Тур { $round }, стол { $table }: без зеркальной партии пару не составить (610.4) — судья может обменять соперников двух столов: /swap &lt;стол&gt; &lt;стол&gt;.
teams-drop_not_in = { $name } не играет в этом турнире.
teams-drop_already = Команда «{ $team }» уже вышла из турнира.
teams-drop_dropped = Команда «{ $team }» выходит из турнира: результаты сохраняются, со следующего тура пары не будет.
teams-your_place = 🏁 «{ $name }»: ваше место — { $place } из { $count }, команда «{ $team }».
teams-your_rating = Рейтинг: { $delta }, теперь { $rating }.
teams-export_title = Турнир «{ $name }»: места команд и игроки
teams-standings_none = «{ $name }»: ни один тур ещё не завершён — положения пока нет.
teams-pending_none = Тур { $round }: все результаты есть.
teams-pending_title = Тур { $round }: без результата { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}
teams-pending_table = Стол { $table }:
teams-board_until = { " " }· до { $time }
teams-time_up = ⏰ Время тура { $round } вышло. Доигрывают столы { $tables }: результаты — кнопками, спорное решает судья.
teams-begun = 🤝 «{ $name }»: регистрация закрыта. 🎲 Жребий тура 1: { $seed } (перетасовка команд по этому числу — проверить может каждый).
teams-begun_sealed = Вскрывайте продукт силеда: пул у команды общий. Каждый пришлёт боту в личку /deck — весь пул команды, свои карты в колоде, остальные в неиспользованных. Тур 1 судья разводит командой /next_round.
teams-begun_draft = Дальше драфт (/draft — часы драфта) и сборка колод, дэк-лист — /deck в личке. Тур 1 судья разводит командой /next_round.
teams-seating_table = 🪑 Стол драфта { $table } ({ $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
  }); напарники не сидят рядом:
teams-draft_running = Идёт драфт: бустеры ещё разбирают (/draft — часы драфта). Тур 1 — когда бустеры разобраны.
teams-wiz_boost = Бустеры на драфт каждому игроку (601.4, сначала 12-карточные): из них собирается колода по таблице 3.
teams-created_boosters = Бустеры на драфт: { $plan }. Напарники сидят за одним столом драфта, но не рядом.
teams-offer_asked = ✅ Команда собрана. Турнир уже идёт: организатор решит, допустить ли её со следующего тура.
teams-late_ask = 🤝 Поздняя заявка: команда «{ $team }» ({ $first }, { $second }). Допустить со следующего тура? Пропущенные туры — без очков.
teams-btn_late_yes = ✅ Допустить
teams-btn_late_no = ❌ Отказать
teams-late_in = ✅ Команда допущена: играет со следующего тура.
teams-late_refused = Поздняя заявка отклонена.
teams-late_gone = Эта заявка уже неактуальна.
teams-penalty_done_warned = Предупреждение записано: { $name }.
teams-penalty_lost = ⚖️ { $name }: поражение по штрафу — тур { $round }, стол { $table }, доска { $board }.
teams-penalty_done_no_game = Штраф записан: { $name }. Открытой партии у игрока нет — поражение не засчитано.
teams-penalty_done_dq = Дисквалификация: { $name }. Команда игрока выбывает из турнира.
teams-swap_usage = Так: /swap &lt;стол&gt; &lt;стол&gt; — команды второго места этих столов меняются соперниками (пока за ними не играли).
teams-swap_done = Соперники столов { $table } и { $other } обменяны: игроки получили новые партии.
teams-swap_played = За этими столами уже играют (есть результат или заявка): соперников не поменять.
teams-swap_rematch = Так команды встретились бы второй раз: обмен не сделан.
teams-no_round = Сейчас нет идущего тура.
teams-extend_usage = Так: /extend &lt;минуты&gt; — от 1 до { $max }.
teams-extend_done = Тур продлён до { $time }.
teams-extended = ⏱ Тур { $round } продлён на { $minutes } мин — до { $time }.
teams-drop_removed = Команда «{ $team }» снята с турнира.
teams-no_team = Команды «{ $team }» в турнире нет.
teams-not_playing = Этот игрок не играет в турнире.
teams-penalty_done_lost = Поражение по штрафу записано: { $name } — партия игрока в этом туре проиграна.
teams-wiz_top = Топ команд после туров швейцарки? (выбывание: 1-й против последнего, …)
teams-wiz_top_0 = Без топа
teams-wiz_top_2 = Финал двух
teams-wiz_top_4 = Топ-4
teams-wiz_top_8 = Топ-8
teams-created_top = Топ { $count } команд после туров (на выбывание; ничейный матч топа проходит выше посеянная команда).
teams-board_title_top = 🏆 «{ $name }» — { $teams ->
    [2] финал
    [4] полуфиналы
   *[other] четвертьфиналы
  }
teams-top_title = 🏆 Топ ({ $count } { $count ->
    [one] команда
    [few] команды
   *[many] команд
  }):
teams-top_place = { $place }. «{ $team }» ({ $members })
teams-late_draft = Командный драфт уже идёт: столы рассажены, поздняя заявка невозможна — команде не из чего собрать колоды.
teams-late_top = Туры швейцарки сыграны, идёт топ: поздняя заявка невозможна.

# /why: почему у команды такая пара (bot.teams.why)
teams-why_title = 🤔 «{ $tournament }», тур { $round }: почему «{ $team }» играет с «{ $opponent }»
teams-why_drawn = Первый тур — жеребьёвка (по зерну турнира): очков поровну у всех команд.
teams-why_groups = Группы по результатам: ваша команда — { $my_group } ({ $size } { $size ->
        [one] команда
        [few] команды
       *[many] команд
    } в туре), соперники — { $their_group } ({ $their_size }).
teams-why_floated_me = Ваша команда перешла в группу ниже.
teams-why_floated_opponent = Команда соперников перешла к вам из группы выше.
teams-why_only_legal = Любая другая рассадка тура повторила бы уже сыгранный матч команд: этот — единственный оставшийся.
teams-why_tie = Другие рассадки стоили бы столько же; решил порядок в таблице (в группе верхняя половина играет с нижней, а вниз переходит самая низкая в таблице команда из тех, что могут).
teams-why_floats = Без этого матча вне своей группы играли бы { $without } { $without ->
        [one] команда
        [few] команды
       *[many] команд
    } вместо { $floats }.
teams-why_squares = Без этого матча вне групп играло бы столько же команд, но разрывы в очках были бы больше.
teams-why_avoided = Уже сыгранные матчи не повторяются: { $names }.
teams-why_named = «{ $team }»
teams-why_mirrors = Разведены, чтобы не было зеркальной партии (610.4): { $names }.
teams-why_bye_rank = 🛌 «{ $tournament }», тур { $round }: у вашей команды автопобеда. Она достаётся самой низкой в таблице команде, у которой её ещё не было, если остальных тогда можно рассадить без повторных встреч.
teams-why_bye_rating = 🛌 «{ $tournament }», тур { $round }: у вашей команды автопобеда. В выпуске дуэльных наборов она достаётся команде с самым низким рейтингом из тех, у кого её ещё не было (610.6), если остальных тогда можно рассадить без повторных встреч.
teams-why_bye_second = Ни одна команда без автопобеды не подошла: у вашей она вторая.
teams-why_bye_had = «{ $name }» — ниже вашей команды, но автопобеда уже была.
teams-why_bye_blocked = «{ $name }» — при этой автопобеде остальных не рассадить без повторной встречи.
teams-why_no_team = «{ $tournament }»: вы не состоите ни в одной команде турнира.
teams-why_no_round = «{ $tournament }»: ни один тур ещё не рассажен.
teams-why_not_paired = «{ $tournament }»: у вашей команды нет матча в туре { $round } (она вступила после рассадки или выбыла).
