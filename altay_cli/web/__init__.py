"""The web viewer: `altay view LOG` writes one self-contained HTML page that replays a game
step by step (web/README.md has the page's data format, for the games' drawings)."""
