"""The hostile corpus (tests/data/hostile/): refused with exit 2 and one clear line, nothing run or written.

Every refused file goes through every command in-process; a few, and the huge files generated
here, also through a subprocess under a memory limit.  The accepted corpus (valid puzzles with
payloads in free text) is solved normally, with the payload only inside one comment line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from asp_sudoku.cli import main
from asp_sudoku.formats import load_many
from asp_sudoku.program.render import render

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "data" / "hostile"
ACCEPTED = HOSTILE / "accepted"
NOT_CORPUS = {"EXPECTED.tsv", "README.md"}
EXPECTED = dict(
    line.split("\t", 1)
    for line in (HOSTILE / "EXPECTED.tsv").read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#")
)
REFUSED = sorted(p.name for p in HOSTILE.iterdir() if p.is_file() and p.name not in NOT_CORPUS)
ACCEPTED_FILES = sorted(p.name for p in ACCEPTED.iterdir() if p.is_file())
MARKER = Path("/tmp/asp_sudoku_hostile_marker")
PAYLOAD_WORDS = ("#script", "#include", "#end", "import os")
MEMORY_LIMIT = 1 << 30  # bytes of address space for subprocess runs


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Name -> (size, mtime) of every file below a folder."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory; the payload markers are absent before the test."""
    monkeypatch.chdir(tmp_path)
    MARKER.unlink(missing_ok=True)
    return tmp_path


def _assert_one_error_line(err: str, name: str, expect: str) -> None:
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, f"not exactly one line: {err!r}"
    assert err.startswith("asp-sudoku: error: "), err
    assert name in err or "rules/" in expect, err  # a rules file's error names the rules file
    assert expect in err, f"{expect!r} not in {err!r}"


# Collections whose first line is good and second bad: the good line is answered, the bad one
# is the error line.
BAD_SECOND_LINE = {"text-collection-bad-line.txt", "lines-bad-entry.txt"}


def _assert_no_output(out: str, name: str, command: str) -> None:
    """Nothing on stdout but the answers for a collection's good lines."""
    if name in BAD_SECOND_LINE and command == "minimize":  # a minimal puzzle only if line 1 is unique
        assert f"{name}:2" not in out, out
    elif name in BAD_SECOND_LINE and command != "encode":
        assert f"{name}:1" in out and f"{name}:2" not in out, out
    else:
        assert out == ""


def _assert_nothing_ran(workdir: Path) -> None:
    assert not MARKER.exists(), "a payload ran"
    assert not (workdir / "hostile_marker").exists(), "a payload ran"


def test_corpus_is_large_and_every_file_has_an_expectation() -> None:
    assert len(REFUSED) >= 50
    assert set(SAMPLE) <= set(REFUSED)
    assert set(REFUSED) == set(EXPECTED), set(REFUSED) ^ set(EXPECTED)
    assert len(ACCEPTED_FILES) >= 8


# Every command that reads puzzle files and stops at a bad one (batch goes on: its own test).
# They share one loader: every file goes through solve and encode -o, a sample through all.
FILE_COMMANDS = ["solve", "count", "check", "encode", "candidates", "explain", "minimize"]
SAMPLE = [
    "inject-rule-name.toml", "inject-cell-script.toml", "deep-array.toml", "size-5000-digits.toml",
    "invalid-utf8.toml", "nul-byte.txt", "text-collection-bad-line.txt", "rules-file-script.toml",
    "rules-file-traversal.toml", "killer-duplicate-label.toml", "fp-deep.json",
    "fp-payload-killer-inject.txt", "sp-scl-inject.txt", "iss-cell-inject.txt", "lines-bad-entry.txt",
]
CASES = sorted({(n, c) for n in REFUSED for c in ("solve", "encode")} | {(n, c) for n in SAMPLE for c in FILE_COMMANDS})


@pytest.mark.parametrize(("name", "command"), CASES)
def test_refused_in_process(
    name: str, command: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _snapshot(HOSTILE)
    argv = [command, str(HOSTILE / name)]
    if command == "encode":
        argv += ["-o", "out.lp"]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, err
    _assert_no_output(out, name, command)
    if name in BAD_SECOND_LINE and command == "minimize":  # minimize's report of line 1 is on stderr
        err = "".join(ln for ln in err.splitlines(keepends=True) if ln.startswith("asp-sudoku:"))
    _assert_one_error_line(err, name, EXPECTED[name])
    _assert_nothing_ran(workdir)
    assert _snapshot(workdir) == {}, "something was written"
    assert _snapshot(HOSTILE) == before


@pytest.mark.parametrize("name", ACCEPTED_FILES)
def test_accepted_payloads_stay_in_one_comment(
    name: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", str(ACCEPTED / name)]) == 0
    assert main(["encode", str(ACCEPTED / name), "-o", "out.lp"]) == 0
    capsys.readouterr()
    assert set(_snapshot(workdir)) == {"out.lp"}, "written outside the output path"
    program = (workdir / "out.lp").read_text(encoding="utf-8")
    for line in program.splitlines():
        if any(word in line for word in PAYLOAD_WORDS):
            assert line.startswith("% Puzzle: "), f"payload outside the title comment: {line!r}"
    # Every line break of the title is escaped: the program has the same lines however it is split.
    assert program.splitlines() == program.split("\n")[:-1]
    assert "\r" not in program
    [puzzle] = load_many(str(ACCEPTED / name))
    assert render(puzzle).text == program
    _assert_nothing_ran(workdir)


@pytest.mark.parametrize("name", ACCEPTED_FILES)
def test_accepted_titles_print_on_one_line(name: str, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(ACCEPTED / name)]) == 0  # solutions found (18: not unique)
    out, err = capsys.readouterr()
    header = out.splitlines()[0]
    assert out.split("\n")[0] == header  # no U+2028 or \r splits the header line
    assert "\x1b" not in out and "\x9b" not in out and "\u202e" not in out
    assert err == ""


def test_accepted_encoded_program_runs_the_same_in_clingo(workdir: Path) -> None:
    """The file `encode` writes, solved by the clingo executable: same count, payload inert."""
    assert main(["encode", str(ACCEPTED / "title-script.toml"), "-o", "prog.lp"]) == 0
    run = subprocess.run(
        [sys.executable, "-m", "clingo", "prog.lp", "0", "--outf=2"],
        cwd=workdir, capture_output=True, text=True, timeout=60,
    )
    assert '"Models"' in run.stdout and '"Number": 18' in run.stdout, run.stdout + run.stderr
    _assert_nothing_ran(workdir)


# --- subprocess runs under a memory limit ------------------------------------------------


def _limiter(limit: int) -> Callable[[], None]:
    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return limit_memory


def run_cli(
    args: list[str], cwd: Path, timeout: float = 120, memory: int = MEMORY_LIMIT
) -> subprocess.CompletedProcess[str]:
    """`python -m asp_sudoku ARGS` from the source tree, with at most `memory` bytes of address space."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ASP_SUDOKU_TRACEBACK", None)
    return subprocess.run(
        [sys.executable, "-m", "asp_sudoku", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
        preexec_fn=_limiter(memory) if sys.platform.startswith("linux") else None,
    )


SUBPROCESS_SAMPLE = [
    "inject-rule-name.toml",
    "inject-cell-script.toml",
    "deep-array.toml",
    "size-5000-digits.toml",
    "invalid-utf8.toml",
    "nul-byte.txt",
    "redos-table-header.toml",
    "text-collection-bad-line.txt",
    "fp-deep.json",
    "fp-payload-duplicate-key.txt",
    "sp-scl-deep.txt",
    "iss-number-5000-digits.txt",
]


@pytest.mark.parametrize("name", SUBPROCESS_SAMPLE)
def test_refused_in_a_subprocess(name: str, workdir: Path) -> None:
    run = run_cli(["solve", str(HOSTILE / name)], workdir)
    assert run.returncode == 2, run.stderr
    _assert_no_output(run.stdout, name, "solve")
    _assert_one_error_line(run.stderr, name, EXPECTED[name])
    _assert_nothing_ran(workdir)
    assert _snapshot(workdir) == {}


def _write_big(path: Path, head: str, filler: str, count: int, tail: str) -> None:
    with path.open("w", encoding="utf-8") as f:
        f.write(head)
        chunk = filler * 4096
        for _ in range(count // 4096):
            f.write(chunk)
        f.write(filler * (count % 4096))
        f.write(tail)


def lz_bomb(k: int) -> str:
    """An lz-string payload standing for 'a' * (k*(k+1)/2): each code names the entry being made."""
    from asp_sudoku.formats.lzstring import BASE64, _BitWriter

    out = _BitWriter(6, BASE64)
    enlarge_in, num_bits = 2, 2

    def write(value: int, bits: int, steps: int) -> None:
        nonlocal enlarge_in, num_bits
        out.write(value, bits)
        for _ in range(steps):
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, num_bits = 1 << num_bits, num_bits + 1

    write(0, num_bits, 0)
    write(ord("a"), 8, 2)  # the literal 'a'
    for length in range(2, k + 1):
        write(length + 2, num_bits, 1)  # the code of 'a' * length
    out.write(2, num_bits)
    text = out.finish()
    return text + "=" * ((4 - len(text) % 4) % 4)


def test_lz_bomb_builder_matches_lz_string() -> None:
    from asp_sudoku.formats.lzstring import compress_to_base64, decompress_from_base64

    assert lz_bomb(10) == compress_to_base64("a" * 55)
    assert decompress_from_base64(lz_bomb(300)) == "a" * 45150


def _generated(tmp: Path) -> list[tuple[str, str]]:
    """Huge hostile files, made here rather than committed: (file name, expected phrase)."""
    made = []
    _write_big(tmp / "huge-100mb.json", '{"size": 9, "title": "', "A" * 1024, 100 * 1024, '"}\n')
    made.append(("huge-100mb.json", "larger than the limit"))
    (tmp / "deep-json.json").write_text("[" * 1_000_000 + "]" * 1_000_000, encoding="ascii")
    made.append(("deep-json.json", ""))
    (tmp / "deep-toml.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="ascii")
    made.append(("deep-toml.toml", "nest too deeply"))
    (tmp / "too-big.toml").write_text("size = 9\n" + "# padding\n" * 150_000, encoding="ascii")
    made.append(("too-big.toml", "larger than the limit"))
    (tmp / "many-clues.toml").write_text(
        "size = 9\n" + '[[thermo]]\ncells = ["r1c1", "r1c2"]\n' * 10_001, encoding="ascii"
    )
    made.append(("many-clues.toml", "the limit is 10000"))
    (tmp / "redos-million.toml").write_text(
        'title = """\n[[ ' + " " * 900_000 + 'x\n"""\nsize = 9\n', encoding="ascii"
    )
    made.append(("redos-million.toml", "longer than"))
    line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
    # a bad last line after 5,000 good ones (each is solved before it: 25,000 took 22 s)
    (tmp / "collection-5000.txt").write_text(line * 5_000 + line[:-2] + "X\n", encoding="ascii")
    made.append(("collection-5000.txt", "'X' is not a digit"))
    (tmp / "wide-row.toml").write_text('givens = """\n' + "1" * 500_000 + '\n"""\n', encoding="ascii")
    made.append(("wide-row.toml", "not square"))
    # 45 KB standing for 200 million characters (3 GB while decoding) before the bound
    (tmp / "lz-bomb.txt").write_text("https://www.f-puzzles.com/?load=" + lz_bomb(20_000) + "\n", encoding="ascii")
    made.append(("lz-bomb.txt", "expands to more than"))
    (tmp / "sp-lz-bomb.txt").write_text("https://sudokupad.app/scl" + lz_bomb(20_000) + "\n", encoding="ascii")
    made.append(("sp-lz-bomb.txt", "expands to more than"))
    (tmp / "deep-fpuzzles.json").write_text('{"size": 9, "grid": ' + "[" * 1_000_000 + "]" * 1_000_000 + "}")
    made.append(("deep-fpuzzles.json", "nests too deeply"))
    (tmp / "a folder").mkdir()
    made.append(("a folder", "is a directory"))
    made.append(("missing.toml", "No such file"))
    return made


@pytest.fixture(scope="module")
def generated_inputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The huge files, made once for the cases below (each worker of a parallel run makes its own)."""
    inputs = tmp_path_factory.mktemp("inputs")
    return inputs, dict(_generated(inputs))


GENERATED = ["huge-100mb.json", "deep-json.json", "deep-toml.toml", "too-big.toml", "many-clues.toml",
             "redos-million.toml", "collection-5000.txt", "wide-row.toml", "lz-bomb.txt", "sp-lz-bomb.txt",
             "deep-fpuzzles.json", "a folder", "missing.toml"]


@pytest.mark.slow
@pytest.mark.parametrize("name", GENERATED)
def test_huge_generated_files_are_refused_within_a_memory_limit(
    name: str, workdir: Path, generated_inputs: tuple[Path, dict[str, str]]
) -> None:
    inputs, expected = generated_inputs
    assert list(expected) == GENERATED
    before = _snapshot(workdir)
    run = run_cli(["count", str(inputs / name)], workdir)
    assert run.returncode == 2, (name, run.stderr[-500:])
    _assert_one_error_line(run.stderr, name, expected[name])
    assert _snapshot(workdir) == before, name
    _assert_nothing_ran(workdir)


def test_dev_zero_is_read_only_up_to_the_limit(workdir: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    run = run_cli(["solve", "/dev/zero"], workdir)
    assert run.returncode == 2
    _assert_one_error_line(run.stderr, "/dev/zero", "larger than the limit")


def test_file_name_with_line_break_is_one_line(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = workdir / "two\nlines\u2028.txt"
    bad.write_text("12\n", encoding="utf-8")
    assert main(["solve", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "\u2028" not in err
    assert "two\\nlines\\u2028.txt" in err


def test_usage_error_with_line_break_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--from", "x\ny", "f"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [["--size", "1000000"], ["--rules", "x). #script (python)"], ["--clues", "script"], ["--box", "99x99"],
     ["--size", "4", "--output-dir", "/proc/no/such/dir"]],
    ids=["size", "rules", "clues", "box", "output-dir"],
)
def test_generate_refuses_hostile_arguments(argv: list[str], workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert _snapshot(workdir) == {}


RULE_FILES = sorted(p.name for p in (HOSTILE / "rules").iterdir())


@pytest.mark.parametrize("name", RULE_FILES)
def test_hostile_rules_file_on_the_command_line(name: str, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--rules-file is the user's own choice, but is checked all the same."""
    puzzle = ROOT / "instances" / "classic-4x4-seed-a.toml"
    assert main(["count", str(puzzle), "--rules-file", str(HOSTILE / "rules" / name)]) == 2
    out, err = capsys.readouterr()
    _assert_one_error_line(err, name, "")
    _assert_nothing_ran(workdir)


def test_rules_file_that_never_ends(workdir: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    puzzle = ROOT / "instances" / "classic-4x4-seed-a.toml"
    run = run_cli(["count", str(puzzle), "--rules-file", "/dev/zero"], workdir, timeout=60)
    assert run.returncode == 2
    _assert_one_error_line(run.stderr, "/dev/zero", "larger than the limit")


@pytest.mark.slow
def test_rules_file_with_a_huge_range_runs_out_of_memory_cleanly(workdir: Path) -> None:
    """Grounding `X = 1..10^8` needs gigabytes: under a memory limit it is a clear error."""
    (workdir / "huge.lp").write_text("user_n(X) :- X = 1..100000000.\n", encoding="utf-8")
    (workdir / "p.toml").write_text('size = 4\nrules-file = "huge.lp"\n', encoding="utf-8")
    run = run_cli(["count", "p.toml"], workdir, timeout=300, memory=600 << 20)
    assert run.returncode == 2, run.stderr
    _assert_one_error_line(run.stderr, "huge.lp", "ran out of memory")


def test_nul_in_file_name_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "a\x00b.toml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "NUL" in err
