"""The Limited formats' own rules (601, 603, 608, 609): pods, the pick clock, deck sizes.

What every card format shares is in ``rules.card_formats``.
"""
