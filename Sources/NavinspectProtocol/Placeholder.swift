enum NavinspectProtocolPlaceholder {}
