// The form: the time limit and trial depth fields, running a button's action, Stop, redrawing as one types, reading a file.
"use strict";
let drawTimer = null;

// The time limit and trial depth fields, checked before a request: a value out of range is refused
// in words that name the field and its range (it was clamped, or left for the default, unsaid).
function field(id, name, range, good) {
  const input = $(id);
  const text = input.value.trim();
  const value = Number(text);
  if (text !== "" && good(value)) { return value; }
  input.classList.add("bad");
  input.setAttribute("aria-invalid", "true");
  const shown = text !== "" ? text : input.validity.badInput ? "not a number" : "empty";
  throw new Error(name + " must be " + range + "; it is " + shown);
}

function timeout() {
  return { timeout: field("timeout", "time limit", "a number of seconds more than 0 and at most 120", (v) => v > 0 && v <= 120) };
}

function depth() {
  return { depth: field("depth", "trial depth", "a whole number from 0 to 4", (v) => Number.isInteger(v) && v >= 0 && v <= 4) };
}

function busy(on) {
  for (const id of ["solve", "check", "count", "candidates", "explain", "program", "steps"]) { $(id).disabled = on; }
  $("stop").disabled = !on;
}

async function run(name, action) {
  if (controller) { return; }
  // the preview due (the puzzle edited less than 0.4 s ago) is not drawn, nor one on its way
  clearTimeout(drawTimer);
  drawTimer = null;
  drawn += 1;
  path = null;
  controller = new AbortController();
  asked = puzzleText();  // (the box edited while it runs: its answer is still drawn on this puzzle)
  busy(true);
  clearOutput();
  setStatus("", name + "...", null);
  try {
    await action();
  } catch (err) {
    if (err.name === "AbortError") { setStatus("stopped", "by you; the server stopped the search", null); }
    else { setStatus("", "", null); showError(err.message); }
  } finally {
    controller = null;
    asked = null;
    busy(false);
  }
}

for (const name of Object.keys(actions)) {
  $(name).addEventListener("click", () => run(name, actions[name]));
}
$("stop").addEventListener("click", () => { if (controller) { controller.abort(); } });
for (const id of ["timeout", "depth"]) {
  $(id).addEventListener("input", () => { $(id).classList.remove("bad"); $(id).removeAttribute("aria-invalid"); });
}
$("puzzle").addEventListener("input", () => { clearTimeout(drawTimer); drawTimer = setTimeout(draw, 400); });

function readFile(file) {
  const reader = new FileReader();
  reader.onload = () => { $("puzzle").value = reader.result; draw(); };
  reader.readAsText(file);
}
$("file").addEventListener("change", (e) => { if (e.target.files.length) { readFile(e.target.files[0]); } });
const area = $("puzzle");
area.addEventListener("dragover", (e) => { e.preventDefault(); area.classList.add("over"); });
area.addEventListener("dragleave", () => area.classList.remove("over"));
area.addEventListener("drop", (e) => {
  e.preventDefault(); area.classList.remove("over");
  if (e.dataTransfer.files.length) { readFile(e.dataTransfer.files[0]); }
  else { area.value = e.dataTransfer.getData("text"); draw(); }
});
