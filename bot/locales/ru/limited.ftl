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
limited-wiz_heroes_plans = Колода в турнире героев — от { $deck } карт плюс герой (609.5), поэтому здесь только бустеры, из которых на драфте набирается { $deck } карт и больше.
limited-wiz_drafts_pool = за { $drafts } { $drafts ->
        [one] драфт
        [few] драфта
       *[many] драфтов
    } — { $cards } { $cards ->
        [one] карта
        [few] карты
       *[many] карт
    }
limited-wiz_drafts_refused = Колода силеда после драфтов — от { $deck } карт (608.4, 603.6). На бустерах { $plan } { $pools }: этого не хватает, и такие варианты не предлагаются.
limited-wiz_draft_rounds = Число туров в драфте не выбирают (601.5.4): 3, если за каждым столом драфта меньше 8 игроков, иначе 4.
limited-draft_rounds = 3 или 4 по столам драфта (601.5.4)
limited-sealed_next = 📦 Дальше — силед (608.4): со следующего тура каждый играет всеми картами, полученными на драфтах, как силедным пулом. Колода — от { $deck } карт (603.6), в раздачу { $hand } карт (603.7).
limited-pairing_sealed = 📦 С этого тура — силед (608.4): все карты ваших драфтов — силедный пул. Колода — от { $deck } карт, в раздачу { $hand } карт.
