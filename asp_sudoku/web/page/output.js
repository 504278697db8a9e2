// What the page shows: the status line, errors, the figures with their pictures, lists of details, the drawn puzzle.
"use strict";

function setStatus(word, what, seconds) {
  $("word").textContent = word || "";
  $("word").className = word || "";
  $("what").textContent = what ? " " + what : "";
  $("time").textContent = seconds === undefined || seconds === null ? "" : "(" + seconds.toFixed(3) + " s)";
}

function clearOutput() {
  $("error").textContent = "";
  $("details").innerHTML = "";
  $("path").innerHTML = "";
  $("right").style.flexBasis = "";
}

function showError(message) {
  $("error").textContent = message;
}

function figure(svg, caption, grid) {
  const fig = document.createElement("figure");
  fig.innerHTML = svg;
  if (grid) { fig.className = "solution"; fig.dataset.grid = grid.map((row) => row.join(",")).join(";"); }
  if (caption) { const cap = document.createElement("figcaption"); cap.textContent = caption; fig.appendChild(cap); }
  return fig;
}

const PENCIL_WIDTH = 540;  // pixels: the least width of a picture with pencil marks

function pencil(fig) {
  const svg = fig.querySelector("svg");
  const width = Math.max(PENCIL_WIDTH, parseFloat(svg.getAttribute("width")) || 0);
  svg.style.width = width + "px";
  fig.classList.add("pencil");
  // a picture too wide to stand beside the puzzle box goes under it, the page's whole width
  $("right").style.flexBasis = Math.max(500, width + 20) + "px";
  return fig;
}

// A large grid's picture goes under the puzzle box: the answer is scrolled into sight then.
function reveal() {
  if ($("right").getBoundingClientRect().top > window.innerHeight / 2) { $("right").scrollIntoView({ block: "start" }); }
}

function showFigures(figures) {
  const box = $("pictures");
  box.innerHTML = "";
  for (const fig of figures) { box.appendChild(fig); }
}

function differing(a, b) {
  const cells = [];
  a.forEach((row, r) => row.forEach((v, c) => { if (v !== b[r][c]) { cells.push("r" + (r + 1) + "c" + (c + 1)); } }));
  return cells;
}

function list(title, lines) {
  const div = document.createElement("div");
  const head = document.createElement("p");
  head.textContent = title;
  div.appendChild(head);
  const ul = document.createElement("ul");
  ul.id = "items";
  for (const line of lines) { const li = document.createElement("li"); li.textContent = line; ul.appendChild(li); }
  div.appendChild(ul);
  $("details").appendChild(div);
}

// The puzzle's preview, drawn as one types.  The output is the latest's, of the previews and the
// buttons' actions (drawn: how many have started): a preview does not draw while an action runs,
// nor once an action (or a later preview) has started since it asked for its picture, so an
// answer that came first is never wiped by it (a QA pass saw a pasted puzzle's Steps answer go).
let drawn = 0;

async function draw() {
  if (controller) { return; }  // an action runs: its answer is what the output will show
  const turn = ++drawn;
  if (!puzzleText().trim()) { $("pictures").innerHTML = ""; return; }
  try {
    const svg = await picture({});
    if (turn !== drawn) { return; }
    clearOutput();
    path = null;  // (a step's picture still on its way is not drawn over the preview)
    showFigures([figure(svg, "the puzzle")]);
  } catch (err) {
    if (turn === drawn) { clearOutput(); path = null; showError(err.message); }
  }
}
