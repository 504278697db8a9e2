"""The domain, the bottom layer: cells, grids, puzzles and the clue base class (`model`), what a
search found and its status words (`result`), errors, safe text for messages and comments, user
rules files as checked text, and the version.  Imports nothing else of the package."""
