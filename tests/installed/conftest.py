"""The tool tests here leave the process as they found it (tests/leaks.py)."""

from tests.leaks import pytest_runtest_setup, pytest_runtest_teardown  # noqa: F401
