# Repeated presses and a flood of requests from one person (bot/flood.py, bot/results/notices.py).

results-already_asked = Already sent: waiting for { $name } to confirm.
flood-too_many = Too many requests in a row. Please wait { $seconds } s; until then I do not answer them.
