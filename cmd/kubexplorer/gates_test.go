package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

func TestGatesCLI(t *testing.T) {
	status, out, _ := runCLI(t, "gates", "evaluate", "--flags", "--v=2")
	assert.Equal(t, 0, status, out)
	assert.Contains(t, out, "would start")

	status, out, _ = runCLI(t, "gates", "evaluate", "--flags", "--feature-gates=NoSuchGate=true")
	assert.Equal(t, 1, status)
	assert.Contains(t, out, `"command failed" err="failed to set feature gates from initial flags-based config: unrecognized feature gate: NoSuchGate"`)

	status, _, errOut := runCLI(t, "gates", "evaluate", "--release", "1.99")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "1.99")

	status, _, errOut = runCLI(t, "gates", "evaluate", "-o", "xml")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "--output")
}

func TestGatesCLIFilesAndJSON(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  NoSuchGate: true\n"), 0o644))
	dropins := filepath.Join(dir, "conf.d")
	require.NoError(t, os.MkdirAll(dropins, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dropins, "10.conf"), []byte("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n"), 0o644))

	status, out, errOut := runCLI(t, "gates", "evaluate", "--release", "1.37", "--config", cfg, "--config-dir", dropins, "-o", "json")
	assert.Equal(t, 1, status, errOut)
	var reply gates.EvaluateReply
	require.NoError(t, json.Unmarshal([]byte(out), &reply))
	assert.False(t, reply.Result.WouldStart)
	assert.Equal(t, 2, reply.Result.ExitCode, "a bad gate in a 1.37 config file panics")
	assert.Equal(t, "defaulting", reply.Result.Stage)
}

func TestGatesCLIExample(t *testing.T) {
	status, out, errOut := runCLI(t, "gates", "evaluate", "--example", "upgrade-removed")
	assert.Equal(t, 1, status, errOut)
	assert.Contains(t, out, "kubelet 1.30 would start.")
	assert.Contains(t, out, "Upgrade to 1.33")
	assert.Contains(t, out, "unrecognized feature gate: CPUManager")
	assert.Contains(t, out, "other changes in 1.33")
	assert.NotContains(t, out, "AnyVolumeDataSource", "changes to gates the kubelet does not set are folded")

	_, out, _ = runCLI(t, "gates", "evaluate", "--example", "upgrade-removed", "--all-changes")
	assert.Contains(t, out, "AnyVolumeDataSource")
	assert.NotContains(t, out, "other changes in 1.33")

	status, out, errOut = runCLI(t, "gates", "evaluate", "--example", "upgrade-removed", "--target-release", "1.30", "--release", "1.29")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "kubelet 1.29 would start.")

	status, _, errOut = runCLI(t, "gates", "evaluate", "--example", "nope")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "nope")
}
