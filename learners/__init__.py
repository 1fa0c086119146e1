"""Rule learners: DepCheckerGA (``ga``) learns dependency-path rules from span-labelled data.

The flow reads as the modules: ``spans`` (labelled data) → ``candidates`` (paths between
labelled heads) → ``align`` (Needleman-Wunsch and progressive merging) → ``ga`` (DEAP search)
→ ``write`` (YAML in the ``rules/`` schema).  The service never imports this package.
"""
