enum NavinspectCLIPlaceholder {}
