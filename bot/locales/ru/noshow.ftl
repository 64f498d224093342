# Неявки (issue 27, пункт 7): bot/no_shows.py, handlers/no_shows.py, handlers/profile.py
menu-noshows = Игроки с неявками: одобрение их заявок
noshow-profile_none = 🚷 Неявок нет.
noshow-profile_title = 🚷 { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
}, из них за последние { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
} — { $recent }:
noshow-profile_line = • { $day } — «{ $tournament }»
noshow-profile_of = 👤 <b>{ $name }</b> (клубный номер { $club_id })
noshow-profile_organisers_only = Профиль другого игрока видят только организаторы клуба.
noshow-profile_unknown = Такого игрока нет: укажите @username или клубный номер.
noshow-organiser_told = 🚷 Неявки: { $name } (клубный номер { $club_id }) — { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за последние { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}.
noshow-organiser_held = Заявка на турнир «{ $tournament }» ждёт одобрения организатора.
noshow-organiser_not_held = Теперь в списке турнира «{ $tournament }». Автоматически ничего не сделано; чтобы заявки таких игроков ждали одобрения: /noshows approval on
noshow-group_only = /noshows настраивается в группе турниров.
noshow-organisers_only = Менять это могут только организаторы группы.
noshow-usage = Формат: /noshows approval on|off — ждут ли одобрения организатора заявки игрока, у которого { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}.
noshow-approval_is_on = Одобрение заявок игроков, у которых { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}: включено. Организатору сообщается в любом случае. Выключить: /noshows approval off
noshow-approval_is_off = Одобрение заявок игроков, у которых { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}: выключено. Организатору сообщается в любом случае. Включить: /noshows approval on
noshow-approval_on = ✅ Теперь заявки игрока, у которого { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}, ждут одобрения организатора.
noshow-approval_off = ✅ Заявки больше не ждут одобрения; организатору по-прежнему сообщается об игроке, у которого { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}.
