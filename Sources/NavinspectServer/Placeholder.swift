enum NavinspectServerPlaceholder {}
