# The web board of a tournament (bot/web): the page for phones, the club TV and Telegram's Mini App.
web-title = Табло · { $name }
web-live = в эфире
web-offline = нет связи, переподключаемся…
web-koth = Царь горы
web-swiss = Карточный турнир
web-circle = Круг { $circle }
web-main_left = Осталось
web-fund = Призовой фонд: { $fund }
web-at_table = За столом
web-king = Король
web-challenger = Претендент
web-queue = Очередь
web-queue_empty = Очередь пуста
web-circle_end = конец круга
web-players = Игроки
web-col_player = Игрок
web-col_wins = Победы
web-col_norm = Норма
web-col_left = Осталось
web-leader = Лидер
web-leaders = { $count ->
    [one] Лидер
   *[other] Лидеры
}: { $names }
web-winner = Победитель: { $name }
web-registration = Регистрация: { $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
}
web-cancelled = Турнир отменён
web-finished = Турнир завершён
web-round = Тур { $round } из { $total }
web-round_clock = До конца тура
web-pairings = Пары
web-col_table = Стол
web-state_playing = играют
web-state_waiting = ждёт подтверждения
web-state_judge = у судьи
web-state_done = сыграно { $result }
web-bye = Автопобеда (бай): { $name }
web-standings = Таблица
web-col_rank = Место
web-col_points = Очки
web-top = Топ
web-champion = Чемпион: { $name }
web-page = Стр. { $page } из { $pages }
web-not_found = Такого табло нет. Попросите ссылку у бота: /board
web-link = 📺 Табло турнира «{ $name }»: { $url }
web-link_button = 📺 Табло
web-no_server = Веб-табло не включено: задайте WEB_PORT (или PUBLIC_URL) в настройках бота.
web-no_tournament = Здесь нет турнира, чьё табло можно показать.
menu-board = Табло турнира: ссылка для телефона и ТВ
# Short headers of the tie-breaks in the standings (the full name is the tooltip).
web-tb_bh = Бх
web-tb_mbh = УБх
web-tb_cw = Поб
web-tb_h2h = ЛВ
web-tb_sb = ЗБ
web-tb_omw = OMW
web-tb_gw = GW
web-tb_ogw = OGW
web-teams = Командный турнир
web-teams_registered = Регистрация: { $count } { $count ->
    [one] команда
    [few] команды
   *[many] команд
  }
web-teams_list = Команды
web-col_team = Команда
web-col_games = Партии
web-draft_tables = Рассадка на драфт
web-draft_table = Стол драфта { $table }
web-teams_top = { $teams ->
    [2] Финал
    [4] Полуфиналы
   *[other] Четвертьфиналы
  }
