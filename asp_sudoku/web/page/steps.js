// The step-by-step view of a logical path (Steps): the step on show, Previous/Next/End, the arrow keys, the closing line.
"use strict";

// The logical path of the last Steps answer, and the step on show (steps.length: the end).
let path = null;
let stepAt = 0;

function closingText(closing) {
  // a path the time limit ended is not stuck: say so, as the command line does
  const stopped = closing.timed_out && closing.status === "stuck";
  let text = (stopped ? "stopped by the time limit after " : closing.status + " in ") + closing.steps + (closing.steps === 1 ? " step" : " steps");
  text += "; rating " + (stopped ? "so far " : "") + closing.rating.toFixed(1);
  if (closing.hardest) {
    // the deepest trial is the hardest step's own when the rating is a trial's
    const name = closing.hardest === "trial" ? "trial of depth " + closing.trial_depth : closing.hardest;
    text += " (" + name + ", " + closing.hardest_count + "x)";
    // the candidates the path removed, as the command line's closing line counts them
    text += "; " + closing.eliminations + (closing.eliminations === 1 ? " elimination" : " eliminations");
  }
  if (closing.trial_depth) { text += "; trial depth " + closing.trial_depth; }
  if (closing.contradiction) { text += ": " + closing.contradiction; }
  if (closing.timed_out && !stopped) { text += "; the time limit stopped the path"; }
  if (closing.finish) { text += "; " + closing.finish; }
  // what the search for two solutions found, in the command line's words
  if (closing.several_solutions) { text += "; the puzzle has more than one solution (a logical path finishes only a puzzle with one)"; }
  if (closing.no_solution) { text += "; the puzzle has no solution (a search found none), which the path did not show"; }
  return text;
}

async function showStep(i) {
  if (!path) { return; }
  const total = path.steps.length;
  stepAt = Math.max(0, Math.min(i, total));
  const step = stepAt < total ? path.steps[stepAt] : null;
  $("stepno").textContent = step ? "step " + (stepAt + 1) + " of " + total : "the end (" + total + " steps)";
  $("steptext").textContent = step ? step.text + "  [" + step.technique + " " + step.level.toFixed(1) + "]"
                                   : closingText(path.closing);
  $("prev").disabled = stepAt === 0;
  $("next").disabled = stepAt === total;
  // drawn on the puzzle the path is of (the text box may have changed since: a QA pass saw one
  // killer's path drawn on another puzzle)
  const extra = { puzzle: path.puzzle, candidates: path.candidates[stepAt], placed: step ? step.placed : [], removed: step ? step.removed : [] };
  // the extra cells' candidates (cells outside the grid), written under the picture
  if (path.extra_candidates) { extra.extra_candidates = path.extra_candidates[stepAt]; }
  const of = path;  // (a preview or another Steps may come while the picture is on its way)
  try {
    const svg = await picture(extra);
    if (path === of && stepAt === Math.max(0, Math.min(i, total))) {
      showError("");  // (a picture that failed before, the server busy, said so until cleared)
      const fig = pencil(figure(svg, step ? "before step " + (stepAt + 1) + ": placed green, removed red" : "where the path ends"));
      fig.dataset.step = String(stepAt);
      fig.classList.add("step");
      showFigures([fig]);
    }
  } catch (err) { if (path === of) { showError(err.message); } }
}

function stepPanel() {
  const div = document.createElement("div");
  div.innerHTML = '<div id="stepnav"><button id="prev">Previous</button><button id="next">Next</button>' +
    '<button id="last">End</button><span id="stepno"></span></div><p id="steptext"></p><p id="closing"></p>';
  $("path").appendChild(div);  // above the picture: a large grid's picture does not push it out of sight
  $("prev").onclick = () => showStep(stepAt - 1);
  $("next").onclick = () => showStep(stepAt + 1);
  $("last").onclick = () => showStep(path.steps.length);
  $("closing").textContent = closingText(path.closing);
}

document.addEventListener("keydown", (e) => {
  if (!path || !$("stepnav") || e.target === $("puzzle") || e.target.tagName === "INPUT") { return; }
  if (e.key === "ArrowRight") { showStep(stepAt + 1); } else if (e.key === "ArrowLeft") { showStep(stepAt - 1); }
});
