"""The default run's tests each finish in well under a minute, so pyproject's
`timeout = 600` (pytest-timeout) only ever fires on a hang. The slow tests
(`-m slow`) simulate whole matmul ladders and wave tables: each gets an hour."""
import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(3600))
