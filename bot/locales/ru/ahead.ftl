# Турнир, объявленный заранее, и отметка «Я на месте» (bot/ahead.py, handlers/ahead.py).
menu-when = Дата и время начала (объявить заранее)
ahead-announced = 📅 «{ $tournament }» — { $weekday }, { $day }, начало в { $time }.
ahead-announced_registration = Регистрация уже открыта: кнопка ниже или сообщение о турнире выше.
ahead-announced_reminders = Записавшимся напомню в личных сообщениях накануне и за час до начала.
ahead-announced_check_in = За { $minutes } { $minutes ->
        [one] минуту
        [few] минуты
       *[other] минут
    } до начала придёт кнопка «Я на месте»: без отметки организатор может снять с турнира.
ahead-btn_join = ✋ Записаться
ahead-weekday_0 = понедельник
ahead-weekday_1 = вторник
ahead-weekday_2 = среда
ahead-weekday_3 = четверг
ahead-weekday_4 = пятница
ahead-weekday_5 = суббота
ahead-weekday_6 = воскресенье
ahead-remind_day = 📅 Завтра, { $day }, в { $time } — «{ $tournament }». Вы записаны, ждём вас!
ahead-remind_hour = ⏰ Через час, в { $time }, — «{ $tournament }». Вы записаны.
ahead-remind_hour_check_in = За { $minutes } { $minutes ->
        [one] минуту
        [few] минуты
       *[other] минут
    } до начала придёт кнопка «Я на месте» — нажмите её, когда придёте.
ahead-remind_check_in = 📍 «{ $tournament }» начинается в { $time }. Вы на месте? Нажмите кнопку: без отметки организатор может снять с турнира.
ahead-btn_here = ✅ Я на месте
ahead-here_done = ✅ Отмечено: вы на месте. Турнир «{ $tournament }» скоро начнётся.
ahead-here_again = ✅ Вы уже отметились. Турнир «{ $tournament }» скоро начнётся.
ahead-here_not_in = Вас нет в списке турнира «{ $tournament }».
ahead-here_closed = Турнир «{ $tournament }» уже идёт или закончен: отметка больше не нужна.
ahead-start_now = ⏰ { $time } — время начинать турнир «{ $tournament }». { $organiser }, нажмите «Начать», когда все соберутся.
ahead-btn_begin = ▶️ Начать
ahead-btn_begin_all = ▶️ Начать со всеми
ahead-btn_drop = ❌ Снять без отметки ({ $count })
ahead-absent = Перед турниром «{ $tournament }» не отметились «Я на месте» ({ $count }): { $names }. Снять их с турнира или начать со всеми?
ahead-no_withdraw = В турнире этого вида снять игроков до начала здесь нельзя: начните со всеми или уберите их, как обычно.
ahead-withdrawn = Сняты с турнира ({ $count }): { $names }. Можно начинать.
ahead-begun = Турнир уже идёт или закончен.
ahead-off = Отметка «Я на месте» перед этим турниром сейчас не идёт.
ahead-bad_date = Не понял дату и время. Напишите, например: /when { $example } (или «завтра 19:00», «пт 19:00», «12.12.2026 19:00»).
ahead-no_time = Нужно и время начала, например: /when { $example }.
ahead-past = Это время уже прошло. Напишите дату и время впереди, например: /when { $example }.
ahead-too_far = Так далеко вперёд объявить нельзя: не больше чем на год.
ahead-when_usage = Когда начало? /when 12.12 19:00 (или «завтра 19:00», «пт 19:00»), время клуба. /when отметка нет — без отметки «Я на месте», /when отметка да — с ней.
ahead-when_now = Турнир «{ $tournament }» начинается { $day } в { $time }.
ahead-check_in_on = Отметка «Я на месте» включена: кнопка придёт записавшимся за 30 минут до начала.
ahead-check_in_off = Отметка «Я на месте» выключена.
menu-here = Я на месте (отметка перед началом)
ahead-here_off = Перед турниром «{ $tournament }» отметки нет.
ahead-here_not_yet = Отметка перед турниром «{ $tournament }» откроется в { $time }.
ahead-here_none = Сейчас нет турнира, перед которым идёт отметка «Я на месте».
ahead-list_starts = , начало { $day } в { $time }
ahead-new_starts = 📅 Начало: { $weekday }, { $day }, в { $time } — объявлю, когда турнир будет создан.
