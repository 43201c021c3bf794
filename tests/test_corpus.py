"""ilpc against a public corpus: the 59 ASN.1 files of asn1tools' test suite (its sdist,
fetched with pip and cached; tests/corpus/run.py).

Every file is compiled (with the files of the modules it imports): at least
COMPILE_FLOOR of them must compile (a ratchet: raise it as support grows, never lower
it), and every file ilpc rejects must be rejected with a located ``file:line:col:
error:`` and exit status 1, never a crash or a traceback.  A few small files that
compile are built (gcc and clang, -Werror) and round-tripped against the oracle.
"""
from __future__ import annotations

import fcntl
import pickle

import pytest

from conftest import run_dir
from corpus import run as corpus

pytestmark = [pytest.mark.network]

# The number of corpus files that compile today; raise it as support grows.  (53 since
# the checks of distinct tags: extensibility_implied.asn violates X.680 25.7, run.py's
# KNOWN_ERRORS.)
COMPILE_FLOOR = 53

# Small files that compile: built warning-free and round-tripped against the oracle.
# x691_a4.asn (a BMPString, extension addition groups) and information_object.asn (a
# class field's own SIZE, a set in a defined syntax the oracle does not read) once
# failed for want of the oracle's modelling.
SMALL = ["bar.asn", "module-2.asn", "c_source/boolean.asn", "x691_a4.asn", "information_object.asn"]


@pytest.fixture(scope="module")
def files():
    try:
        return corpus.corpus_dir()
    except (corpus.CorpusUnavailable, OSError) as e:
        pytest.skip(f"the corpus (asn1tools {corpus.SDIST_VERSION} sdist) cannot be fetched: {e}")


@pytest.fixture(scope="module")
def results(files, tmp_path_factory):
    """Every file compiled, once per test run: pytest-xdist may run this file's tests on
    both workers, or tear the module's fixtures down between them; the first to get
    here compiles (under a lock), the others read its results."""
    root = run_dir(tmp_path_factory)
    with open(root / "corpus-results.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = root / "corpus-results.pickle"
        if done.exists():
            return pickle.loads(done.read_bytes())
        res = {r.file: r for r in corpus.run(files, tmp_path_factory.mktemp("corpus"), jobs=2)}
        done.write_bytes(pickle.dumps(res))
        return res


def test_corpus_is_complete(files):
    names = corpus.spec_files(files)
    assert len(names) == 59
    assert set(corpus.PROTOCOL) - set(corpus.NOT_IN_SDIST) <= set(names)
    for rel, deps in corpus.IMPORTS.items():
        assert rel in names and set(deps) <= set(names)


def test_compile_floor(results):
    ok = sorted(f for f, r in results.items() if r.compiles)
    assert len(ok) >= COMPILE_FLOOR, (f"{len(ok)} corpus files compile, fewer than the floor {COMPILE_FLOOR}: "
                                      f"{ok}\n{corpus.summary(list(results.values()))}")


def test_known_errors_are_exactly_those(results):
    """The files that hold errors (corpus.KNOWN_ERRORS) get exactly those, each located."""
    for rel, expected in corpus.KNOWN_ERRORS.items():
        assert results[rel].known, (f"{rel}: expected {expected}, ilpc gave {results[rel].error_lines}")


def test_rejections_are_located_errors(results):
    bad = [corpus.line(r) for r in results.values() if not r.compiles and (r.crashed or not r.located)]
    assert not bad, "\n".join(bad)


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("rel", SMALL)
def test_small_file_builds_and_roundtrips(files, results, tmp_path, rel):
    assert results[rel].compiles, results[rel].error
    res = corpus.compile_file(files, rel, tmp_path / "c")
    assert res.compiles
    corpus.build_file(tmp_path / "c", res)
    assert all(v in ("ok", "not installed") for v in res.build.values()), res.build
    corpus.roundtrip_file(files, rel, tmp_path / "c", res)
    assert res.roundtrip_ok, res.roundtrip
