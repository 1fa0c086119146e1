"""TabFact-style programs over any table: syntax, typed functions, search, ranking, verdicts."""
