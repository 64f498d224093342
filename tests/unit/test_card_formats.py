from rules.card_formats import LIMITED, Format, format_of, minimum_field


def test_unknown_or_missing_format_is_constructed() -> None:
    assert format_of(None) is Format.CONSTRUCTED
    assert format_of("bogus") is Format.CONSTRUCTED
    assert format_of("sealed") is Format.SEALED


def test_minimum_fields() -> None:
    assert minimum_field(Format.HEROES_TOURNAMENT) == 8
    assert all(minimum_field(f) == 4 for f in LIMITED - {Format.HEROES_TOURNAMENT})
    assert minimum_field(Format.CONSTRUCTED) == 2
