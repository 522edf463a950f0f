package sitebuild

// EngineGCFlags are the -gcflags, one pattern each, of every js/wasm build
// of an engine: the site's engines (the Makefile's ENGINE_GCFLAGS, which a
// test holds equal to these), and kxbench's builds that measure them
// (sizes, the floor, the benchmarks in Node and in Chromium).
//
// They turn off the Go compiler's inlining in kubexplorer's own packages,
// where it measured no faster, and in the decoders (encoding/..., YAML,
// pflag), code an evaluation runs once or a few times: there inlining
// buys little speed and costs bytes.
// Go compiles each function to WebAssembly as one loop around a br_table
// that every jump re-enters (internal/jumpthread makes the forward ones
// direct after the link; the function's real loops still re-enter), and
// V8 charges a function's tier-up budget at each re-entry and return by
// the size of the code the jump spans: inlining makes the large functions
// larger, so they cost more bytes to download and more to compile, and
// tier up sooner. Measured in stop 31 against the inlined
// build of the same code, for our own packages alone: 49–205 kB less raw
// wasm and 24–69 kB less brotli per engine, the kubelet simulation
// (ThousandPods10m) as fast or faster under Node and in Chromium, and the
// first gates evaluation 97 ms against 123. The decoders took 23–36 kB
// more off each engine, at the same speed.
//
// The runtime and the small standard packages the simulations call all
// the time stay inlined: with no inlining anywhere ("all=-l") the gates
// engine was 88 kB smaller again, but ThousandPods10m took 85 % longer
// (1.1 s in Chromium); leaving only the runtime inlined, 6–20 % longer;
// also sync, slices, sort, strings, strconv, unicode, math and maps, 11 %;
// also fmt, time and reflect, no slower, and the same bytes as these
// patterns.
var EngineGCFlags = []string{
	"github.com/kubexplorer/kubexplorer/...=-l",
	"encoding/...=-l",
	"go.yaml.in/...=-l",
	"github.com/spf13/...=-l",
}
