internal import CBuildInfo

/// navinspect's version, and the commit it was built from: what `navinspect --version` prints and
/// what `initialize` answers in `serverInfo.version`.
public enum NavinspectVersion {
    /// The release, a semantic version; CHANGELOG.md's first entry names it.
    public static let number = "0.1.0"

    /// The commit the binary was built from, as git names it, perhaps followed by `.modified` when
    /// the checkout had uncommitted changes; "unknown" when the build had neither git nor a
    /// tarball made by `git archive`.
    public static let commit: String = {
        let written = String(cString: navinspect_build_commit())
        // The placeholder git archive did not replace: a copy made some other way.
        if written.isEmpty || written.hasPrefix("$Format") { return "unknown" }
        return written
    }()

    /// The version with the commit as build metadata, `0.1.0+3f2c…`: still a semantic version,
    /// so clients that compare versions read it.
    public static let full = "\(number)+\(commit)"
}
