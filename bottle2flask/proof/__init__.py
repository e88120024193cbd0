"""The proof a port leaves: its self-check, and a recorded test suite the user keeps.

    answers.py    what a recorded answer keeps (status, type, redirect, body digest);
                  copied into the suite as bottle2flask_answers.py: standard library only
    suite.py      the test module copied into OUT/tests/: pytest + WebTest, one test a
                  recorded request, run against the port and, while it is there, the original
    data_files.py what a data file of the app is; taken at port time into OUT/tests/,
                  laid over each app's copy by the suite (copied as
                  bottle2flask_data_files.py: standard library only)
    suite_conftest.py  copied into OUT/tests/ as conftest.py: pytest collects the folders
                  above the suite (the port, a package) as plain folders, never imports them
    command.py    `bottle2flask test OUT`: the suite run with the tool's own pytest
    record.py     a parity run's steps -> the suite's JSON, and writing the suite (with
                  parity/kept.py as bottle2flask_kept.py: what two runs of the original
                  both kept, where they differed)
    check.py      `port`'s self-check: both apps started in processes of their own, on
                  copies, the same requests sent, a verdict per route and an exit status
    reach.py      every route of the original (mounted apps' too), and a request for each
                  one the crawl missed: path values seen or made to match the filters
    inputs.py     what each view reads (form, query, JSON, file fields), read with LibCST
"""
