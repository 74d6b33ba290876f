"""Between decoding and the store: the bounded ingest queue and the counters every stage keeps
(`ingest`), and the one writer thread that drains the queue into the store and hands due traces
to assembly (`drain`)."""
