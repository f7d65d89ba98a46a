"""A long form's refusals, listed at its top in page order, each with the box it is by."""

from wtforms import StringField
from wtforms.validators import InputRequired

from chicago_scorer.web.summarized_forms import SummarizedForm


class TwoBoxes(SummarizedForm):
    first = StringField(validators=[InputRequired("Fill in the first box.")])
    second = StringField(validators=[InputRequired("Fill in the second box.")])


def test_a_form_of_plain_boxes_lists_each_refusal_by_its_own_box_in_page_order(app):
    with app.test_request_context(method="POST", data={}):
        form = TwoBoxes(meta={"csrf": False})

        assert not form.validate()
        assert form.refusals() == [
            ("first", "Fill in the first box."),
            ("second", "Fill in the second box."),
        ]
