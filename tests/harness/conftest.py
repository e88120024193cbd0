"""The tool tests here leave the process as they found it (tests/leaks.py)."""

from tests.leaks import (  # noqa: F401
    pytest_runtest_setup,
    pytest_runtest_teardown,
    temporary_files_under_pytests_folder,
)
