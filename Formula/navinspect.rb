# Homebrew formula: builds navinspect from a release tag's source tarball.
#   brew install --formula ./Formula/navinspect.rb     (or from a tap that carries this file)
# The tarball is made by `git archive`, which writes the tag's commit into
# Sources/CBuildInfo/BuildInfo.c, so `navinspect --version` names it without git.
# When a release is tagged, set `url` to its tarball and `sha256` to `shasum -a 256` of it.
class Navinspect < Formula
  desc "See, query and lint the coordinator tree of an iOS app"
  homepage "https://github.com/navinspect/navinspect"
  url "https://github.com/navinspect/navinspect/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  # license: the repository has no LICENSE file yet; add `license "..."` with it.
  head "https://github.com/navinspect/navinspect.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "json-c"
  depends_on macos: :sequoia

  uses_from_macos "swift" => :build

  def install
    # SwiftPM fetches swift-syntax and swift-argument-parser; Homebrew's sandbox would block its own.
    # As scripts/install builds: without the run-time checks of exclusive access (debug builds keep
    # them), optimized across modules.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "navinspect",
           "-Xswiftc", "-enforce-exclusivity=unchecked", "-Xswiftc", "-cross-module-optimization"
    bin.install ".build/release/navinspect"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/navinspect --version")
    assert_match "AppCoordinator", shell_output("#{bin}/navinspect query tree 2>/dev/null")
  end
end
