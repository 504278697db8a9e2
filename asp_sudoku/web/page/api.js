// Requests to the JSON API (a post, a streamed post, a picture), the $ shortcut and the request's AbortController.
"use strict";
const $ = (id) => document.getElementById(id);
let controller = null;
let asked = null;  // the puzzle text a button's action started on: all its requests send it (`run`)

function puzzleText() { return $("puzzle").value; }
function askedText() { return asked !== null ? asked : puzzleText(); }

async function post(command, extra) {
  const body = Object.assign({ puzzle: askedText() }, extra || {});
  const response = await fetch("/api/" + command, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    signal: controller ? controller.signal : undefined,
  });
  const answer = await response.json();
  if (!response.ok) { throw new Error(answer.error || ("HTTP " + response.status)); }
  return answer;
}

// A streamed answer (NDJSON): progress lines, then the answer object.
async function postStream(command, extra, onProgress) {
  const body = Object.assign({ puzzle: askedText(), stream: true }, extra || {});
  const response = await fetch("/api/" + command, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (!response.ok) { const bad = await response.json(); throw new Error(bad.error || ("HTTP " + response.status)); }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "", last = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) { break; }
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, cut); buffer = buffer.slice(cut + 1);
      if (!line.trim()) { continue; }
      const obj = JSON.parse(line);
      if (obj.progress) { onProgress(obj.progress); } else { last = obj; }
    }
  }
  if (last && last.error) { throw new Error(last.error); }
  return last;
}

async function picture(extra) {
  const answer = await post("picture", extra);
  return answer.svg;
}
