"""sentence_at: the sentence holding a span, by the marks that end sentences in English and Chinese."""
from evaluators.text.sentences import sentence_at


def test_the_sentence_holding_a_span_ends_at_its_marks():
    text = "Booked slot DAUB-6.862. Site notes: Panels must be dry; no visits within two days of rain."
    start = text.index("no visits")
    assert sentence_at(text, start, start + 9) == " no visits within two days of rain"
    assert sentence_at(text, 0, 6) == "Booked slot DAUB-6.862"  # a point before a digit ends nothing
    chinese = "已为您预订。场地须知：雨后两天内不接待！"
    assert sentence_at(chinese, chinese.index("雨"), chinese.index("雨") + 1) == "场地须知：雨后两天内不接待"
