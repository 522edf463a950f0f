package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKubeletCLIRun(t *testing.T) {
	path := filepath.Join("..", "..", "examples", "kubelet", "crashloop.yaml")
	code, out, errOut := runCLI(t, "kubelet", "run", path, "--until", "20s")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "pod web CrashLoopBackOff 0/1 1")
	assert.Contains(t, out, "event Warning BackOff")

	code, out, errOut = runCLI(t, "kubelet", "run", path, "--until", "5s", "-o", "json")
	require.Equal(t, 0, code, errOut)
	var tr struct {
		Events    []map[string]any `json:"events"`
		Snapshots []map[string]any `json:"snapshots"`
		Loop      []map[string]any `json:"loop"`
		CRI       []map[string]any `json:"cri"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &tr))
	assert.NotEmpty(t, tr.Events)
	assert.NotEmpty(t, tr.Snapshots)
	assert.NotEmpty(t, tr.Loop)
	assert.NotEmpty(t, tr.CRI)
}

func TestKubeletCLIErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("release: \"1.30\"\nnodes: {}\n"), 0o644))
	code, _, errOut := runCLI(t, "kubelet", "run", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "bad.yaml:2:1: error: ")
	code, _, _ = runCLI(t, "kubelet", "run", bad, "-o", "xml")
	assert.Equal(t, 2, code)
	code, out, _ := runCLI(t, "kubelet", "examples")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "crashloop")
}
