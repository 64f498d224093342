# Лимитированные форматы: выбор в мастере /new, рассадка на драфт (bot/swiss/pods.py)

swiss-wiz_fmt_draft = Драфт
swiss-wiz_fmt_sealed = Силед
swiss-wiz_fmt_marathon = Марафон (драфты, затем силед)
swiss-wiz_fmt_heroes_tournament = Турнир героев (8 игроков)
swiss-wiz_boosters = Бустеры на драфт? (12-карточные открывают первыми; на одном-двух бустерах турнир любительский)
swiss-wiz_boosters_12 = 1 × 12
swiss-wiz_boosters_7 = 1 × 7
swiss-wiz_boosters_12x2 = 2 × 12
swiss-wiz_boosters_7x2 = 2 × 7
swiss-wiz_boosters_12x3 = 3 × 12
swiss-wiz_boosters_12x4 = 4 × 12
swiss-wiz_boosters_7x4 = 4 × 7
swiss-wiz_boosters_12x2_7x2 = 2 × 12 + 2 × 7
swiss-wiz_drafts = Перед сколькими первыми турами драфт? После каждого драфта — один тур, дальше силед со всеми картами драфтов.
swiss-wiz_drafts_1 = 1
swiss-wiz_drafts_2 = 2
swiss-wiz_drafts_3 = 3
limited-created_plan = Бустеры на драфт: { $plan }.
limited-created_marathon = { $drafts ->
        [1] Драфт перед туром 1, дальше силед.
       *[other] Драфт перед каждым из туров 1–{ $drafts }, дальше силед.
    }
limited-too_few = Слишком мало игроков: { $count }. Для этого формата нужно не меньше { $need } (драфт, силед, марафон — 4, турнир героев — 8).
limited-seating_head = 🪑 <b>{ $name }</b> · рассадка на драфт { $draft } · столы драфта: { $sizes }
limited-seating_table = Стол драфта { $table }: { $players }
limited-board_pod = 🃏 <i>Стол драфта { $pod }</i>
limited-pairing_pod = Тур играется внутри стола драфта { $pod } (601.5.4).
limited-seating_seat = { $seat }. { $name } (№ { $id })
limited-seating_seed = 🎲 Жребий: { $seed }. Проверить может каждый: игроки по клубным номерам по возрастанию, затем тасовка Фишера — Йетса от последнего места к первому, место i меняется с местом SHA-256(«{ $seed }:i») mod (i + 1); список режется на столы по порядку.
limited-seating_by_standings = Рассадка по текущей турнирной таблице: лучшие — за первым столом (п. 601.5.6).
limited-seating_boosters = Бустеры: { $plan }; нечётный бустер передают налево, чётный — направо.
limited-seating_next = Дальше драфт и сборка колод. Тур { $round } судья разводит командой /next_round.
limited-your_seat = 🪑 «{ $name }», драфт { $draft }: стол драфта { $table }, место { $seat }.
    Слева: { $on_left } · справа: { $on_right }.
limited-draft_next = Перед следующим туром — драфт { $draft }: /next_round рассадит игроков по текущей таблице, следующий /next_round разведёт тур.
log-sw_pods = рассадка на драфт
limited-standings_tables = По столам драфта (в ТОП выходит поровну от каждого стола):
limited-standings_seat = { $name }
limited-draft_running = Идёт драфт: бустер { $booster } ещё разбирают. Тур начнётся, когда бустер будет разобран (/draft — часы драфта).
