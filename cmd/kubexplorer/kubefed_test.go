package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKubefedCLIRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.yaml")
	require.NoError(t, os.WriteFile(file, []byte(`name: two FTCs
clusters: [{name: c1}]
steps:
  - apply: |
      apiVersion: core.kubefed.io/v1beta1
      kind: FederatedTypeConfig
      metadata: {name: configmaps, namespace: kube-federation-system}
      spec:
        targetType: {version: v1, kind: ConfigMap, pluralName: configmaps, scope: Namespaced}
        propagation: Enabled
        federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedConfigMap, pluralName: federatedconfigmaps, scope: Namespaced}
  - advance: 5s
`), 0o644))
	status, out, _ := runCLI(t, "kubefed", "run", file)
	assert.Equal(t, 0, status)
	assert.Contains(t, out, `Unable to start sync controller for "FederatedConfigMap" due to missing FederatedTypeConfig for namespaces`)

	status, out, _ = runCLI(t, "kubefed", "run", "-o", "json", file)
	assert.Equal(t, 0, status)
	var tr map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &tr))
	assert.Len(t, tr["steps"], 2)

	require.NoError(t, os.WriteFile(file, []byte("steps:\n  - advance: 5s\n    bogus: 1\n"), 0o644))
	status, _, errOut := runCLI(t, "kubefed", "run", file)
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "s.yaml:3: error: ")

	status, _, _ = runCLI(t, "kubefed", "run", "-o", "xml", file)
	assert.Equal(t, 2, status)
	status, _, _ = runCLI(t, "kubefed")
	assert.Equal(t, 2, status)
}

func TestKubefedCLIEnable(t *testing.T) {
	status, out, _ := runCLI(t, "kubefed", "enable", "deployments.apps")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "kind: FederatedTypeConfig")
	assert.Contains(t, out, "name: federateddeployments.types.kubefed.io")
	assert.Contains(t, out, "- fdeploy")

	status, out, _ = runCLI(t, "kubefed", "enable", "--kind", "Widget", "--group", "example.com", "--scope", "Cluster")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "name: federatedwidgets.types.kubefed.io")

	status, _, errOut := runCLI(t, "kubefed", "enable", "nosuchthing")
	assert.Equal(t, 1, status)
	assert.NotEmpty(t, errOut)

	// An output format other than yaml is kubefedctl's own error.
	status, out, errOut = runCLI(t, "kubefed", "enable", "-o", "json", "deployments.apps")
	assert.Equal(t, 1, status)
	assert.Empty(t, out)
	assert.Equal(t, "Error: Invalid value for --output: json\n", errOut)

	// -f reads an EnableTypeDirective; NAME and the directive flags are ignored.
	file := filepath.Join(t.TempDir(), "directive.yaml")
	require.NoError(t, os.WriteFile(file, []byte("metadata: {name: configmaps}\nspec: {federatedGroup: x.example.com}\n"), 0o644))
	status, out, _ = runCLI(t, "kubefed", "enable", "-f", file, "--federated-group", "ignored.example.com", "secrets")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "name: federatedconfigmaps.x.example.com")
	status, _, errOut = runCLI(t, "kubefed", "enable", "-f", file+".missing")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, `Error: Failed to load yaml from file "`+file+`.missing": open `)

	status, out, _ = runCLI(t, "kubefed", "examples")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "o22-override-unready-cluster")
	status, out, _ = runCLI(t, "kubefed", "example", "o1-fresh-namespaced-ftc")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "steps:")
}
