"""The suite itself: one failing test can never take the run down, and its randomness reruns.

A test whose report holds text that the xdist workers cannot carry (lone surrogates, a huge
captured output) fails alone, with a readable message, and the run goes on to its closing
line. Proved on deliberately failing examples run by pytest under xdist in a subprocess, with
the plugin tests/conftest.py loads (tests/support/report_safety.py); without it the same run
stops with ``INTERNALERROR`` (pytest-xdist 3.8: execnet writes text as strict UTF-8).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]

FAILING = '''
from hypothesis import given, strategies as st

def test_two_lone_surrogates_in_an_assertion():
    assert "\\ud800\\udc00" == "x"

@given(st.just("\\udfff"))
def test_a_property_whose_failing_example_is_a_lone_surrogate(text):
    assert text == "y"

def test_a_huge_captured_output():
    print("z" * 3_000_000)
    assert False, "a huge output"

def test_the_run_goes_on():
    assert True
'''


def run_under_xdist(tmp_path: Path, *plugins: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_failing.py").write_text(FAILING)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    args = [arg for plugin in plugins for arg in ("-p", plugin)]
    return subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", *args, "test_failing.py"],
                          cwd=tmp_path, capture_output=True, text=True, errors="backslashreplace", timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


def test_a_report_the_workers_cannot_carry_fails_alone_and_readably(tmp_path: Path) -> None:
    result = run_under_xdist(tmp_path, "tests.support.report_safety")
    out = result.stdout + result.stderr
    assert "INTERNALERROR" not in out, out[-3000:]
    assert result.returncode == 1, out[-3000:]
    assert "3 failed, 1 passed" in out.splitlines()[-1], out[-3000:]
    assert "\\ud800\\udc00" in out and "\\udfff" in out, "the lone surrogates are shown as their escapes"
    assert "characters cut from this report text" in out
    assert len(out) < 1_000_000, "a huge output reaches the terminal cut"


DRAWING = '''
import os
from hypothesis import given, settings, strategies as st
from tests.support import properties

settings.load_profile(properties.PROFILE)

@settings(max_examples=properties.examples(20))
@given(st.integers(0, 10**9))
def test_draws(value):
    with open(os.environ["DRAWN"], "a") as out:
        out.write(f"{value}\\n")
'''


def drawn(tmp_path: Path, run: int, fuzz: bool) -> list[str]:
    """The examples one run of a small property draws under `make test`'s profile or `make fuzz`'s."""
    (tmp_path / "test_drawing.py").write_text(DRAWING)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    record = tmp_path / f"drawn-{run}.txt"
    env = {**os.environ, "PYTHONPATH": str(REPO), "DRAWN": str(record), "TAVERN_FUZZ": "1" if fuzz else "",
           "TAVERN_FUZZ_SCALE": "2"}
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "test_drawing.py"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stdout[-2000:]
    return record.read_text().split()


def test_make_test_draws_the_same_examples_every_run_and_make_fuzz_fresh_ones(tmp_path: Path) -> None:
    first, second = drawn(tmp_path, 1, fuzz=False), drawn(tmp_path, 2, fuzz=False)
    assert first == second and len(set(first)) > 10
    fresh, other = drawn(tmp_path, 3, fuzz=True), drawn(tmp_path, 4, fuzz=True)
    assert fresh != other and len(fresh) > len(first), "fresh examples, twice as many"


def test_importing_any_module_of_the_suite_or_the_package_patches_nothing_for_gevent():
    """pytest imports every module for its doctests (``--doctest-modules``) in the xdist workers, whose threads a
    gevent ``patch_all`` at import would break ("LoopExit: This operation would block forever")."""
    script = (
        "import importlib, pkgutil, sys\n"
        "import referee, tests.support\n"
        "for package in (referee, tests.support):\n"
        "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        if found.name.split('.')[-1] != '__main__':\n"
        "            importlib.import_module(found.name)\n"
        "from gevent import monkey\n"
        "print(monkey.is_anything_patched())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "False"
