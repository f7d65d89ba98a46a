"""Domain errors: each carries one sentence a person at the table can act on."""


class RuleError(Exception):
    """Base for every refusal by the rules; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class RuleViolation(RuleError):
    """The entry breaks a rule or carries a bad value; nothing was recorded."""


class OutOfTurn(RuleError):
    """The entry is for a step other than the next one, or the game is over."""
