"""A page's whole number is its digits alone, and text that is not one gets one refusal
alone, in the field's own words: no validator runs on a number that was never read."""

import io

import pytest
from werkzeug.datastructures import FileStorage, MultiDict
from wtforms import Form
from wtforms.validators import DataRequired, InputRequired, Optional

from chicago_scorer.web.whole_numbers import AtLeast, WholeNumberField

UNREADABLE = "Type a whole number."


class CountForm(Form):
    # DataRequired would speak up for a number never read, as the refusal must stop it.
    count = WholeNumberField(
        validators=[DataRequired("Needed."), AtLeast(1, "At least 1.")], unreadable=UNREADABLE
    )


class PageForm(Form):
    count = WholeNumberField(
        validators=[InputRequired("Needed."), AtLeast(1, "At least 1.")], unreadable=UNREADABLE
    )


class OptionalCountForm(Form):
    count = WholeNumberField(validators=[Optional(), AtLeast(1, "At least 1.")])


@pytest.mark.parametrize("written", ["fifty", "6_0", "+1", "１", "١", " 1 ", "-3", "1.0"])
def test_text_that_is_no_whole_number_gets_its_one_refusal_alone(written):
    form = CountForm(MultiDict({"count": written}))

    assert not form.validate()
    assert form.count.errors == [UNREADABLE]


def test_a_file_sent_as_the_number_is_refused_as_unreadable():
    upload = FileStorage(io.BytesIO(b"12"), "count.txt", name="count")

    form = CountForm(MultiDict({"count": upload}))

    assert not form.validate()
    assert form.count.errors == [UNREADABLE]


def test_digits_are_read_and_then_checked():
    assert PageForm(MultiDict({"count": "12"})).validate()
    below = PageForm(MultiDict({"count": "0"}))
    assert not below.validate()
    assert below.count.errors == ["At least 1."]


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_box_is_no_number(blank):
    form = OptionalCountForm(MultiDict({"count": blank}))

    assert form.validate()
    assert form.count.data is None
