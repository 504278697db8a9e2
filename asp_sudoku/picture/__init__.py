"""Pictures for people: SVG of puzzles, solutions and candidates (`svg`, `clues`, `candidates`),
and text grids, status lines and JSON objects (`text`)."""
