"""The web pages: the game viewer and the arena's and SPRT's report pages."""
