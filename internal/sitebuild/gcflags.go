package sitebuild

// EngineGCFlags is the -gcflags every js/wasm build of an engine uses: the
// site's engines (the Makefile's ENGINE_GCFLAGS, which a test holds equal
// to this), and kxbench's builds that measure them (sizes, the floor, the
// benchmarks in Node and in Chromium).
//
// It turns off the Go compiler's inlining in kubexplorer's own packages,
// not in the standard library or the runtime. Go compiles each function to
// WebAssembly as one loop around a br_table that every jump re-enters, and
// V8 charges a function's tier-up budget at each re-entry by the size of
// the code the jump spans: inlining makes the large functions larger, so
// they cost more bytes to download and more to compile, and tier up
// sooner. Measured in stop 31 against the inlined build of the same code:
// 49–205 kB less raw wasm and 24–69 kB less brotli per engine, and the
// kubelet simulation (ThousandPods10m) about 12 % faster under Node. No inlining in the standard library and the runtime either
// ("all=-l") took 114 kB more off the gates engine but made its start
// about 55 ms slower: their small hot helpers (allocation, maps, memmove)
// are worth inlining.
const EngineGCFlags = "github.com/kubexplorer/kubexplorer/...=-l"
