# The web board of a tournament (bot/web): the page for phones, the club TV and Telegram's Mini App.
web-title = Board · { $name }
web-live = live
web-offline = connection lost, reconnecting…
web-koth = King of the Hill
web-swiss = Card tournament
web-circle = Circle { $circle }
web-main_left = Time left
web-fund = Prize fund: { $fund }
web-at_table = At the table
web-king = King
web-challenger = Challenger
web-queue = Queue
web-queue_empty = The queue is empty
web-circle_end = end of circle
web-players = Players
web-col_player = Player
web-col_wins = Wins
web-col_norm = Norm
web-col_left = To go
web-leader = Leader
web-leaders = { $count ->
    [one] Leader
   *[other] Leaders
}: { $names }
web-winner = Winner: { $name }
web-registration = Registration: { $count } { $count ->
    [one] player
   *[other] players
}
web-cancelled = Tournament cancelled
web-finished = Tournament finished
web-round = Round { $round } of { $total }
web-round_clock = Round ends in
web-pairings = Pairings
web-col_table = Table
web-state_playing = playing
web-state_waiting = awaiting confirmation
web-state_judge = with the judge
web-state_done = done { $result }
web-bye = Auto-win (bye): { $name }
web-standings = Standings
web-col_rank = Place
web-col_points = Points
web-top = Top
web-champion = Champion: { $name }
web-page = Page { $page } of { $pages }
web-not_found = There is no such board. Ask the bot for the link: /board
web-link = 📺 The board of “{ $name }”: { $url }
web-link_button = 📺 Board
web-no_server = The web board is off: set WEB_PORT (or PUBLIC_URL) in the bot's settings.
web-no_tournament = There is no tournament here whose board could be shown.
menu-board = Tournament board: a link for phones and the TV
# Short headers of the tie-breaks in the standings (the full name is the tooltip).
web-tb_bh = Bh
web-tb_mbh = MBh
web-tb_cw = Wins
web-tb_h2h = H2H
web-tb_sb = SB
web-tb_omw = OMW
web-tb_gw = GW
web-tb_ogw = OGW
web-teams = Team event
web-teams_registered = Registration: { $count } { $count ->
    [one] team
   *[other] teams
  }
web-teams_list = Teams
web-col_team = Team
web-col_games = Games
web-draft_tables = Draft seating
web-draft_table = Draft table { $table }
web-teams_top = { $teams ->
    [2] The final
    [4] The semi-finals
   *[other] The quarter-finals
  }
