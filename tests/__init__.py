"""The test suite (a package, so that one test folder can use another's helpers: tests.server.live)."""
