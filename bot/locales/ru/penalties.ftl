# Penalties of a card tournament (rules.penalties, bot.swiss.penalties): /penalty and the
# buttons on the tables of /pending.

menu-penalty = Штраф игроку: предупреждение, поражение, дисквалификация
penalties-usage = Штраф: <code>/penalty &lt;игрок&gt; warning|game_loss|match_loss|dq &lt;причина&gt;</code>
    Игрок — @имя, клубный номер или ответ на его сообщение. warning — предупреждение; game_loss — поражение в партии; match_loss — поражение в матче; dq — дисквалификация. Причина обязательна.
penalties-kind_warning = предупреждение
penalties-kind_game_loss = поражение в партии
penalties-kind_match_loss = поражение в матче
penalties-kind_dq = дисквалификация
penalties-not_open = Штраф даётся только во время регистрации или игры турнира.
penalties-not_in = { $name } — не участник этого турнира.
penalties-no_open_match = Открытого матча сейчас нет — { $name }. Поражение в партии или матче даётся, когда следующий матч игрока уже в парах. Предупреждение и дисквалификация возможны всегда.
penalties-already_disqualified = Дисквалификация уже есть: { $name }.
penalties-changed = Пока вносился штраф, стол изменился — { $name }. Повторите, пожалуйста.
penalties-recorded = ⚖️ Записано — { $kind }: { $name }.
penalties-reason = Причина: { $reason }
penalties-effect_match_judge = Тур { $round }, стол { $table }: техническое поражение, сопернику — техническая победа.
penalties-effect_game_judge = Тур { $round }, стол { $table }: партия засчитана сопернику, матч продолжается.
penalties-effect_dq_judge = Игрок выбывает из турнира; прошлые результаты остаются, места и приза нет.
penalties-effect_match_own = Тур { $round }, стол { $table }: техническое поражение.
penalties-effect_game_own = Тур { $round }, стол { $table }: партия засчитана сопернику. Итоговый счёт матча сообщите вместе с ней.
penalties-effect_dq_own = Вы выбываете из турнира: прошлые результаты остаются, места и приза нет.
penalties-told = ⚖️ «{ $tournament }»: штраф от судьи — { $kind }.
penalties-credited = ⚖️ «{ $tournament }», тур { $round }, стол { $table }: у соперника поражение в партии, партия засчитана вам. Итоговый счёт матча сообщите вместе с ней.
penalties-group_match = ⚖️ Тур { $round }, стол { $table }: техническое поражение по решению судьи — { $name }.
penalties-group_dq = ⚖️ Дисквалификация по решению судьи: { $name }. Места и приза нет.
penalties-earlier = Ранее { $count ->
    [one] { $count } штраф
    [few] { $count } штрафа
   *[many] { $count } штрафов
}:
penalties-first = Других штрафов у игрока нет.
penalties-history_line = • { $day } · «{ $tournament }» · { $kind }: { $reason }
penalties-history_line_other = • { $day } · «{ $tournament }» · { $kind }
penalties-profile_title = <b>Штрафы</b>
penalties-dq_mark = {" "}(дисквалификация, без места)
penalties-your_place_dq = Дисквалификация: места нет.
penalties-ask_player = ⚖️ Стол { $table }: кому штраф?
penalties-ask_kind = ⚖️ Штраф — { $name }. Какой?
penalties-ask_reason = ⚖️ { $kind } — { $name }. Напишите причину следующим сообщением (/cancel — отмена).
penalties-recorded_private = ⚖️ Штраф записан. Причина и прежние штрафы игрока — у вас в личном чате со мной.
penalties-recorded_open_chat = ⚖️ Штраф записан. Причину и прежние штрафы игрока я показываю только в личном чате: откройте чат со мной и нажмите «Старт».
penalties-asked_privately = ⚖️ Продолжим в личном чате со мной.
penalties-open_chat = Штраф выдаётся в личном чате со мной, чтобы причина не попала в группу: откройте чат со мной, нажмите «Старт» и снова нажмите кнопку.
penalties-btn_table = ⚖️ Штраф: стол { $table }
penalties-reason_bad = Причина — текст до 200 знаков. Напишите её ответом на это сообщение.
log-sw_penalty = штраф — { $kind }: { $name } ({ $reason })
log-sw_penalty_public = штраф — { $kind }: { $name }
swiss-join_disqualified = Дисквалификация в этом турнире: вернуться нельзя — { $name }.
