# The evening's recap (/recap, bot/recap.py).
menu-recap = Итоги вечера группы
recap-title = 🌙 Итоги вечера { $day }: { $count } { $count ->
    [one] турнир
    [few] турнира
   *[many] турниров
}
recap-champion = 🏆 «{ $tournament }»: { $names }
recap-upset = ⚡ Сенсация вечера. Победитель: { $winner } ({ $winner_rating }), соперник: { $loser } ({ $loser_rating }); шанс на эту победу был { $chance }%
recap-gains = 📈 Больше всех прибавили в рейтинге:
recap-gain = • { $name }: { $change } ({ $pool })
recap-reign = 👑 Дольше всех на троне: { $name } — { $wins } { $wins ->
    [one] победа
    [few] победы
   *[many] побед
} подряд в турнире «{ $tournament }»
recap-milestone_games = 🎉 { $name }: { $count }-я партия за столом
recap-first_win = 🥇 { $name }: первая победа!
recap-group_only = Итоги вечера — у группы клуба: отправьте команду в группе.
recap-nothing = Этим вечером в группе ещё не закончился ни один турнир.
recap-not_yet = Вечер ещё не окончен: турнир группы ещё идёт. Итоги придут, когда закончится последний.
