"""Puzzle -> the ASP program text: Jinja2 templates and their cache (`templates`), the program of
a puzzle (`render`), the guard every text passes before clingo sees it (`guard`), clingo's
search settings per puzzle (`options`) and programs split into switchable parts (`board`).
No clingo here: the text is what `asp-sudoku encode` prints."""
