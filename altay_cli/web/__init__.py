"""The web pages: `altay view LOG` writes one self-contained HTML page that replays a game step
by step (web/README.md has the page's data format, for the games' drawings); `altay arena
report DIR --html FILE` writes an arena's or an SPRT's results as a page (report.py)."""
