# Царь горы (бильярд). Плейсхолдеры {name} экранируются ботом.

koth-no_tournament = Турнир «Царь горы» не найден.
koth-ask_name = 👑 Новый турнир «Царь горы». Название?
koth-bad_name = Название — от 1 до 60 символов.
koth-ask_fee = Вступительный взнос, ₽ (не меньше 2 500)?
koth-fee_too_low = Вступительный взнос — целое число рублей, не меньше 2 500 ₽.
koth-ask_table = Стол (номер или название)?
koth-join_button = ✋ Участвую
koth-registration_open = 👑 <b>Царь горы «{ $name }»</b>
    Вступительный взнос: { $fee } · стол: { $table }
    Регистрация открыта: кнопка ниже или <a href="{ $link }">ссылка</a>.
koth-joined = Вы в турнире «{ $name }».
koth-already_joined = Вы уже в турнире «{ $name }».
koth-joined_group = ✋ { $name } участвует.
koth-registration_closed = Регистрация на турнир закрыта.
koth-no_late_entry = Турнир уже начался: по регламенту «Царя горы» после старта новых участников не добавляют.
koth-no_rating = Нет бильярдного рейтинга: его назначает организатор (/add). Без рейтинга участвовать нельзя.
koth-full = В турнире уже 6 участников — это максимум.
koth-add_usage = Как добавить: ответьте /add на сообщение игрока или /add @ник [рейтинг], /add &lt;клубный номер&gt; [рейтинг]. Взнос в призовой фонд: /add fund &lt;сумма&gt;.
koth-add_unknown = Не знаю, кто это: { $who }. Ответьте /add на любое его сообщение в группе или попросите игрока написать мне /start в личные сообщения — тогда /add { $who } сработает.
koth-already_in = { $name } уже в турнире.
koth-added = Добавлено в турнир: { $name } (клубный номер { $club_id }).
koth-add_asked = { $name } не состоит в группе турнира: вопрос отправлен в личные сообщения, в турнир игрок попадёт после согласия.
koth-add_cannot_ask = { $name } не состоит в группе турнира, а личного чата с ботом у игрока нет: без согласия игрока записать нельзя. Пусть игрок сам напишет боту /start или вступит в группу.
koth-consent_ask = 🙋 Организатор записывает вас в турнир «Царь горы» «{ $tournament }» группы «{ $group }». Участвуете? Если нет — просто не нажимайте.
koth-consent_ask_rating = 🙋 Организатор записывает вас в турнир «Царь горы» «{ $tournament }» группы «{ $group }» со стартовым бильярдным рейтингом { $rating }. Участвуете? Если нет — просто не нажимайте.
koth-consent_not_asked = Этого приглашения нет: вас в этот турнир не звали.
koth-fund_usage = Взнос в призовой фонд: /add fund &lt;сумма в рублях&gt; [кто внёс].
koth-fund_added = Взнос { $amount } записан. Призовой фонд: { $fund }.
koth-nobody = В турнире пока нет участников.
koth-norms_title = <b>Нормы побед — «{ $name }»</b>
    Средний рейтинг: { $average }
koth-norms_line = { $name } (#{ $club_id }): рейтинг { $rating }, норма { $norm }
koth-norms_usage = Изменить норму: /norms &lt;клубный номер&gt; &lt;норма ≥ 1&gt;.
koth-norms_fixed = После начала турнира нормы не меняются.
koth-not_participant = Игрок #{ $club_id } не участвует в турнире.
koth-already_started = Турнир уже начался.
koth-draw_mismatch = Порядок: /draw &lt;клубные номера всех участников через пробел&gt;, каждый по одному разу.
koth-draw_line = { $seat }. { $name }
koth-drawn = 🎲 Очерёдность в турнире «{ $name }»:
    { $order }
koth-count = Нельзя начать: в «Царе горы» от 4 до 6 участников, сейчас { $count }.
koth-begun = 🏁 Турнир начался! Основное время — { $hours } ч.
    Очерёдность:
    { $order }
koth-first_pair = 🎱 Партия { $n }: { $a }{ $crown } — { $b }.
    Напоминание: сначала раскат — победитель раската выбирает, кто разбивает.
koth-pair = 🎱 Партия { $n }: { $a }{ $crown } — { $b }.
koth-i_won = Моя победа
koth-i_lost = Моё поражение
koth-you_play = 🎱 Ваша партия { $n }, соперник: { $opponent }. После игры нажмите кнопку.
koth-you_are_next = Следующая партия за столом — ваша: с победителем партии { $n } ({ $a } — { $b }).
koth-next_is = Следующая партия за столом — { $name }: с победителем партии { $n }.
koth-game_label = партия { $n }, «{ $name }»
koth-board_not_started = 👑 «{ $name }»: регистрация, { $count } { $count ->
        [one] участник
        [few] участника
       *[many] участников
    }.
koth-board_drawn = Очерёдность по жеребьёвке:
koth-board_registered = Записались (жеребьёвки ещё не было):
koth-board_registered_line = • { $name }
koth-board_title = 👑 <b>Царь горы — «{ $name }»</b>
koth-board_circle = {" "}· круг { $circle }
koth-board_time_left = {" "}· основное время до { $until } (осталось { $left })
koth-board_average = Средний рейтинг: { $average }
koth-board_table = Сейчас за столом: { $a }{ $crown } — { $b }
koth-board_next = Дальше: { $names }{ $end }
koth-board_circle_end = {" "}│ конец круга
koth-board_next_circle = Дальше: конец круга │ круг { $circle } открывает { $name }
koth-board_next_circle_open = Дальше: конец круга │ кто откроет следующий круг, решит эта партия
koth-board_winner = 🏆 Победитель: { $name }
koth-board_header = Игрок: побед / норма / остаток
koth-board_row = { $seat }. { $name }{ $crown }: { $wins } / { $norm } / { $remainder }
koth-board_leader = {"  "}← Лидер
koth-board_out = — вне борьбы: { $reason }
koth-board_left = {" "}(отказ от доп. игр)
koth-board_fund = Призовой фонд: { $fund }
koth-phase_main = Основное время
koth-phase_last_circle = ⏰ Последний круг
koth-phase_finished = Турнир завершён
koth-phase_extra_line = Дополнительные игры: { $name } догоняет Лидера (остаток { $remainder } → { $leader })
koth-phase_final_line = Финал: { $names }
koth-phase_mini_line = Мини-турнир на выбывание: { $names }
koth-reason_last_circle = поражение в последнем круге, остаток { $remainder } > { $leader }
koth-reason_extra_game_loss = поражение в дополнительной игре
koth-reason_knocked_out = поражение в финале
koth-reason_judge = решение судьи
koth-warning = ⏳ До конца основного времени { $minutes } { $minutes ->
        [one] минута
        [few] минуты
       *[many] минут
    } (в { $until }). Идущий круг { $circle } станет последним: проигрыши в нём, в том числе уже сыгранные, будут учтены при выбывании (регламент 6.4, 6.7).
koth-expired = ⏰ Основное время вышло. Последний круг, ещё в борьбе: { $players }.
    Вне борьбы:
    { $out }
koth-late_expired = основное время закончилось в { $due }
koth-late_bonus = проверка бонусов была назначена на { $due }
koth-nobody_out = пока никого
koth-out_line = • { $name } ({ $reason })
koth-eliminated_now = Вне борьбы:
    { $lines }
koth-stay_or_leave = Вы выбыли из борьбы за победу. Остаётесь на дополнительные игры?
koth-stay = Остаюсь
koth-leave = Ухожу
koth-staying = Хорошо, вы остаётесь.
koth-left = Записано: вы уходите.
koth-not_your_choice = Это решение другого игрока.
koth-extra_begin = ➕ Дополнительные игры. { $count ->
        [1] Лидер
       *[other] Лидеры
    }: { $leaders }. Догоняет: { $king }.
koth-final_begin = 🏁 Финал: { $names }.
koth-mini_begin = 🏁 Мини-турнир на выбывание, порядок: { $names }.
koth-winner = 🏆 Победитель — { $name } ({ $how }). Призовой фонд: { $fund }.
koth-decided_norm = норма { $norm } выполнена
koth-decided_sole_leader = единственный Лидер после последнего круга
koth-decided_final = победа в финале
koth-decided_mini_tournament = победа в мини-турнире
koth-decided_walkover = соперник снят судьёй
koth-decided_judge = решение судьи
koth-decided_last_leader_standing = единственный Лидер
koth-rating_changed = Турнир «{ $name }» завершён. Ваш рейтинг: { $old } → { $new } ({ $delta }).
koth-rating_changed_winner = 🏆 Вы выиграли «{ $name }»! Рейтинг: { $old } → { $new } ({ $delta }), плюс бонус +{ $bonus } до { $until } включительно.
koth-bonus_expired = Срок бонуса +{ $bonus } истёк. Ваш действующий рейтинг теперь { $rating }.
koth-not_running = Турнир не идёт.
koth-refused = Правила сейчас этого не позволяют.
koth-refused_main_time = Правила не позволяют: снять или вернуть игрока можно только с последнего круга.
koth-refused_at_table = Правила не позволяют: этот игрок сейчас за столом — отмените или исправьте ту партию (/void, /result).
koth-refused_already_eliminated = Этот игрок уже снят с борьбы.
koth-refused_not_finalist = Этот игрок не играет в финале.
koth-refused_final_set = Финал уже назначен: его участников изменить нельзя.
koth-refused_not_eliminated = Этот игрок не снят с борьбы — возвращать некого.
koth-refused_no_draws = В «Царе горы» ничьих нет.
koth-no_games = Ещё не сыграно ни одной партии.
koth-void_blocked = После этой партии уже были решения по игрокам: отмените их сначала.
koth-result_usage = Исправить последнюю партию: /result &lt;клубный номер победителя&gt; (один из двух игроков).
koth-usage_correct = Исправить последнюю партию: /result &lt;клубный номер победителя&gt;.
koth-usage_eliminate = Снять игрока с борьбы: /eliminate &lt;клубный номер&gt;.
koth-usage_reinstate = Вернуть игрока: /reinstate &lt;клубный номер&gt;.
koth-usage_declare = Объявить победителя: /finish &lt;клубный номер&gt;.
koth-done_void = Последняя партия отменена.
koth-done_correct = Результат последней партии исправлен.
koth-done_eliminate = Игрок снят с борьбы.
koth-done_reinstate = Игрок возвращён в борьбу.
koth-done_declare = Победитель объявлен.
koth-extend_usage = Продлить основное время: /extend &lt;минуты, 1–600&gt;.
koth-already_expired = Основное время уже вышло.
koth-extended = Основное время продлено на { $minutes } мин, до { $until }.
koth-log_title = <b>Журнал турнира «{ $name }»</b>
koth-log_line = { $at } · #{ $id } · { $who }: { $what }
koth-log_bot = бот
koth-log_begin = начало турнира
koth-log_game = победа: { $w } · соперник: { $l }
koth-log_expire = основное время вышло
koth-log_leave = отказ от дополнительных игр
koth-log_eliminate = { $p }: снятие с борьбы
koth-log_reinstate = { $p }: возвращение в борьбу
koth-log_declare = победитель объявлен: { $p }
koth-log_void = партия #{ $target } отменена
koth-log_correct = партия #{ $target } исправлена — победа: { $w } · соперник: { $l }
koth-log_extend = время продлено на { $minutes } мин
koth-log_judge_decision = решение судьи по спору
koth-log_contribution = взнос в призовой фонд: { $amount }
koth-log_contribution_note = взнос в призовой фонд: { $amount } ({ $note })
koth-log_audit = Действий организаторов и судей в журнале: { $count }.
koth-cancel_ask = Отменить турнир «{ $name }»? Это нельзя вернуть.
koth-cancel_yes = Да, отменить турнир
koth-cancel_no = Нет
koth-cancel_done = Турнир отменён.
koth-cancel_kept = Турнир продолжается.
koth-cancel_closed = Турнир уже завершён или отменён.
koth-cancelled = ❌ Турнир «{ $name }» отменён организатором.
koth-board_cancelled = ❌ Турнир отменён.
koth-log_cancel = турнир отменён
koth-chosen = ✅ { $label }
koth-stay_too_late = Поздно: очередь вашей дополнительной игры уже прошла, выбор «Ухожу» остаётся.
koth-log_stay = остаётся на дополнительные игры
koth-table_pending = ⏳ { $reporter } сообщает: победа — { $winner }. Ждём подтверждения: { $confirmer }.
koth-table_disputed = ⚖️ Результат оспорен: решает судья.
koth-final_why_level = Почему финал: остатки сравнялись — { $w }: { $remainder }, Лидер ({ $leaders }): { $leader }.
koth-final_why_lost = Почему финал: { $w } — поражение в дополнительной игре и выбывание; победу разыгрывают Лидеры.
koth-your_norm = 🏁 Турнир «{ $name }» начался. Ваша норма побед: { $norm } (ваш рейтинг { $rating }, средний { $average }). Ваше место в очерёдности: { $seat }.
koth-unrated = Рейтинги не изменились и бонуса нет: турнир прошёл не в группе клуба, и все результаты внёс организатор — ни один игрок не подтвердил ни одного результата.
koth-ratings_title = Рейтинг после турнира:
koth-rating_line = { $name }: { $old } → { $new } ({ $delta })
koth-rating_line_unrated = { $name }: без изменений — нет ни одного подтверждённого результата
koth-rating_line_winner = { $name }: { $old } → { $new } ({ $delta }), и бонус +{ $bonus }
koth-rating_asked = У вас ещё нет бильярдного рейтинга. Запрос стартового рейтинга отправлен организаторам: как только его назначат, вы в турнире «{ $name }» — я напишу.
koth-rating_wanted = 🙋 { $name } хочет участвовать в турнире «{ $tournament }», но бильярдного рейтинга пока нет.
    Организатор, выберите стартовый рейтинг кнопкой или напишите /add { $club_id } &lt;рейтинг&gt;.
koth-rating_set = ✅ { $name }: стартовый рейтинг { $rating }, в турнире.
koth-rating_set_short = Рейтинг { $rating } назначен.
koth-rating_already = Рейтинг уже назначен: { $name }.
koth-rating_given = Ваш стартовый бильярдный рейтинг: { $rating }. Вы в турнире «{ $name }».
koth-register_first_press = Сначала зарегистрируйтесь в клубе — открываю регистрацию. Потом снова нажмите «✋ Участвую».
koth-register_first = Чтобы участвовать, сначала зарегистрируйтесь в клубе: { $link }
    Потом снова нажмите «✋ Участвую» (или /join).
koth-final_why_level_many = Почему финал: остатки сравнялись — { $w }: { $remainder }, Лидеры ({ $leaders }): { $leader }.
koth-board_stays = {" "}(остаётся на доп. игры)
