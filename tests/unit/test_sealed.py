"""603: Sealed's pure rules (rules.limited.sealed)."""

from rules.limited.sealed import DECK_MINIMUM, HAND, SealedProduct, sealed_product


def test_the_three_products_of_603_2() -> None:
    assert [p.value for p in SealedProduct] == ["starter", "seven", "twelve"]
    assert sealed_product("seven") is SealedProduct.SEVEN
    assert sealed_product("twelve") is SealedProduct.TWELVE


def test_a_tournament_without_the_setting_opens_a_starter_and_two_boosters() -> None:
    assert sealed_product(None) is SealedProduct.STARTER
    assert sealed_product("junk") is SealedProduct.STARTER


def test_deck_of_30_and_hand_of_15() -> None:
    assert (DECK_MINIMUM, HAND) == (30, 15)  # 603.6, 603.7
