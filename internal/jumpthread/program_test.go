package jumpthread

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProgramRunsTheSameThreaded builds testdata/program for js/wasm,
// threads it, and runs both modules under Node: the same output, with most
// jumps threaded and every function decoded. The Go toolchain's runtime is
// the widest sample of what its compiler emits; make test-wasm runs every
// package's tests threaded as well.
func TestProgramRunsTheSameThreaded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a js/wasm program and runs it under Node")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	runner := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")

	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.wasm")
	build := exec.Command("go", "build", "-o", plain, "main.go")
	build.Dir = filepath.Join("testdata", "program")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	b, err := os.ReadFile(plain)
	require.NoError(t, err)
	threaded, st, err := Module(b)
	require.NoError(t, err)
	require.Zero(t, st.Unknown, "functions with an instruction jumpthread does not decode: %+v", st)
	require.Greater(t, st.Threaded, st.Jumps*3/4, "%+v", st)
	require.Equal(t, st.Threaded, st.Dropped, "%+v", st)
	require.Less(t, len(threaded), len(b))
	threadedPath := filepath.Join(dir, "threaded.wasm")
	require.NoError(t, os.WriteFile(threadedPath, threaded, 0o644))

	run := func(module string) string {
		cmd := exec.Command(node, runner, module)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, "%s%s", out, stderr.String())
		return string(out)
	}
	want := run(plain)
	require.Contains(t, want, "finalizer: ran")
	require.Equal(t, want, run(threadedPath))
}
