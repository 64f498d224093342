# A tournament announced ahead, and the check-in (bot/ahead.py, handlers/ahead.py).
menu-when = Start date and time (announce ahead)
ahead-announced = 📅 “{ $tournament }” — { $weekday }, { $day }, starting at { $time }.
ahead-announced_registration = Registration is open now: the button below or the tournament's message above.
ahead-announced_reminders = Everyone registered gets a private reminder the day before and an hour before the start.
ahead-announced_check_in = { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } before the start an “I'm here” button comes: the organiser may take off the list whoever does not press it.
ahead-btn_join = ✋ Join
ahead-weekday_0 = Monday
ahead-weekday_1 = Tuesday
ahead-weekday_2 = Wednesday
ahead-weekday_3 = Thursday
ahead-weekday_4 = Friday
ahead-weekday_5 = Saturday
ahead-weekday_6 = Sunday
ahead-remind_day = 📅 Tomorrow, { $day }, at { $time }: “{ $tournament }”. You are registered, see you there!
ahead-remind_hour = ⏰ In an hour, at { $time }: “{ $tournament }”. You are registered.
ahead-remind_hour_check_in = { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } before the start an “I'm here” button comes: press it when you arrive.
ahead-remind_check_in = 📍 “{ $tournament }” starts at { $time }. Are you here? Press the button: the organiser may take off the list whoever does not.
ahead-btn_here = ✅ I'm here
ahead-here_done = ✅ Checked in: you are here. “{ $tournament }” starts soon.
ahead-here_again = ✅ You have checked in already. “{ $tournament }” starts soon.
ahead-here_not_in = You are not on the list of “{ $tournament }”.
ahead-here_closed = “{ $tournament }” is under way or over: no check-in is needed any more.
ahead-start_now = ⏰ { $time }: time to start “{ $tournament }”. { $organiser }, press “Start” once everyone is here.
ahead-btn_begin = ▶️ Start
ahead-btn_begin_all = ▶️ Start with everyone
ahead-btn_drop = ❌ Take off those not here ({ $count })
ahead-absent = Not checked in for “{ $tournament }” ({ $count }): { $names }. Take them off the list, or start with everyone?
ahead-no_withdraw = Players of this kind of tournament cannot be taken off the list here: start with everyone, or take them off the usual way.
ahead-withdrawn = Taken off the list ({ $count }): { $names }. Ready to start.
ahead-begun = The tournament is under way or over.
ahead-off = No check-in is running for this tournament now.
ahead-bad_date = I could not read the date and time. Write, for example: /when { $example } (or “tomorrow 19:00”, “fri 19:00”, “12.12.2026 19:00”).
ahead-no_time = The start needs a time too, for example: /when { $example }.
ahead-past = That moment has passed. Write a date and time ahead, for example: /when { $example }.
ahead-too_far = That is too far ahead: a year at most.
ahead-when_usage = When does it start? /when 12.12 19:00 (or “tomorrow 19:00”, “fri 19:00”), the club's time. /when checkin off: no “I'm here” check-in; /when checkin on: with it.
ahead-when_now = “{ $tournament }” starts on { $day } at { $time }.
ahead-check_in_on = The “I'm here” check-in is on: the button comes to everyone registered 30 minutes before the start.
ahead-check_in_off = The “I'm here” check-in is off.
menu-here = I'm here (the check-in before the start)
ahead-here_off = “{ $tournament }” has no check-in.
ahead-here_not_yet = The check-in for “{ $tournament }” opens at { $time }.
ahead-here_none = No tournament has its “I'm here” check-in open now.
ahead-list_starts = , starting { $day } at { $time }
ahead-new_starts = 📅 Starting { $weekday }, { $day }, at { $time }: I will announce it once the tournament is created.
