"""`flask address`, which `make run` calls with its HOST and PORT, names the address to open."""

from chicago_scorer import cli


def test_served_on_every_network_it_names_each_wifi_address(runner, monkeypatch):
    monkeypatch.setattr(cli, "local_addresses", lambda: ["192.168.1.23"])

    result = runner.invoke(args=["address", "--host", "0.0.0.0", "--port", "5000"])

    assert result.output == "On a phone on the same Wi-Fi, open:\n    http://192.168.1.23:5000/\n"


def test_served_behind_a_proxy_it_names_only_the_local_address(runner, monkeypatch):
    monkeypatch.setattr(cli, "local_addresses", lambda: ["192.168.1.23"])

    result = runner.invoke(args=["address", "--host", "127.0.0.1", "--port", "8000"])

    assert result.output == (
        "Serving on http://127.0.0.1:8000/ only; phones open the proxy's address.\n"
    )
