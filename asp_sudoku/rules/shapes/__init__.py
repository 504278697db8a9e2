"""Shapes several rules share, each a small function or factory that one rule module calls:
clues made of cells (`cells`), on two neighbours (`pairs`), outside the grid (`outside`), and
the checks of global rules (`globals`).  A rule's own logic stays in its module."""
