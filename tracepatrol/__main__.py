from tracepatrol.cli.main import main

main()
