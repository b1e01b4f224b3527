#!/usr/bin/env bash
# navinspect's SwiftPM plugins, used by a small app package that depends on navinspect by path:
# the build tool plugin's findings in `swift build`'s output (a warning that lets the build pass,
# an error that fails it), and the command plugins' output.
#   Tests/PluginSample/run.sh
# The sample compiles navinspect and swift-syntax once more, in its own scratch folder
# (.build-sample, ignored by git); every step after the first reuses that build.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package=(--package-path "$here" --scratch-path "$here/.build-sample")
# SwiftPM keeps a path dependency's list of source files in the scratch folder's build plan and does
# not look again when only files were added or removed: navinspect's new files then go unseen. Drop
# the plan whenever navinspect's list of Swift files differs from the one it was made for.
sources=$(cd "$here/../.." && find Sources -name '*.swift' | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
if [ -d "$here/.build-sample" ] && [ "$(cat "$here/.build-sample/.navinspect-sources" 2>/dev/null)" != "$sources" ]; then
    rm -f "$here/.build-sample"/*.yaml "$here/.build-sample"/*/*/description.json
fi
mkdir -p "$here/.build-sample"
echo "$sources" > "$here/.build-sample/.navinspect-sources"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail() {
    echo "plugin sample: $*" >&2
    sed 's/^/    /' "$log" >&2
    exit 1
}
# `swift package` itself (SwiftPM, not navinspect: a plugin's tool that crashes fails the command
# with a message) once died of a segmentation fault here, and ran clean the three times after: a
# command killed by a signal is run once more, saying so; any other failure stands.
swiftpm() {
    local status=0
    swift package "${package[@]}" "$@" || status=$?
    if [ "$status" -ge 128 ]; then
        echo "plugin sample: swift package $* was killed by signal $((status - 128)); running it once more" >&2
        status=0
        swift package "${package[@]}" "$@" || status=$?
    fi
    return "$status"
}

echo "plugin sample: swift build --target SampleApp (builds navinspect for the plugin first)" >&2
swift build "${package[@]}" --target SampleApp > "$log" 2>&1 || fail "the SampleApp build failed"
grep -qE "Sources/SampleApp/Coordinators\.swift:23:9: warning: 'parentCoordinator' holds the parent strongly.*\[weak-parent-reference\]" "$log" \
    || fail "the build did not show the weak-parent-reference warning"

echo "plugin sample: swift build --target StrictApp (an error-severity finding fails it)" >&2
if swift build "${package[@]}" --target StrictApp > "$log" 2>&1; then fail "the StrictApp build passed"; fi
grep -qE "Sources/StrictApp/Coordinators\.swift:14:26: error: OnboardingCoordinator is started .*\[child-not-retained\]" "$log" \
    || fail "the build did not show the child-not-retained error"

echo "plugin sample: swift build --target Models (no coordinators: a quiet build)" >&2
swift build "${package[@]}" --target Models > "$log" 2>&1 || fail "the Models build failed"
grep -q "navinspect lint Models" "$log" || fail "the plugin did not run on Models"
if grep -qE "^navinspect: |warning: |error: " "$log"; then fail "the plugin said something about a target without coordinators"; fi

echo "plugin sample: swift package plugin navinspect-lint --target SampleApp" >&2
swiftpm plugin navinspect-lint --target SampleApp > "$log" 2>&1 || fail "navinspect-lint failed"
grep -qE "SampleApp/Coordinators\.swift:23:9: warning: .*\[weak-parent-reference\]" "$log" || fail "navinspect-lint showed no finding"
if grep -q "StrictApp" "$log"; then fail "navinspect-lint --target SampleApp linted StrictApp too"; fi

echo "plugin sample: swift package plugin navinspect-lint (the whole package; its error fails the command)" >&2
if swiftpm plugin navinspect-lint > "$log" 2>&1; then fail "navinspect-lint passed over an error"; fi
grep -qE "StrictApp/Coordinators\.swift:14:26: error: .*\[child-not-retained\]" "$log" || fail "navinspect-lint showed no error"
grep -qE "SampleApp/Coordinators\.swift:23:9: warning: .*\[weak-parent-reference\]" "$log" || fail "navinspect-lint lost the warning"

echo "plugin sample: swift package plugin navinspect-index --target SampleApp" >&2
swiftpm plugin navinspect-index --target SampleApp > "$log" 2> /dev/null || fail "navinspect-index failed"
python3 - "$log" << 'PY' || fail "navinspect-index printed no tree with AppCoordinator over SettingsCoordinator"
import json, sys
text = open(sys.argv[1]).read()
document = json.loads(text[text.index("{"):])
nodes = {node["id"]: node for node in document["coordinators"]}
root = nodes[document["root"]]
assert root["class"] == "AppCoordinator", root
children = [nodes[child]["class"] for child in root["children"]]
assert children == ["SettingsCoordinator"], children
PY

echo "plugin sample: build tool plugin warnings and errors, navinspect-lint and navinspect-index: ok" >&2
