"""`--cluster ADDRESS`, its TLS files and `--verify-sample RATE`, shared by `altay arena` and
`altay sprt` (and settable in their TOML config by the same names: `cluster = "tls://sched:8786"`,
`cluster-ca = "ca.pem"`, `verify-sample = 0.1`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from arena.cluster import ClusterOptions

FLAGS: tuple[tuple[str, str], ...] = (
    ("--cluster", "cluster"),
    ("--cluster-ca", "cluster_ca"),
    ("--cluster-cert", "cluster_cert"),
    ("--cluster-key", "cluster_key"),
    ("--verify-sample", "verify_sample"),
)
SWITCHES: tuple[tuple[str, str], ...] = (("--ship", "ship"),)


def cluster_options(func: Any) -> Any:
    """The six options (values in opts: cluster, cluster_ca, cluster_cert, cluster_key,
    verify_sample, ship)."""
    tls = "TLS with --cluster: "
    func = click.option(
        "--ship",
        is_flag=True,
        default=False,
        help="With --cluster: send each program bot's folder and --bot-ro paths to the workers "
        "(content-addressed, cached and checked there) instead of requiring them at the same "
        "path; the bot's interpreter must still be on every worker.",
    )(func)
    func = click.option(
        "--verify-sample",
        metavar="RATE",
        type=click.FloatRange(0.0, 1.0),
        default=None,
        help="With --cluster: re-simulate only this share of the games the workers send back "
        "(0 to 1; default 1, every game), chosen by this machine from a secret no worker "
        "sees. Every game still has its chain, hash, header and result checked against its "
        "log, and every game with a failure is re-simulated.",
    )(func)
    func = click.option(
        "--cluster-key", metavar="FILE", default=None, help=tls + "this coordinator's private key."
    )(func)
    func = click.option(
        "--cluster-cert", metavar="FILE", default=None, help=tls + "this coordinator's certificate."
    )(func)
    func = click.option(
        "--cluster-ca",
        metavar="FILE",
        default=None,
        help=tls + "the CA that signed the scheduler's and the workers' certificates.",
    )(func)
    return click.option(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="Play the games on the Dask cluster whose scheduler is at ADDRESS (tls://HOST:PORT; "
        "tcp:// only on this machine): this machine keeps the database, the logs and the key, and "
        "checks every game a worker sends back and replays it (or a sample: --verify-sample). "
        "One game at a time per worker process, no more on a machine than its cores "
        "(--concurrency caps it). Needs pip install 'altay[cluster]'; see arena/CLUSTER.md.",
    )(func)


def cluster_from(opts: dict[str, Any]) -> ClusterOptions | None:
    """The cluster the options name (None: play locally)."""
    if not opts.get("cluster"):
        if any(opts.get(k) for k in ("cluster_ca", "cluster_cert", "cluster_key")):
            raise click.UsageError("--cluster-ca, --cluster-cert and --cluster-key go with --cluster ADDRESS")
        if opts.get("verify_sample") is not None:
            raise click.UsageError(
                "--verify-sample goes with --cluster ADDRESS (local games are not re-simulated)"
            )
        if opts.get("ship"):
            raise click.UsageError(
                "--ship goes with --cluster ADDRESS (local games run the bots where they are)"
            )
        return None
    from arena.cluster import ClusterOptions

    sample = opts.get("verify_sample")
    return ClusterOptions(
        opts["cluster"],
        opts.get("cluster_ca"),
        opts.get("cluster_cert"),
        opts.get("cluster_key"),
        verify_sample=1.0 if sample is None else float(sample),
        ship=bool(opts.get("ship")),
    )


def cluster_words(opts: dict[str, Any]) -> list[str]:
    """The cluster options as typed, for a resume command."""
    words: list[str] = []
    for flag, key in FLAGS:
        if opts.get(key) is not None and opts.get(key) != "":
            words += [flag, str(opts[key])]
    words += [flag for flag, key in SWITCHES if opts.get(key)]
    return words
