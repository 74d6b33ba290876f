"""Evaluation tasks (`task`: the validated spec), their schedule on APScheduler (`service`), each
run's selection (`runner`) and the ledger of tasks, runs and work items (`ledger`, the owner of those
tables). Work reaches evaluator threads in process (`workers`) or through Kafka (`kafka_dispatch`).
"""
