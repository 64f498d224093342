# Head-to-head (/h2h, the button under a pairing) and the nemesis on /profile (bot/memory.py).
menu-h2h = Личные встречи с игроком
h2h-button = 📊 Наши встречи: { $name }
h2h-usage = Чьи встречи с вами показать? /h2h @имя, /h2h клубный номер или /h2h ответом на сообщение игрока.
h2h-unknown = Не знаю такого игрока: укажите @имя того, кого бот видел, или клубный номер.
h2h-yourself = Это вы сами: встреч с собой не бывает.
h2h-not_registered = Сначала зарегистрируйтесь: /register.
h2h-never = { $name }: личных встреч с вами ещё не было.
h2h-title = ⚔️ <b>Вы и { $name }</b>: { $games } { $games ->
    [one] игра
    [few] игры
   *[many] игр
}
h2h-score = { $wins } { $wins ->
    [one] победа
    [few] победы
   *[many] побед
}, { $draws } { $draws ->
    [one] ничья
    [few] ничьи
   *[many] ничьих
}, { $losses } { $losses ->
    [one] поражение
    [few] поражения
   *[many] поражений
}
h2h-you_lead = Ведёте вы: +{ $lead }.
h2h-they_lead = Ведёт { $name }: +{ $lead }.
h2h-level = Счёт равный.
h2h-last = { $count ->
    [one] Последняя встреча:
    [few] Последние { $count } встречи:
   *[many] Последние { $count } встреч:
}
h2h-last_line = { $mark } «{ $tournament }»
h2h-nemesis = 😈 Ваша немезида: { $name } (клубный номер { $club_id }) — { $losses } { $losses ->
    [one] поражение
    [few] поражения
   *[many] поражений
} в { $games } { $games ->
    [one] игре
   *[other] играх
}.

# Seasons (/season, bot/seasons.py).
menu-season = Таблица сезона группы
season-usage = Новый сезон: /season new название; первый день; последний день; [очки за места]; [сколько лучших результатов в зачёт]. Например: /season new Зима; 01.12.2026; 28.02.2027; 25 18 15 12 10 8 6 4 2 1; 4. По умолчанию очки 25 18 15 12 10 8 6 4 2 1 (места ниже — 0 очков) и 4 лучших результата.
season-bad_day = Не понимаю дату «{ $day }»: пишите так: 01.12.2026.
season-bad_days = Последний день сезона раньше первого, или сезон длиннее 400 дней.
season-bad_points = Очки за места — целые числа от 0 до 1000 через пробел (не больше 64 мест), каждое следующее не больше предыдущего.
season-bad_best = Сколько лучших результатов в зачёте — целое число, не меньше 1.
season-organisers_only = Сезон создаёт организатор этой группы.
season-group_only = Сезон — у группы клуба: отправьте команду в группе.
season-none = У этой группы ещё нет сезона. Организатор создаёт его командой /season new (подробнее — /season new без слов).
season-created = ✅ Сезон «{ $name }» создан: в него пойдёт каждый турнир группы, законченный в эти дни.
season-title = 🏆 <b>Сезон «{ $name }»</b>: { $first } — { $last }
season-rules = Очки за места: { $points } (ниже — 0); в зачёт { $best } { $best ->
    [one] лучший результат
    [few] лучших результата
   *[many] лучших результатов
}.
season-played = { $count } { $count ->
    [one] турнир
    [few] турнира
   *[many] турниров
} в зачёте.
season-empty = Ни один турнир сезона ещё не закончен.
season-row = { $rank }. { $name } — { $points } { $points ->
    [one] очко
    [few] очка
   *[many] очков
} ({ $counted })
season-dropped = , не в зачёте: { $dropped }
season-tie_shared = делит место: поровну очков и одинаковые места
season-tie_places = ниже по числу { $place }-х мест: { $mine } против { $theirs }
season-link = 🌐 Страница сезона: { $url }
season-picture_title = Сезон «{ $name }»
season-picture_subtitle = { $first } — { $last } · лучших результатов в зачёте: { $best } · турниров: { $count }
season-picture_rank = Место
season-picture_player = Игрок
season-picture_points = Очки
season-picture_counted = В зачёте
season-web_dropped = Не в зачёте
season-web_tie = При равенстве очков
season-web_title = Сезон · { $name }
season-picture_caption = 🏆 Таблица сезона
help-season = <b>Сезон</b>: /season new название; первый день; последний день; [очки за места]; [лучших результатов в зачёт] — новый сезон группы (по умолчанию очки { $points }, места ниже — 0, в зачёт { $best } { $best ->
    [one] лучший результат
    [few] лучших результата
   *[many] лучших результатов
}); /season [название] — таблица
season-unknown = У этой группы нет сезона «{ $name }». /season — текущий.
