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
noshow-profile_unknown = Такого игрока нет: ответьте на его сообщение или укажите @username или клубный номер.
noshow-organiser_told = 🚷 Неявки: { $name } (клубный номер { $club_id }) — { $count } { $count ->
    [one] неявка
    [few] неявки
   *[many] неявок
} за последние { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}. { $held ->
    [yes] Заявка на турнир «{ $tournament }» ждёт одобрения организатора.
   *[no] Теперь в списке турнира «{ $tournament }». Автоматически ничего не сделано; чтобы заявки таких игроков ждали одобрения: /noshows approval on
}
noshow-group_only = /noshows настраивается в группе турниров.
noshow-organisers_only = Менять это могут только организаторы группы.
noshow-usage = Формат: /noshows approval on|off — ждут ли заявки игрока с { $count } неявками за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
} одобрения организатора.
noshow-approval_is = Одобрение заявок игроков с { $count } неявками за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}: { $on ->
    [yes] включено
   *[no] выключено
}. Организатору сообщается в любом случае. Изменить: /noshows approval on|off
noshow-approval_set = { $on ->
    [yes] ✅ Теперь заявки игрока с { $count } неявками за { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    } ждут одобрения организатора.
   *[no] ✅ Заявки больше не ждут одобрения; организатору по-прежнему сообщается об игроке с { $count } неявками за { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }.
}
