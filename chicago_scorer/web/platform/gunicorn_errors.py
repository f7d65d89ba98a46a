"""What each of gunicorn's errors on reading a request says about the request: the status
the app refuses it with (unreadable_requests.py). The worker (client_deadlines.py) reads
this table; the app itself names no server."""

from gunicorn.http import errors as http_errors

# Errors on a request's head, which the app never saw.
STATUS_OF_UNREADABLE_HEAD: dict[type[Exception], int] = {
    http_errors.LimitRequestLine: 414,
    http_errors.LimitRequestHeaders: 431,
    http_errors.ExpectationFailed: 417,
    http_errors.InvalidRequestLine: 400,
    http_errors.InvalidRequestMethod: 400,
    http_errors.InvalidHTTPVersion: 400,
    http_errors.InvalidHeader: 400,
    http_errors.InvalidHeaderName: 400,
    http_errors.ObsoleteFolding: 400,
    http_errors.InvalidSchemeHeaders: 400,
}

# Errors on a body, raised while the app reads it: chunks that are not HTTP (each a
# ParseException), or a client gone before its body ended.
UNREADABLE_BODY: tuple[type[Exception], ...] = (http_errors.ParseException, http_errors.NoMoreData)


def status_of_unreadable_head(error: BaseException) -> int | None:
    """The status of a request whose head gunicorn could not read, or None for an error
    gunicorn answers itself (a proxy line, TLS, a transfer coding it does not take)."""
    for kind in type(error).__mro__:
        if kind in STATUS_OF_UNREADABLE_HEAD:
            return STATUS_OF_UNREADABLE_HEAD[kind]
    return None
