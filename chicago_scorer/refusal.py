"""The shell's refusals: like the rules' errors, each carries a message in any language."""

from .rules.errors import Message


class Refusal(Exception):
    """A request turned down, with a message a person can act on; ``str()`` is English."""

    def __init__(self, message: Message | str) -> None:
        self.text = message if isinstance(message, Message) else Message(message)
        self.message = str(self.text)
        super().__init__(self.message)
