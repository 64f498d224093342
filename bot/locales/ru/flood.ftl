# Повторные нажатия и поток запросов от одного человека (bot/flood.py, bot/results/notices.py).

results-already_asked = Уже отправлено: ждём подтверждения от { $name }.
flood-too_many = Слишком много запросов подряд. Подождите { $seconds } с — до тех пор я на них не отвечаю.
