"""Kafka plumbing every scaled-out role shares: the validated settings (`config`), and the
reachability check, topics, acknowledging producer and offset commits (`client`). What travels
on the topics (span encodings, work items, results) belongs to the component that sends it.
"""
