# No-shows (issue 27, item 7): bot/no_shows.py, handlers/no_shows.py, handlers/profile.py
menu-noshows = Players with no-shows: approval of their entries
noshow-profile_none = 🚷 No no-shows.
noshow-profile_title = 🚷 { $count } { $count ->
    [one] no-show
   *[other] no-shows
} on record, { $recent } in the last { $days } days:
noshow-profile_line = • { $day } — “{ $tournament }”
noshow-profile_of = 👤 <b>{ $name }</b> (club number { $club_id })
noshow-profile_organisers_only = Only an organiser of the club can see another player's profile.
noshow-profile_unknown = No such player: give @username or a club number.
noshow-organiser_told = 🚷 No-shows: { $name } (club number { $club_id }) — { $count } { $count ->
    [one] no-show
   *[other] no-shows
} in the last { $days } days.
noshow-organiser_held = The entry to “{ $tournament }” waits for an organiser's approval.
noshow-organiser_not_held = Now on the list of “{ $tournament }”. Nothing was done automatically; to have such players' entries wait for approval: /noshows approval on
noshow-group_only = /noshows is set in the tournaments' group.
noshow-organisers_only = Only the group's organisers can change this.
noshow-usage = Usage: /noshows approval on|off — whether the entries of a player with { $count } no-shows in { $days } days wait for an organiser's approval.
noshow-approval_is_on = Approval of entries for players with { $count } no-shows in { $days } days: on. The organiser is told either way. To change: /noshows approval off
noshow-approval_is_off = Approval of entries for players with { $count } no-shows in { $days } days: off. The organiser is told either way. To change: /noshows approval on
noshow-approval_on = ✅ From now on the entries of a player with { $count } no-shows in { $days } days wait for an organiser's approval.
noshow-approval_off = ✅ Entries no longer wait for approval; the organiser is still told of a player with { $count } no-shows in { $days } days.
