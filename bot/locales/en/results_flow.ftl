# A report changed or withdrawn before the opponent answered; a settled game's buttons.
results-changed = Changed: your opponent got a new request; the old one no longer counts.
results-withdrawn = Your result report is withdrawn.
results-stale_request = This request is out of date: the result was changed, answer the new request.
results-gone_request = This request was withdrawn: no answer needed.
results-with_judge = The result is disputed — a judge will decide.
results-report_sent = 📨 You reported: { $claim } ({ $game }). Waiting for confirmation, opponent: { $opponent }.
    A mistake? Press the right result — it replaces this one — or withdraw.
results-withdraw = ↩️ Withdraw
results-request_replaced = ✏️ The request was changed, answer the new one. Was: { $claim } ({ $game }).
results-request_replaced_mine = ✏️ Replaced. Was: { $claim } ({ $game }).
results-request_withdrawn = ↩️ The request was withdrawn, no answer needed. Was: { $claim } ({ $game }).
results-request_withdrawn_mine = ↩️ Withdrawn: { $claim } ({ $game }).
results-settled_line = ✅ { $game }: { $claim }
