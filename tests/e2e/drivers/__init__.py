"""The end-to-end tests' drivers: clubs, wizards and players that the tests under ``tests/e2e``
share. A test module imports its helpers from here (or from ``tests.e2e.harness``, ``emulator``
…), never from another test module (``tests/unit/test_test_layout.py`` checks it)."""
