# A report changed or withdrawn before the opponent answered; a settled game's buttons.
results-changed = Изменено: сопернику отправлен новый запрос, прежний больше не действует.
results-withdrawn = Сообщение о результате отозвано.
results-stale_request = Этот запрос устарел: результат изменён, ответьте на новый запрос.
results-gone_request = Этот запрос отозван: отвечать на него не нужно.
results-with_judge = Результат оспорен — его решит судья.
results-report_sent = 📨 Вы сообщили: { $claim } ({ $game }). Ждём подтверждения, соперник: { $opponent }.
    Ошиблись? Нажмите верный результат — он заменит этот, — или отзовите.
results-withdraw = ↩️ Отозвать
results-request_replaced = ✏️ Запрос изменён, ответьте на новый. Было: { $claim } ({ $game }).
results-request_replaced_mine = ✏️ Заменено новым. Было: { $claim } ({ $game }).
results-request_withdrawn = ↩️ Запрос отозван, отвечать не нужно. Было: { $claim } ({ $game }).
results-request_withdrawn_mine = ↩️ Отозвано: { $claim } ({ $game }).
results-settled_line = ✅ { $game }: { $claim }
