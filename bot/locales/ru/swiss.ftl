# /result [тур] <стол> <результат> [счёт] [причина] (bot/swiss/corrections.py)

swiss-label = стол { $table }, тур { $round }
swiss-no_top = нет
swiss-auto = авто
swiss-status_open = …
swiss-status_pending = ⏳ ждёт подтверждения
swiss-status_done = ✅ { $result }
swiss-board_title = <b>{ $name }</b> · Тур { $round } из { $total } · до { $ends }
swiss-board_top_title = <b>{ $name }</b> · { $round } · до { $ends }
swiss-board_line = Стол { $table }  { $a } ({ $pa }) — { $b } ({ $pb })  { $status }
swiss-board_bye = Автопобеда: { $name }
swiss-your_table = { $round }: стол { $table }, соперник — { $opponent } ({ $points }). Удачи! Результат — кнопками.
swiss-your_table_top = { $round }, стол { $table }, соперник — { $opponent }. Удачи! Результат — кнопками.
swiss-your_bye = Тур { $round }: у вас автопобеда (2,9 очка).
swiss-btn_won = Моя победа
swiss-btn_lost = Моё поражение
swiss-btn_draw = Ничья
swiss-btn_join = ✋ Участвую
swiss-round_complete = ✅ { $round } — все результаты внесены.
swiss-next_swiss_round = Судья начинает следующий тур командой /next_round.
swiss-next_top = Швейцарка сыграна, дальше — ТОП (игроков: { $size }): судья начинает его командой /next_round.
swiss-next_finish = Швейцарка сыграна, ТОПа нет: судья подводит итоги командой /next_round.
swiss-next_top_stage = Судья начинает { $stage } командой /next_round.
swiss-finished = 🏁 Турнир «{ $name }» завершён.
swiss-winner = 🏆 Победитель — { $name }
swiss-unrated = Рейтинги не изменились: турнир прошёл не в группе клуба, и все результаты внёс организатор — ни один игрок не подтвердил ни одного результата.
swiss-unrated_private = Турнир «{ $name }» завершён. Рейтинги он не изменил.
swiss-rating_title = <b>Изменения рейтинга ({ $discipline }, базовый K = { $k })</b>
swiss-rating_line = { $name }: { $delta }
swiss-rating_line_unrated = { $name }: без изменений — нет ни одного подтверждённого результата
swiss-rating_private = Турнир «{ $name }» завершён. Ваш рейтинг ({ $discipline }) изменился на { $delta }: теперь { $rating }.
swiss-tb_bh = Бухгольц
swiss-tb_mbh = Усечённый Бухгольц
swiss-tb_cw = Победы
swiss-tb_h2h = Личная встреча
swiss-tb_sb = Зоннеборн-Бергер
swiss-tb_omw = OMW%
swiss-tb_gw = GW%
swiss-tb_ogw = OGW%
swiss-standings_title = <b>Итоги после { $rounds } { $rounds ->
        [one] тура
       *[other] туров
    }</b>
    # Игрок — очки · { $tie_breaks }
swiss-standings_line = { $rank }. { $name }{ $mark } — { $points } · { $values }
swiss-standings_cut = … и ещё { $count } — вся таблица: /standings { $id } в личном чате со мной или на веб-табло (/board).
swiss-standings_none = Итогов ещё нет: таблица появится, когда будут внесены все результаты первого тура.
swiss-dropped_mark = {" "}(выход из турнира)
swiss-not_in_registration = Турнир уже начался.
swiss-too_few = Слишком мало игроков: { $count }, нужно не меньше { $need }.
swiss-not_running = Турнир не идёт.
swiss-repair_too_late = Пересобрать пары можно, только пока в туре нет ни одного результата.
swiss-round_open = Тур не завершён: { $count ->
        [1] нет окончательного результата на столе { $tables }. Внесите его
       *[other] нет окончательного результата на столах { $tables }. Внесите их
    } командой /result &lt;стол&gt; &lt;{ $codes }&gt; или дождитесь игроков.
swiss-round_open_match = Тур не завершён: { $count ->
        [1] нет окончательного результата на столе { $tables }. Внесите его
       *[other] нет окончательного результата на столах { $tables }. Внесите их
    } командой /result &lt;стол&gt; &lt;{ $codes }&gt; &lt;счёт&gt; (победа — 2:0 или 2:1) или дождитесь игроков.
swiss-no_legal_pairing = ⚠️ Тур { $round } нельзя составить без повторной встречи: любая рассадка повторяет сыгранную пару. Судья, решите, как продолжить: /top — закончить швейцарские туры и начать ТОП, /finish — завершить турнир, или снимите либо добавьте игрока.
swiss-no_such_table = В этом туре нет стола { $table }.
swiss-result_usage = Формат: /result [тур] &lt;стол&gt; &lt;a|b|ta|tb|na|nb|nn|draw|dl&gt; [причина]. a — выиграл первый игрок стола, b — второй, ta/tb — техническая победа, na/nb — этот игрок не явился (техническая победа соперника), nn — не явились оба, draw — ничья, dl — обоим техническое поражение. Без номера тура — текущий тур. Пример: /result 1 3 b ошибка в отчёте
swiss-result_recorded = ⚖️ Результат внесён ({ $game }): { $claim }.
swiss-result_usage_match = Формат: /result [тур] &lt;стол&gt; &lt;a|b|ta|tb|na|nb|nn|draw|dl&gt; [счёт] [причина]. a — выиграл первый игрок стола, b — второй (счёт 2:0 или 2:1), ta/tb — техническая победа, na/nb — этот игрок не явился (техническая победа соперника), nn — не явились оба, draw — ничья (1:1 или 0:0), dl — обоим техническое поражение. Без номера тура — текущий тур. Пример: /result 1 3 b 2:1 ошибка в отчёте
swiss-result_needs_score = Результат матча вносится со счётом: { $command } 2:0 или { $command } 2:1.
swiss-result_usage_top = Формат: /result [тур] &lt;стол&gt; &lt;a|b|ta|tb&gt; [счёт] [причина]. В ТОПе нет ничьих: a — выиграл первый игрок стола, b — второй, ta/tb — техническая победа; в матче до двух побед — со счётом 2:0 или 2:1.
swiss-result_recorded_corrected = ⚖️ Результат исправлен ({ $game }): { $claim }. Было: { $before }.
swiss-result_told = ⚖️ Результат вашей партии ({ $game }) внесён судьёй: { $claim }.
swiss-result_told_corrected = ⚖️ Результат вашей партии ({ $game }) исправлен судьёй: { $claim }. Было: { $before }.
swiss-result_reason = Причина: { $reason }
swiss-result_later_rounds = Пары уже составленных туров остаются; таблица, дополнительные показатели и пары следующих туров считаются с исправленным результатом.
swiss-result_no_round = Тура { $round } в этом турнире ещё не было.
swiss-result_no_round_table = В туре { $round } нет стола { $table }.
swiss-result_top_needs_winner = В ТОПе нет ничьих: у матча должен быть победитель.
swiss-result_top_moved_on = Следующий тур ТОПа уже составлен: победителя матча на столе { $table } (тур { $round }) изменить нельзя, только счёт.
swiss-ten_minutes = ⏰ { $round }: осталось 10 минут.
swiss-time_swiss = ⏰ { $round }: время! { $count ->
        [1] Стол
       *[other] Столы
    } { $tables }: игрок, чей ход, заканчивает его, затем ещё два цикла. Если победитель не выявлен — ничья.
swiss-time_top_more_life_wins = ⏰ { $round } — время! { $count ->
        [1] Стол
       *[other] Столы
    } { $tables }: игрок, чей ход, заканчивает его, затем ещё два цикла. Если победитель не выявлен — побеждает герой с большим количеством жизней; при равных жизнях игра продолжается, пока у одного из героев жизней не станет больше.
swiss-time_top_play_to_result = ⏰ { $round } — время! { $count ->
        [1] Стол
       *[other] Столы
    } { $tables }: игрок, чей ход, заканчивает его, затем ещё два цикла. В ТОПе ничьих нет: если победитель не выявлен, партия доигрывается до результата.
swiss-table_time_swiss = ⏰ { $round }, стол { $table }: дополнительное время вышло. Закончите ход, затем ещё два цикла; не выявлен победитель — ничья.
swiss-table_time_top_more_life_wins = ⏰ { $round }, стол { $table }: дополнительное время вышло. Закончите ход, затем ещё два цикла; иначе побеждает герой с большим количеством жизней, при равных жизнях игра продолжается.
swiss-table_time_top_play_to_result = ⏰ { $round }, стол { $table }: дополнительное время вышло. Закончите ход, затем ещё два цикла; ничьих в ТОПе нет — партия доигрывается до результата.
swiss-late_time = время тура закончилось в { $due }
swiss-late_table_time = дополнительное время стола { $table } закончилось в { $due }
swiss-extend_usage = Формат: /extend &lt;минуты&gt; — для тура, /extend &lt;стол&gt; &lt;минуты&gt; — для одного стола.
swiss-extended_round = ⏱ Туру добавлено { $minutes } мин: до { $until }.
swiss-extended_table = ⏱ Столу { $table } добавлено { $minutes } мин: до { $until }.
swiss-no_round_yet = Пары ещё не составлены.
swiss-export_title = <b>{ $name }</b>: итоги и результаты (CSV)
swiss-export_where = Выгрузку турнира пришлю только в его чат или вам в личный чат со мной.
swiss-wiz_name = 🃏 Турнир по Берсерку (швейцарка + ТОП). Пришлите название.
swiss-wiz_answer = { $what }: { $answer }
swiss-wiz_said_name = Название
swiss-wiz_said_fmt = Формат
swiss-wiz_said_sub = Подформат
swiss-wiz_said_strict = Уровень строгости
swiss-wiz_said_rounds = Туров швейцарки
swiss-wiz_said_top = ТОП
swiss-wiz_said_time = Время тура, минут
swiss-wiz_said_tb = Дополнительные показатели
swiss-wiz_said_game = Игра
swiss-wiz_said_k = Базовый K
swiss-wiz_said_kind = Вид турнира
swiss-wiz_said_auto = Туров с автопобедой
swiss-wiz_said_boosters = Бустеры на драфт
swiss-wiz_said_drafts = Туров с драфтом
swiss-wiz_said_product = Что открывает игрок
swiss-wiz_said_unify = Турнир героев
swiss-wiz_name_bad = Название — от 1 до { $max } символов.
swiss-wiz_fmt = Формат?
swiss-wiz_fmt_constructed = Констрактед
swiss-wiz_fmt_constructed_bo3 = Констрактед, матч до двух побед (Bo3)
swiss-wiz_strict = Уровень строгости?
swiss-wiz_strict_amateur = Любительский (без дэк-листов)
swiss-wiz_strict_professional = Профессиональный (дэк-листы по желанию)
swiss-wiz_strict_highest = Высший (дэк-листы обязательны)
swiss-wiz_rounds = Сколько швейцарских туров? (авто — по числу игроков)
swiss-wiz_rounds_auto = Авто
swiss-wiz_rounds_3 = 3
swiss-wiz_rounds_4 = 4
swiss-wiz_rounds_5 = 5
swiss-wiz_rounds_6 = 6
swiss-wiz_rounds_7 = 7
swiss-wiz_top = Размер ТОПа? (авто — по числу игроков: 4–5 — финал двух лучших, 6–16 — ТОП-4, 17–64 — ТОП-8, больше — ТОП-16; больше числа игроков нельзя, это проверит /begin)
swiss-wiz_top_auto = Авто
swiss-wiz_top_0 = Без ТОПа
swiss-wiz_top_2 = 2
swiss-wiz_top_4 = 4
swiss-wiz_top_8 = 8
swiss-wiz_top_16 = 16
swiss-wiz_time = Время тура, минут?
swiss-wiz_time_30 = 30
swiss-wiz_time_40 = 40
swiss-wiz_time_50 = 50
swiss-wiz_time_60 = 60
swiss-wiz_tb = Дополнительные показатели?
swiss-wiz_tb_default = Бухгольц, усечённый Бухгольц, победы, личная встреча
swiss-wiz_tb_mtg = OMW%, GW%, OGW%
swiss-wiz_tb_sb = Бухгольц, Зоннеборн-Бергер, победы, личная встреча
swiss-created = 🃏 Турнир #{ $id } «{ $name }»: { $format }, { $strictness }. Туров: { $rounds }, ТОП: { $top }, { $minutes } мин на тур. { $match }.
    Игра: { $game } · базовый K = { $k } · { $kind }.
    Регистрация открыта: кнопка ниже, /join или { $link }
swiss-join_joined = { $name }, вы в турнире.
swiss-join_already = { $name }, вы уже зарегистрированы.
swiss-join_late = { $name } вступает в турнир с 0 очков со следующего тура.
swiss-join_closed = Регистрация закрыта.
swiss-consent_ask = 🙋 Организатор записывает вас в турнир «{ $tournament }» группы «{ $group }». Участвуете? Если нет — просто не нажимайте.
swiss-join_asked = { $name } нет в группе турнира: вопрос отправлен, участие — после согласия игрока.
swiss-join_cannot_ask = { $name } нет в группе турнира, и чат с ботом не открыт: без согласия игрока записать нельзя. Игроку нужно написать боту /start или вступить в группу.
swiss-join_not_asked = Этого приглашения нет: вас в этот турнир не звали.
swiss-drop_left = Регистрация отменена: { $name }.
swiss-drop_dropped = Выход из турнира: { $name }. Результаты сохраняются, со следующего тура пары не будет.
swiss-drop_not_in = { $name } не играет в этом турнире.
swiss-add_usage = Ответьте /add на сообщение игрока, или /add @username, или /add &lt;клубный номер&gt;. Во время турнира можно добавить, как считать пропущенные туры: zero (0 очков), loss (техпоражения), bye (автопобеды).
swiss-roster = Игроки ({ $count }): { $names }
swiss-round_name = Тур { $round }
swiss-top_name = ТОП: { $stage }
swiss-label_top = стол { $table }, { $round }
swiss-stage_final = финал
swiss-stage_semi_final = полуфинал
swiss-stage_quarter_final = четвертьфинал
swiss-stage_eighth_final = 1/8 финала
swiss-stage_top_round = раунд на выбывание
swiss-score_hint = Счёт матча — ваши победы первыми.
swiss-finished_early = 🏁 Турнир «{ $name }» завершён досрочно организатором: итоги и рейтинг — по сыгранному.
swiss-cancelled = 🚫 Турнир «{ $name }» отменён организатором. Рейтинг не меняется.
swiss-not_open = Турнир уже завершён или отменён.
swiss-confirm_finish = Завершить турнир «{ $name }» досрочно? Итоги и рейтинг будут посчитаны по уже внесённым результатам; незаконченные столы не учитываются.
swiss-confirm_cancel = Отменить турнир «{ $name }»? Результаты не войдут в рейтинг, таймеры будут остановлены.
swiss-finish_in_registration = Турнир ещё не начался — завершать нечего. Отменить его: /cancel.
swiss-btn_finish_yes = 🏁 Да, завершить
swiss-btn_cancel_yes = 🚫 Да, отменить
swiss-btn_keep = Нет
swiss-kept = Турнир продолжается.
swiss-join_late_loss = { $name } вступает в турнир со следующего тура; пропущенные туры — технические поражения.
swiss-join_late_bye = { $name } вступает в турнир со следующего тура; пропущенные туры — автопобеды.
swiss-match_1 = Матч — одна партия
swiss-match_3 = Матч — до двух побед
swiss-entry_requested = Турнир уже идёт: вступить можно только с согласия организатора. Заявка отправлена, о решении я сообщу.
swiss-entry_asked_before = Ваша заявка уже у организатора. О решении я сообщу.
swiss-entry_request = ✋ Заявка на участие в идущем турнире «{ $tournament }»: { $name }. Вступление — со следующего тура.
swiss-btn_entry_yes = ✅ Принять
swiss-btn_entry_no = ❌ Отклонить
swiss-entry_request_held = ✋ Заявка на участие в турнире «{ $tournament }»: { $name }. Нужно одобрение организатора.
swiss-entry_held = Запись на этот турнир — с согласия организатора. Заявка отправлена, о решении я сообщу.
swiss-entry_accepted_joined = ✅ Заявка принята организатором: вы в списке турнира «{ $tournament }».
swiss-entry_accepted_note = Заявка принята: { $name }.
swiss-entry_declined_note = Заявка отклонена: { $name }.
swiss-join_already_other = { $name } уже в турнире.
swiss-entry_accepted = ✅ Заявка принята организатором: вы играете в турнире «{ $tournament }» со следующего тура.
swiss-entry_declined = Заявка на участие в турнире «{ $tournament }» отклонена организатором.
swiss-entry_closed = Вступить в турнир «{ $tournament }» уже нельзя: он закрыт для новых участников.
swiss-places_title = <b>Итоговые места</b>: ТОП, затем швейцарка ({ $rounds } тур.)
    # Игрок — очки швейцарки · { $tie_breaks }
swiss-places_live_title = <b>Места: идёт ТОП</b> (швейцарка — { $rounds } тур.)
    # Игрок — очки швейцарки · { $tie_breaks }
swiss-your_place = Ваше место — { $place } из { $count }.
swiss-top_short = ⚠️ В ТОП нужно { $wanted } { $wanted ->
        [one] игрок
        [few] игрока
       *[many] игроков
    }, а в турнире осталось игроков: { $eligible }. Сыграть ТОП на { $fits } или завершить турнир по итогам швейцарки?
swiss-top_short_none = ⚠️ В ТОП нужно { $wanted } { $wanted ->
        [one] игрок
        [few] игрока
       *[many] игроков
    }, а в турнире осталось игроков: { $eligible } — ТОП не собрать. Завершить турнир по итогам швейцарки?
swiss-btn_top_size = 🏆 ТОП на { $size }
swiss-btn_top_finish = 🏁 Завершить турнир
swiss-top_usage = Формат: /top — закончить швейцарские туры и начать ТОП (размер — из настроек турнира), /top &lt;размер&gt; — ТОП на 2, 4, 8, 16 или 32 игрока.
swiss-top_already = ТОП уже начался.
swiss-top_no_round = ТОП начинается после хотя бы одного сыгранного тура швейцарки.
swiss-begin_misfit = ⚠️ Игроков: { $players }. Так не сыграть: { $problems }.
swiss-misfit_rounds = выбрано туров: { $rounds }, а без повторных встреч можно сыграть не больше { $max }
swiss-misfit_top = ТОП выбран на { $top }, а игроков меньше
swiss-btn_begin_fit = ▶️ Начать: туров — { $rounds }, ТОП — { $top }
swiss-drop_self_left = { $name }, вы больше не записаны на турнир «{ $tournament }».
swiss-drop_self_dropped = { $name }, вы вышли из турнира «{ $tournament }»: ваши результаты сохраняются, со следующего тура пары для вас не будет.
swiss-staff_drop_self = 🚪 «{ $tournament }», тур { $round }: выход из турнира по своему желанию — { $name }. Со следующего тура без пары.
swiss-staff_drop_judge = 🚪 «{ $tournament }», тур { $round }: решением судьи из турнира выходит { $name }. Со следующего тура без пары.
swiss-roster_incomplete = { $name } ⚠️
swiss-roster_legend = ⚠️ — регистрация не завершена (нужны фамилия, имя, отчество, e-mail и город): /register в личном чате с ботом.
swiss-complete_registration = 📝 Вы в турнире «{ $tournament }». Чтобы результаты вошли в рейтинг клуба, завершите регистрацию: напишите мне в личный чат /register (фамилия, имя, отчество, e-mail и город).
swiss-register_link = 📝 { $player }, чтобы результаты вошли в рейтинг клуба, завершите регистрацию в личном чате со мной: <a href="{ $link }">открыть</a>.
swiss-join_not_invited = Турнир закрытый: играют только приглашённые организатором. { $name }, вас нет в списке приглашённых.
swiss-board_privileged = Автопобеда по привилегии: { $names }
swiss-your_privilege = Тур { $round }: у вас автопобеда по привилегии турнира (2,9 очка).
swiss-wiz_game = Какая игра? (у каждой свой рейтинг)
swiss-wiz_game_berserk = Классический Берсерк
swiss-wiz_game_heroes = Берсерк. Герои
swiss-wiz_k = Базовый K рейтинга Эло (умножается на коэффициент по числу участников)?
swiss-wiz_k_default = Обычный ({ $k })
swiss-wiz_k_8 = 8
swiss-wiz_k_10 = 10
swiss-wiz_k_12 = 12
swiss-wiz_k_20 = 20
swiss-wiz_k_24 = 24
swiss-wiz_k_32 = 32
swiss-wiz_kind = Вид турнира?
swiss-wiz_kind_open = Открытый: играет любой
swiss-wiz_kind_semi = Полузакрытый: привилегированным автопобеды
swiss-wiz_kind_closed = Закрытый: только по приглашениям
swiss-wiz_auto = Во скольких первых турах у привилегированных игроков автопобеда (2,9)? Их назовёт организатор: /privileged
swiss-wiz_auto_1 = 1
swiss-wiz_auto_2 = 2
swiss-wiz_auto_3 = 3
swiss-kind_open = Открытый турнир
swiss-kind_semi = Полузакрытый: у привилегированных игроков автопобеды в первых турах ({ $rounds }), список — /privileged
swiss-kind_closed = Закрытый: играют только приглашённые (/invite)
swiss-privileged_usage = Кого сделать привилегированным? /privileged в ответ на его сообщение, /privileged @ник или /privileged номер_в_клубе.
swiss-privileged_privileged = ⭐ Привилегия: { $name } — автопобеда в первых турах ({ $rounds }), игрок записан на турнир.
swiss-privileged_already = { $name }: привилегия уже есть.
swiss-privileged_not_semi = Привилегии бывают только в полузакрытом турнире (вид турнира выбирается при создании).
swiss-privilege_too_late = Турнир уже начался: привилегии назначают до старта.
swiss-invite_usage = Кого пригласить? /invite в ответ на его сообщение, /invite @ник или /invite номер_в_клубе.
swiss-invite_invited = ✉️ Приглашение отправлено: { $name }.
swiss-invite_already = { $name } уже в списке приглашённых.
swiss-invite_not_closed = Приглашения нужны только в закрытом турнире: в этот может вступить любой.
swiss-invitation = ✉️ Вас пригласили в закрытый турнир «{ $tournament }». Вступить — кнопка «✋ Участвую» в группе или /join там.
swiss-too_many_privileged = Привилегированным автопобеды, а играть некому: из { $count } { $count ->
        [one] игрока
       *[other] игроков
    } за столы садятся меньше двух. Добавьте игроков (или /cancel — отменить турнир).
swiss-pairing_head = 🃏 <b>{ $name }</b>
swiss-pairing_table = { $round }: стол { $table }, соперник — { $opponent } ({ $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }). Удачи! Результат — кнопками.
swiss-pairing_table_top = { $round }, стол { $table }, соперник — { $opponent } (посев №{ $seed }). Удачи! Результат — кнопками.
swiss-pairing_ends = ⏱ Тур идёт до { $ends }.
swiss-board_title_no_end = <b>{ $name }</b> · Тур { $round } из { $total }
swiss-board_top_title_no_end = <b>{ $name }</b> · { $round }
swiss-board_line_top = Стол { $table }  { $a } (#{ $sa }) — { $b } (#{ $sb })  { $status }
swiss-repaired_void = ❌ Пары тура { $round } пересобраны — см. новые.
swiss-repaired_button = ❌ Пары этого тура пересобраны: результат — кнопками нового сообщения о паре.
swiss-told_confirmed = ✅ Результат подтверждён соперником ({ $game }): { $claim }.
swiss-told_disputed = ⚠️ Ваш результат оспорен соперником ({ $game }): { $claim }. Решит судья — о решении я сообщу.
swiss-told_other_claim = ⚠️ От соперника другой результат ({ $game }): { $claim }. Решит судья — о решении я сообщу.
swiss-pending_title = <b>{ $name }</b> · { $round }: открытые столы ({ $count }):
swiss-pending_line = Стол { $table }: { $a } — { $b } · { $status }
swiss-pending_waits_confirmation = ждёт подтверждения · сообщает { $name }
swiss-pending_waits_judge = спор, ждёт судью
swiss-pending_no_report = результата нет
swiss-pending_none = { $round }: все результаты внесены, открытых столов нет.
swiss-btn_nudge = 🔔 Напомнить игрокам открытых столов
swiss-nudge = 🔔 Напоминание от судьи: «{ $name }», { $game }, соперник — { $opponent }. Внесите результат кнопками ниже.
swiss-nudge_confirm = 🔔 Напоминание от судьи: «{ $name }», { $game }, соперник — { $opponent }. Результат от соперника: { $claim }. Подтвердите или оспорьте кнопками ниже.
swiss-nudged = 🔔 Напоминание отправлено: игроков — { $count }.
swiss-nudge_none = Открытых столов уже нет: напоминать некому.

# /why: почему у игрока такая пара (bot.swiss.why)
swiss-why_title = 🤔 «{ $tournament }», тур { $round }: почему ваш соперник — { $opponent }
swiss-why_drawn = Первый тур — жеребьёвка (по зерну турнира): очков поровну у всех.
swiss-why_groups = Группы по результатам (победы и ничьи): ваша — { $my_group } ({ $size } { $size ->
        [one] игрок
        [few] игрока
       *[many] игроков
    } в туре), у соперника — { $their_group } ({ $their_size }).
swiss-why_floated_me = Вы перешли в группу ниже.
swiss-why_floated_opponent = Соперник перешёл к вам из группы выше.
swiss-why_only_legal = Любая другая рассадка тура повторила бы уже сыгранную встречу: этот стол — единственный оставшийся.
swiss-why_tie = Другие рассадки стоили бы столько же; решил порядок в таблице (в группе верхняя половина играет с нижней, а вниз переходит самый низкий в таблице из тех, кто может).
swiss-why_floats = Без этого стола вне своей группы играли бы { $without } { $without ->
        [one] игрок
        [few] игрока
       *[many] игроков
    } вместо { $floats }.
swiss-why_squares = Без этого стола вне групп играло бы столько же, но разрывы в очках за столами были бы больше.
swiss-why_avoided = Уже сыгранные встречи не повторяются: { $names }.
swiss-why_bye_rank = 🛌 «{ $tournament }», тур { $round }: у вас автопобеда (2,9 очка). Она достаётся самому низкому в таблице игроку, у которого её ещё не было, если остальных тогда можно рассадить без повторных встреч.
swiss-why_bye_second = Никто из тех, у кого автопобеды ещё не было, не подошёл: у вас она вторая.
swiss-why_bye_had = { $name } — ниже вас в таблице, но автопобеда уже была.
swiss-why_bye_blocked = { $name } — при этой автопобеде остальных не рассадить без повторной встречи.
swiss-why_no_round = «{ $tournament }»: ни один тур ещё не рассажен.
swiss-why_top = «{ $tournament }»: идёт ТОП — пары в нём даёт сетка (посев по итогам швейцарки), а не рассадка.
swiss-why_auto = «{ $tournament }», тур { $round }: у вас автопобеда по привилегии (402), стола нет.
swiss-why_not_paired = «{ $tournament }»: в туре { $round } у вас нет стола (вы вступили после рассадки или выбыли).
swiss-insight_sent = 📬 Ответ — в личных сообщениях.
swiss-insight_open_private = Откройте личный чат с ботом (/start) и спросите там: ответ касается только вас.

# /need: что нужно игроку для ТОП (bot.swiss.need)
swiss-need_title = 🎯 «{ $tournament }»: путь в ТОП-{ $top }
swiss-need_already_in = ✅ Вы в ТОП-{ $top } при любых остальных результатах, с учётом дополнительных показателей.
swiss-need_out = ❌ В ТОП-{ $top } уже не попасть ни при каких результатах.
swiss-need_on_points_now = По очкам вас уже никто не обойдёт; не пройти можно лишь при равенстве очков — по дополнительным показателям.
swiss-need_sure = Гарантия места в ТОП — ещё { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }, что бы ни было за другими столами.
swiss-need_sure_bound = Гарантия места в ТОП — не больше чем ещё { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } (может хватить и меньшего).
swiss-need_never_sure = Никакой ваш результат не гарантирует места: решат и другие столы.
swiss-need_sure_on_points = С ещё { $points } { $points ->
        [one] очком
        [few] очками
        [many] очками
       *[other] очка
    } по очкам вас никто не обойдёт, но при равенстве решат дополнительные показатели.
swiss-need_possible = Шанс остаётся с ещё { $points } { $points ->
        [one] очком
        [few] очками
        [many] очками
       *[other] очка
    } — при нужных результатах за другими столами.
swiss-need_possible_zero = Шанс остаётся, даже если больше не набрать ни очка, — при нужных результатах за другими столами.
swiss-need_possible_bound = Меньше чем с ещё { $points } { $points ->
        [one] очком
        [few] очками
        [many] очками
       *[other] очка
    } не пройти.
swiss-need_possible_on_ties = С ещё { $points } { $points ->
        [one] очком
        [few] очками
        [many] очками
       *[other] очка
    } пройти можно лишь при равенстве очков, если помогут дополнительные показатели.
swiss-need_possible_on_ties_zero = Даже без новых очков пройти можно при равенстве очков, если помогут дополнительные показатели.
swiss-need_most = { $rounds ->
        [one] Остался { $rounds } тур
        [few] Осталось { $rounds } тура
       *[many] Осталось { $rounds } туров
    }: можно набрать ещё до { $most } { $most ->
        [one] очка
        [few] очков
        [many] очков
       *[other] очка
    }.
swiss-need_exact = (Посчитаны все исходы оставшихся туров.)
swiss-need_bounds = (Игроков слишком много, чтобы перебрать все исходы: это доказанные границы.)
swiss-need_no_top = В «{ $tournament }» нет ТОП: итоговые места — по таблице швейцарки.
swiss-need_in_top = «{ $tournament }»: ТОП-{ $top } посеян, вы в нём.
swiss-need_top_seeded = «{ $tournament }»: ТОП-{ $top } посеян, вас в нём нет.
swiss-need_not_started = «{ $tournament }» ещё не начался.
swiss-need_pods = «{ $tournament }»: в ТОП идут лучшие с каждого стола драфта — /need такое пока не считает.
swiss-need_not_playing = «{ $tournament }»: вы в нём не играете (не записаны или выбыли).
# Another format (611) and the Overlord series (606) in the wizard: handlers/swiss/wizard_other.py, wizard_series.py
swiss-wiz_fmt_other = Другой формат
swiss-wiz_other_name = Название формата? (до { $max } символов; ответьте на это сообщение)
swiss-wiz_other_rules = Правила формата — текстом, как их прочтут игроки (до { $max } символов).
swiss-wiz_other_bans = Запрещённые карты — через запятую или каждая с новой строки; «-», если запретов нет.
swiss-wiz_other_start = Когда начало? Напишите дату и время, например 25.06.2026 19:00. О турнире другого формата объявляют не меньше чем за три дня (611.2): самое раннее — { $first }.
swiss-wiz_other_name_bad = Название формата — от 1 до { $max } символов и не команда. Напишите его ещё раз.
swiss-wiz_other_rules_bad = Правила — от 1 до { $max } символов. Напишите их ещё раз.
swiss-wiz_other_bans_bad = Не больше { $max } карт, название каждой — до 80 символов. Напишите список ещё раз (или «-»).
swiss-wiz_other_start_bad = Не понимаю дату: напишите её как 25.06.2026 19:00.
swiss-wiz_other_too_soon = Слишком рано: о турнире другого формата объявляют не меньше чем за три дня (611.2). Самое раннее начало — { $first }. Напишите другую дату.
swiss-wiz_said_other_name = Формат
swiss-wiz_said_other_rules = Правила
swiss-wiz_said_other_bans = Запрещены
swiss-wiz_said_other_start = Начало
swiss-other_no_bans = запретов нет
swiss-other_rules_given = { $count ->
    [one] { $count } символ
    [few] { $count } символа
   *[many] { $count } символов
}
swiss-other_format_named = другой формат «{ $name }» (пары как в Констрактеде)
swiss-other_announced = 📅 Начало: { $start }
    📜 Правила: { $rules }
    🚫 Запрещённые карты: { $bans }
swiss-wiz_ser = Турнир серии «Повелитель»? (от 6 игроков, не больше двух в неделю в городе; за места — кристаллы серии)
swiss-wiz_said_ser = Серия «Повелитель»
swiss-wiz_ser_no = Нет
swiss-wiz_ser_one = 👑 { $series }
swiss-created_series = 👑 Турнир серии «Повелитель» ({ $series }): начинается от 6 игроков; запрещённые карты — как в Констрактеде.
