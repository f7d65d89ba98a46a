"""The README and docs/ name only what exists: every address they show is a route of the
app, every `make` target is in the Makefile, and every setting is read."""

import re
from pathlib import Path

from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Where a setting may be read: the app, gunicorn's settings, the Makefile, CI and the
# test support (for the tests' own settings).
READERS = [
    *sorted((ROOT / "chicago_scorer").rglob("*.py")),
    ROOT / "gunicorn.conf.py",
    ROOT / "Makefile",
    *sorted((ROOT / ".ci").iterdir()),
    *sorted((ROOT / "tests" / "support").glob("*.py")),
    *sorted((ROOT / "tests").rglob("conftest.py")),
]


def code_in(document: Path) -> list[str]:
    """What a document writes as code: inline spans and fenced blocks."""
    text = document.read_text(encoding="utf-8")
    return re.findall(r"`([^`\n]+)`", text) + re.findall(r"```[\w-]*\n(.*?)```", text, re.S)


def is_route(app, address: str) -> bool:
    """Whether the app answers ``address`` (a ``<placeholder>`` stands for any value), for
    some method; an address ending in ``/`` may name the start of several."""
    adapter = app.url_map.bind("localhost")
    path = re.sub(r"<[^>]+>", "1", address)
    if path.endswith("/") and any(rule.rule.startswith(path) for rule in app.url_map.iter_rules()):
        return True
    try:
        adapter.match(path, method="GET")
    except MethodNotAllowed:
        return True
    except (NotFound, RequestRedirect):
        return False
    return True


def addresses_named(app) -> list[tuple[str, str]]:
    """Every address of the app the documents write as code: those whose first segment
    is one of the app's (not a file such as /LC_MESSAGES/…)."""
    first_segments = {rule.rule.split("/")[1] for rule in app.url_map.iter_rules()}
    found = []
    for document in DOCUMENTS:
        for code in code_in(document):
            for match in re.finditer(r"(?<![\w.~/:])(/[\w\-.<>%]+(?:/[\w\-.<>%]*)*)", code):
                if match.group(1).split("/")[1] in first_segments:
                    found.append((document.name, match.group(1)))
    return found


def test_every_address_the_docs_show_is_a_route_of_the_app(app):
    named = addresses_named(app)
    assert len(named) > 20
    assert [(document, address) for document, address in named if not is_route(app, address)] == []


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):", text, re.MULTILINE))


def test_every_make_target_the_docs_name_is_in_the_makefile():
    named = {
        (document.name, target)
        for document in DOCUMENTS
        for code in code_in(document)
        # A command that starts with make, perhaps after settings: HOST=… make run.
        for target in re.findall(
            r"(?:^|&&|;)\s*(?:[A-Z_]+=\S*\s+)*make ([a-z][\w-]*)", code, re.MULTILINE
        )
    }
    assert {"run", "test"} <= {target for _, target in named}
    assert {
        (document, target) for document, target in named if target not in makefile_targets()
    } == set()


def settings_named() -> set[tuple[str, str]]:
    """Every variable a document sets (``NAME=…``) or lists in a table's first column."""
    named = set()
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for code in code_in(document):
            named |= {(document.name, name) for name in re.findall(r"\b([A-Z][A-Z0-9_]+)=", code)}
        for cell in re.findall(r"^\| ([^|]+) \|", text, re.MULTILINE):
            named |= {
                (document.name, name)
                for name in re.findall(r"`([A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{4,})`", cell)
            }
    return named


def test_every_setting_the_docs_name_is_read():
    readers = "\n".join(path.read_text(encoding="utf-8") for path in READERS if path.is_file())
    named = settings_named()
    assert {"DATABASE_URL", "SECRET_KEY", "TRUSTED_PROXIES"} <= {name for _, name in named}
    unread = {
        (document, name)
        for document, name in named
        if not re.search(rf"""["'$(]{name}\b|^{name} \??=""", readers, re.MULTILINE)
    }
    assert unread == set()
