from tracepatrol.cli import main

main()
