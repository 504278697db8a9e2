"""The only package that imports clingo: one puzzle (`single`), collections on shared grounded
programs (`many`, `shape`, `threads`, `workers`), the setter's consequences and switchable
programs (`setter`, `switches`), the clingo half of checking user rules (`user_rules`),
grounding and Ctrl-C handling (`ground`, `sigint`)."""
