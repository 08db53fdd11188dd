"""`altay keygen`: an Ed25519 key pair for signing game logs."""

from __future__ import annotations

import click


@click.command()
@click.argument("key", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Replace KEY and KEY.pub if they exist.")
def keygen(key: str, force: bool) -> None:
    """Write a new Ed25519 private key to KEY (mode 0600) and its public key to KEY.pub.

    Sign logs with the private key (`altay match ... --sign-key KEY`, also `play` and
    `arena`); anyone can then check that a log is yours and unchanged with the public key
    (`altay replay LOG --public-key KEY.pub`). Keep KEY secret: whoever has it can sign.

    \b
    Example:
      altay keygen organiser.key
      altay arena a=random b=greedy --games 4 --sign-key organiser.key --out ladder
      altay replay ladder/logs/000000.jsonl --public-key organiser.key.pub
    """
    from ..logsign import KeyFileError, generate

    try:
        signer = generate(key, force=force)
    except KeyFileError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(f"private key: {key} (keep it secret)")
    click.echo(f"public key:  {key}.pub (fingerprint {signer.fingerprint})")
