"""python -m harness.bench [--quick]: the same run as `kit bench`."""

import argparse
import sys

from . import run

parser = argparse.ArgumentParser(prog="python -m harness.bench",
                                 description=run.__doc__.splitlines()[0])
run.add_arguments(parser)
sys.exit(run.main(parser.parse_args()))
