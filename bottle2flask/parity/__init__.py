"""Parity: send two apps the same requests and report every difference that counts.

    scenario.py   the requests: a user's requests file, links and forms found in pages
    replay.py     send them to both apps in-process (cookie jars, variables, a crawl)
    normalise.py  lift answers into comparable fields; what never counts; intended ones
    runner.py     a whole run (apps on temporary copies, a still clock) and its report
    command.py    `bottle2flask parity A B`
"""
