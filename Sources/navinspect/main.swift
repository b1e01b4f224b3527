import NavinspectCLI

NavinspectCommand.main()
