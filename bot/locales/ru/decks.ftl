# Deck lists (issue 13): bot/decks, handlers/decks.py, rules/decks.

## The wizard's Constructed sub-format (612)
swiss-wiz_sub = Подформат констрактеда? (у каждого свой список запрещённых карт)
swiss-wiz_sub_classic = Классика
swiss-wiz_sub_standard = Стандарт
swiss-wiz_sub_block = Блок (моно-констрактед)
swiss-wiz_sub_class_wars = Классовые войны

## What a list is checked as
decks-fmt_sub = { $fmt } ({ $sub })
decks-fmt_heroes = { $fmt }, «Берсерк. Герои»
decks-fmt_constructed = Констрактед
decks-fmt_draft = Драфт
decks-fmt_sealed = Силед
decks-fmt_marathon = Марафон
decks-fmt_heroes_tournament = Турнир героев
decks-sub_classic = Классика
decks-sub_standard = Стандарт
decks-sub_block = Блок
decks-sub_class_wars = Классовые войны

## A list as understood
decks-section = <b>{ $title }</b> — { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }:
decks-section_main = Колода
decks-section_side = Сайд
decks-section_unused = Не используются
decks-section_hero = Герой
decks-entry = { $count } { $name }
decks-pool = Весь пул: { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }.
decks-accepted = ✅ Дэк-лист принят — «{ $name }» ({ $fmt }).
decks-accepted_pending = ⏳ Дэк-лист принят условно, до проверки судьи — «{ $name }» ({ $fmt }). 4–5 копий можно только картам с «Ордой», а список карт клуба не загружен — это проверит судья: { $names }.
decks-refused = ❌ Дэк-лист не принят — «{ $name }» ({ $fmt }). { $count ->
        [1] Ошибка
       *[other] Ошибок: { $count }
    }. Исправьте и пришлите список целиком; прежний, если был, остаётся.
decks-numbered = { $n }. { $text }
decks-at_line = Строка { $line }: { $text }

## Errors of a list
decks-err_too_long = Слишком длинный список: больше { $max } строк.
decks-err_no_count = «{ $text }» — нет числа копий: пишите «3 Имя карты».
decks-err_bad_count = «{ $text }» — число копий должно быть от 1 до 99.
decks-err_no_name = «{ $text }» — нет названия карты.
decks-err_long_name = «{ $text }» — слишком длинное название.
decks-err_empty = В списке нет ни одной карты.
decks-err_no_side = сайда в этом формате нет: колода одна, уберите раздел «Сайд».
decks-err_no_hero_here = героя в этом формате нет: уберите раздел «Герой».
decks-err_hero_count = Нужен ровно один герой в разделе «Герой», а указано карт: { $count }.
decks-err_too_few = В колоде { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }, нужно не меньше { $min }.
decks-err_too_many = В колоде { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }, можно не больше { $max }.
decks-err_side_size = В сайде { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }, а нужно ровно { $need } (или совсем без сайда).
decks-err_copies = { $name } — { $count } { $count ->
        [one] копия
        [few] копии
       *[many] копий
    }, можно не больше { $max }.
decks-err_banned = { $name } — в списке запрещённых карт ({ $list }).
decks-err_unknown = { $name } — такой карты нет в списке карт клуба: проверьте написание.
decks-err_not_allowed = { $name } — этой карты нет в списке «{ $title }».
decks-err_over_allowed = { $name } — { $count } { $count ->
    [one] копия
    [few] копии
   *[many] копий
  }, а в списке «{ $title }» их { $max }.
decks-err_not_hero = { $name } — это не герой.
decks-err_hero_in_deck = { $name } — герой: запасного героя в колодах быть не может.
decks-err_element = { $name } — стихия «{ $element }», а у героя — «{ $hero }»: можно только стихию героя и нейтральные карты.
decks-err_classes = Карты разных классов: { $classes }. В «Классовых войнах» класс один.
decks-err_class_no_creature = В классе «{ $class }» нет ни одного существа.
decks-err_no_class = Нет карт ни одного класса: колода «Классовых войн» строится на одном классе.
decks-err_classless = Карт без класса: { $count }, можно не больше { $max }.

## What went unchecked
decks-note_no_card_list = ℹ️ Список карт клуба не загружен: проверены только количества и копии, а «Орда», классы, стихии и герои — нет.
decks-note_horde_unknown = ℹ️ 4–5 копий можно только картам с «Ордой» — это проверит судья: { $names }.
decks-note_sets_unchecked = ℹ️ Сеты формата «{ $list }» бот не проверяет — только список запрещённых карт.

## /deck
decks-in_private = Дэк-лист присылают в личном чате с ботом: откройте его и отправьте /deck.
decks-no_tournament = Нет открытого карточного турнира, в котором вы играете: дэк-лист присылать некуда.
decks-which = Вы играете в нескольких турнирах: { $list }. Укажите номер: /deck #номер.
decks-which_line = #{ $id } «{ $name }»
decks-ask = 🃏 «{ $name }» ({ $fmt }). Пришлите дэк-лист следующим сообщением — текстом или файлом .txt.
    Строка — карта: «3 Имя карты». Разделы — строкой-заголовком: «Колода», «Сайд», «Герой»; в силеде и драфте неиспользуемые карты пула — под «Не используются» (или «-1 Имя карты»). /cancel — отмена.
decks-ask_replace = Заменить список — пришлите новый следующим сообщением (/cancel — оставить как есть).
decks-ask_judge = Игрок: { $player }. Пришлите новый список следующим сообщением — игрок получит список изменений. /cancel — отмена.
decks-window_locked = Дэк-листы турнира «{ $name }» закрыты: турнир начался. Изменить список может только судья.
decks-window_locked_round = Дэк-листы турнира «{ $name }» закрыты: тур 1 разведён. Изменить список может только судья.
decks-window_not_yet = Дэк-листы турнира «{ $name }» откроются с его началом: в лимитированном формате список пишут по полученным на турнире картам — после драфта или когда вскрыт продукт силеда. Закроются, когда будет разведён тур 1.
decks-window_drafting = Идёт драфт турнира «{ $name }»: дэк-лист пришлите, когда бустеры будут разобраны, — до начала тура 1.
decks-closed = Турнир «{ $name }» окончен: дэк-листы больше не меняются.
decks-not_in = Дэк-лист есть только у участника турнира «{ $name }».
decks-not_yours = Чужой дэк-лист видят только судьи турнира.
decks-no_player = Игрок не найден: укажите @username или клубный номер.
decks-usage = Формат: /deck — прислать или посмотреть свой дэк-лист; /deck #номер — для турнира с этим номером; судья: /deck @username или /deck &lt;клубный номер&gt; — посмотреть и исправить список игрока.
decks-shown = 🃏 Дэк-лист — { $player } · «{ $name }» ({ $fmt })
decks-none_yet = Дэк-листа пока нет ({ $player }).
decks-file_bad = Нужен текстовый файл (.txt или .csv) не больше 64 КБ.
decks-file_not_text = Файл «{ $name }» не читается как текст: в нём двоичные данные или управляющие символы. Сохраните список как обычный текст (UTF-8) и пришлите снова.
decks-edited = ✏️ Дэк-лист исправлен судьёй (игрок: { $player }). Изменения:
    { $changes }
decks-told_edit = ✏️ Ваш дэк-лист в турнире «{ $name }» исправлен судьёй. Изменения:
    { $changes }
decks-change = { $section }: { $name } { $old } → { $new }
decks-change_none = карты те же

## /decks
decks-status = 🃏 Дэк-листы «{ $name }»: приняты у { $done } из { $count }.
decks-status_line = { $mark } { $player } (#{ $id })
decks-status_pending = ⏳ { $player } (#{ $id }) — ждёт проверки судьи (4–5 копий): { $names }
decks-status_pending_count = Ждут проверки судьи (4–5 копий без списка карт клуба): { $count }.
decks-decks_usage = Формат: /decks — у кого принят дэк-лист; /decks publish [номер турнира] — после турнира опубликовать в группе списки ТОПа.
decks-publish_running = Списки ТОПа публикуются после окончания турнира «{ $name }».
decks-published = 🏆 <b>Дэк-листы ТОПа — «{ $name }»</b>
decks-published_place = <b>{ $place }. { $player }</b>
decks-published_none = дэк-листа нет
decks-publish_done = Списки ТОПа опубликованы в группе.
decks-publish_none = Нет оконченного карточного турнира, чьи списки можно опубликовать.

## /begin at the highest strictness (503)
decks-begin_missing = ⚠️ Высший уровень строгости: без принятого дэк-листа — { $count } { $count ->
        [one] игрок
        [few] игрока
       *[many] игроков
    }: { $names }. Турнир не начат. Уберите их из турнира (/drop ответом на сообщение игрока) или начните без их списков: /begin override.
decks-round_one_missing = ⚠️ Высший уровень строгости: без принятого дэк-листа — { $count } { $count ->
        [one] игрок
        [few] игрока
       *[many] игроков
    }: { $names }. Тур 1 не разведён. Уберите их из турнира (/drop ответом на сообщение игрока) или разведите тур без их списков: /next_round override.
decks-begin_usage = Формат: /begin — начать турнир; /begin override — начать, хотя не у всех принят дэк-лист (высший уровень строгости).
log-sw_deck_edit = дэк-лист исправлен судьёй: { $name }
log-sw_lists_waived = начало без дэк-листов, решение организатора: { $names }

## /cards
decks-cards_usage = 📚 Список карт клуба — CSV-файл с подписью /cards (или /cards и строки CSV в одном сообщении). Столбцы в первой строке: name, set, class, type, horde (название, сет, класс, тип, орда); разделитель — запятая или точка с запятой. Новый список заменяет прежний.
decks-cards_wait = Пришлите CSV-файл списка карт следующим сообщением (/cancel — отмена).
decks-cards_loaded = 📚 Список карт загружен: { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }.
decks-cards_none = Ни одной карты не прочитано — прежний список карт остаётся.
decks-cards_skipped = Пропущены строки с ошибками:
decks-club_only = Список карт и списки запрещённых карт — общие для клуба: менять их могут только организаторы клуба.
decks-more_errors = …и ещё { $count } { $count ->
    [one] ошибка
    [few] ошибки
   *[many] ошибок
}: исправьте эти и пришлите список снова.
decks-err_csv_empty = Файл пустой.
decks-err_csv_no_name = в первой строке нет столбца name (название).
decks-err_csv_bad_name = «{ $text }» — нет названия карты.
decks-err_csv_bad_horde = «{ $text }» — в столбце horde ожидается да или нет (1 или 0).
decks-err_csv_too_many = больше { $max } карт: остальные не прочитаны.
decks-err_csv_long_line = строка длиннее { $max } знаков — не карта: пропущена.
decks-err_csv_not_cards = больше { $max } строк не читаются как карты: это не список карт клуба, ничего не загружено.
decks-err_csv_bad_quote = «{ $text }» — кавычка не закрыта (или после закрывающей кавычки нет разделителя): строка пропущена.
decks-err_csv_empty_row = «{ $text }» — пустая строка: одни разделители, ни одного значения.
decks-err_csv_extra_cells = «{ $text }» — { $count } { $count ->
        [one] значение
        [few] значения
       *[many] значений
    }, а столбцов в первой строке — { $columns }: строка пропущена (если в названии есть разделитель, возьмите название в кавычки).
decks-err_csv_invisible = «{ $text }» — невидимые или управляющие символы в строке.

## /banned
decks-banned_usage = Формат: /banned &lt;подформат&gt; — показать список; /banned &lt;подформат&gt; add Карта; Карта — добавить; /banned &lt;подформат&gt; remove Карта — убрать. Подформаты: classic (Классика), standard (Стандарт), block (Блок), class_wars (Классовые войны).
decks-banned_overview = 🚫 Запрещённые карты (612) — в драфте и силеде они разрешены:
decks-banned_overview_line = { $sub } ({ $list }): { $count }
decks-banned_list = 🚫 Запрещённые карты — { $sub }: { $count }
    { $cards }
decks-banned_empty = 🚫 Запрещённые карты — { $sub }: список пуст.
decks-banned_added = Добавлено в список «{ $sub }»: { $count }.
decks-banned_removed = Убрано из списка «{ $sub }»: { $count }.

## Menus and /help
menu-deck = Дэк-лист: прислать или посмотреть
menu-decks = Дэк-листы турнира: кто прислал, публикация ТОПа
menu-cards = Список карт клуба (CSV)
menu-banned = Запрещённые карты по подформатам
