"""Evaluators and what runs them. `base` is the interface (a pure function of a trajectory and its
context), `work` what workers are fed, `registry` finds evaluators by alias; the built-ins are one
module each. `worker` and `kafka_worker` run them; `results` owns the results table; `scoring`,
`weights` and `aggregate` turn results into dimension scores, scene totals and comparisons.
"""
