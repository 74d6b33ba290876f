"""Sampling policies (`policy`: stacked filters, ratio, cap) compiled to parameterised SQL
(`filters`) and run deterministically over a time window (`selection`) or a page of the trace
explorer (`explore`), each inside a query budget (`query_budget`). `annotations` owns the human
annotations table.
"""
