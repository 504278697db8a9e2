// What each button does with its answer: Steps, Solve, Check, Count, Candidates, Explain, Program.
"use strict";

const actions = {
  async steps() {
    path = null;
    const text = askedText();
    const answer = await post("steps", Object.assign(timeout(), depth()));  // (on `text`, as every request of an action)
    const closing = answer.closing;
    const stopped = closing.timed_out && closing.status === "stuck";  // the time limit, not stuck
    setStatus(stopped ? "stopped" : closing.status,
      (stopped ? "by the time limit after " : "by logic: ") + closing.steps + (closing.steps === 1 ? " step" : " steps") +
      ", rating " + (stopped ? "so far " : "") + closing.rating.toFixed(1),
      answer.seconds);
    $("word").className = stopped ? "unknown" : closing.status.replace(" ", "-");
    path = answer;
    path.puzzle = text;
    stepPanel();
    await showStep(0);
    reveal();
  },
  async solve() {
    const answer = await post("solve", timeout());
    setStatus(answer.status, answer.status === "unique" ? "exactly one solution" : "", answer.seconds);
    const grid = answer.solutions[0];
    showFigures([figure(await picture(grid ? { solution: grid } : {}), grid ? "a solution" : "no solution", grid)]);
  },
  async check() {
    const answer = await post("check", timeout());
    const sols = answer.solutions;
    const words = { unique: "exactly one solution", multiple: "at least two solutions", unsatisfiable: "no solution",
                    unknown: "the time limit stopped the search before it decided" };
    setStatus(answer.status, words[answer.status] || "", answer.seconds);
    if (sols.length >= 2) {
      const cells = differing(sols[0], sols[1]);
      showFigures([
        figure(await picture({ solution: sols[0], highlight: cells }), "solution 1", sols[0]),
        figure(await picture({ solution: sols[1], highlight: cells }), "solution 2", sols[1]),
      ]);
      list("they differ in " + cells.length + " cells:", [cells.join(" ")]);
    } else if (sols.length === 1) {
      showFigures([figure(await picture({ solution: sols[0] }), "the solution", sols[0])]);
    } else {
      showFigures([figure(await picture({}), "the puzzle")]);
    }
  },
  async count() {
    const answer = await postStream("count", timeout(), (p) => setStatus("counting", p.solutions + " solutions so far", p.seconds));
    const exact = answer.exhausted ? "exactly" : "at least";
    setStatus(answer.status, exact + " " + answer.count + (answer.count === 1 ? " solution" : " solutions"), answer.seconds);
  },
  async candidates() {
    const extra = Object.assign(timeout(), $("counts").checked ? { counts: true } : {});
    const answer = await postStream("candidates", extra, (p) => setStatus("counting", p.solutions + " solutions so far", p.seconds));
    if (answer.status === "unknown" || !answer.candidates) {
      setStatus(answer.status, "the time limit stopped the search before it decided", answer.seconds);
      return;
    }
    if (answer.status === "unsatisfiable") {  // no solution: no candidates (as the command line says)
      setStatus(answer.status, "no solution, so no candidates (see Explain)", answer.seconds);
      return;
    }
    const open = answer.candidates.flat().filter((c) => c.length > 1).length;
    let what = open ? open + " cells differ between solutions" : "every cell fixed";
    if (answer.counts) { what += "; coloured by the share of " + answer.counted + " solutions that use each (red: most)"; }
    else if (answer.counts_timed_out) { what += "; the time limit stopped the counting"; }
    setStatus(answer.status, what, answer.seconds);
    const extraPic = { candidates: answer.candidates };
    if (answer.counts) { extraPic.counts = answer.counts; }
    if (answer.extra_candidates) { extraPic.extra_candidates = answer.extra_candidates; }
    showFigures([pencil(figure(await picture(extraPic), "true candidates"))]);
    reveal();
  },
  async explain() {
    const answer = await post("explain", timeout());
    setStatus(answer.status, "", answer.seconds);
    if (answer.status === "unsatisfiable") {
      const cells = [];
      for (const item of answer.conflict) {
        if (item.cell) { cells.push(item.cell); }
        for (const cell of item.cells || []) { cells.push(cell); }
      }
      showFigures([figure(await picture({ highlight: cells }), "the conflicting clues, shaded")]);
      const lines = answer.conflict.map((item) => (item.line ? "line " + item.line + ": " : "") + item.description);
      for (const [i, j] of answer.needs || []) {
        lines.push("(" + answer.conflict[i].description + " cannot be without " + answer.conflict[j].description
                   + ": dropping the second drops the first too)");
      }
      const n = answer.conflict.length;
      list(n > 1 ? "no solution: these " + n + " items have none together (without any one of them the rest has one):"
           : n ? "no solution: this item alone has none (without it, the puzzle has one):"
                          : "no solution: the grid's own rules have none", lines);
      if (answer.culprits.length) {
        list(answer.culprits.length > 1 ? "removing any one of these alone makes the whole puzzle solvable:"
                                        : "removing this one alone makes the whole puzzle solvable:",
             answer.culprits.map((item) => (item.line ? "line " + item.line + ": " : "") + item.description));
      }
    } else if (answer.status === "multiple") {
      showFigures([figure(await picture({ highlight: answer.differing }), "cells that differ between solutions, shaded")]);
      list((answer.exhausted ? answer.count : "more than " + (answer.count - 1)) + " solutions; they differ in " + answer.differing.length + " cells", [answer.differing.join(" ")]);
      list("extra givens that make it unique" + (answer.extra_givens_proved_fewest ? " (proved the fewest)" : "") + ":",
           answer.extra_givens.map((g) => "r" + g[0] + "c" + g[1] + " = " + g[2]));
    } else if (answer.status === "unique") {
      list("unique: exactly one solution; nothing to explain", []);
    } else {
      list("the time limit stopped the search before it decided", []);
    }
  },
  async program() {
    const answer = await post("encode", {});
    setStatus("program", "the exact .lp program clingo solves", answer.seconds);
    const pre = document.createElement("pre");
    pre.id = "program";
    pre.textContent = answer.program;
    const copy = document.createElement("button");
    copy.textContent = "Copy";
    copy.id = "copy";
    copy.onclick = async () => {
      try { await navigator.clipboard.writeText(answer.program); copy.textContent = "Copied"; }
      catch (err) {
        const range = document.createRange(); range.selectNodeContents(pre);
        const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
        document.execCommand("copy"); copy.textContent = "Copied";
      }
    };
    $("details").appendChild(copy);
    $("details").appendChild(pre);
  },
};
