"""A ladder's TOML config (`altay arena/sprt --config`): a misspelt setting is named, with the
close ones, in one sentence that points at the command's help, and nothing is started."""

from __future__ import annotations

from click.testing import CliRunner

from altay_cli.cli import main


def _refused(tmp_path, command: list[str], text: str) -> str:
    config = tmp_path / "ladder.toml"
    config.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, [*command, "--out", str(out), "--config", str(config)], prog_name="altay"
    )
    assert result.exit_code == 2 and not out.exists()
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1
    return errors[0]


def test_a_misspelt_setting_is_named_with_what_was_meant(tmp_path) -> None:
    error = _refused(tmp_path, ["sprt", "random", "random"], "move_msx = 300\n")
    assert "unknown setting 'move_msx' (did you mean 'move-ms'?)" in error
    assert "`altay sprt --help`" in error


def test_a_setting_like_none_says_where_the_settings_are(tmp_path) -> None:
    error = _refused(tmp_path, ["arena", "a=random", "b=random"], "colour = 'blue'\n")
    assert "unknown setting 'colour';" in error and "did you mean" not in error
    assert "`altay arena --help`" in error and "[bots]" in error
