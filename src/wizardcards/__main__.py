"""``python -m wizardcards``: the ``wizard`` command without its script, so it works from a virtual environment that
is not activated (``.venv/bin/python -m wizardcards play``).

It runs ``cli.py`` as the main module rather than importing it: cli.py is the outermost layer, which no module of
the package imports (tests/test_quality.py), and it ends in ``sys.exit(main())`` when run as ``__main__``.
"""

import runpy

runpy.run_module("wizardcards.cli", run_name="__main__", alter_sys=True)
