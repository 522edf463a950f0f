package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The scripts parse in their shells (bash at least; zsh and fish where
// they are installed).
func TestCompletionScriptsParse(t *testing.T) {
	for shell, script := range completionScripts {
		sh, err := exec.LookPath(shell)
		if err != nil {
			if shell == "bash" {
				t.Fatalf("bash is needed: %v", err)
			}
			t.Logf("%s is not installed: its script is not checked", shell)
			continue
		}
		cmd := exec.Command(sh, "-n")
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.CombinedOutput()
		assert.NoError(t, err, "%s -n: %s", shell, out)
	}
}

// The bash script completes a command line the way a user sees it: bash
// calls _kubexplorer with COMP_WORDS split at "=", and the test binary
// plays kubexplorer (see TestMain).
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(dir+"/cfg.yaml", nil, 0o644))
	require.NoError(t, os.Mkdir(dir+"/dumps", 0o755))
	tests := []struct {
		line  string
		words []string // COMP_WORDS as bash splits them
		want  []string
	}{
		{"kubexplorer ga", []string{"kubexplorer", "ga"}, []string{"gates"}},
		{"kubexplorer gates ch", []string{"kubexplorer", "gates", "ch"}, []string{"check"}},
		{"kubexplorer gates check --to 1.3", []string{"kubexplorer", "gates", "check", "--to", "1.3"},
			[]string{"1.37", "1.36", "1.35", "1.34", "1.33", "1.32", "1.31", "1.30"}},
		{"kubexplorer gates diff 1.30 1.3", []string{"kubexplorer", "gates", "diff", "1.30", "1.3"},
			[]string{"1.37", "1.36", "1.35", "1.34", "1.33", "1.32", "1.31", "1.30"}},
		{"kubexplorer gates check --to=1.1", []string{"kubexplorer", "gates", "check", "--to", "=", "1.1"}, []string{"1.19", "1.18"}},
		{"kubexplorer gates evaluate --config " + dir + "/c", []string{"kubexplorer", "gates", "evaluate", "--config", dir + "/c"}, []string{dir + "/cfg.yaml"}},
		{"kubexplorer gates check --to 1.33 " + dir + "/d", []string{"kubexplorer", "gates", "check", "--to", "1.33", dir + "/d"}, []string{dir + "/dumps"}},
		{"kubexplorer completion ", []string{"kubexplorer", "completion", ""}, []string{"bash", "fish", "zsh"}},
	}
	for _, tt := range tests {
		var quoted []string
		for _, w := range tt.words {
			quoted = append(quoted, "'"+w+"'")
		}
		prog := completionScripts["bash"] + `
kubexplorer() { KX_RUN_CLI=1 "$KX_TEST_BIN" "$@"; }
COMP_LINE='` + tt.line + `'
COMP_POINT=${#COMP_LINE}
COMP_WORDS=(` + strings.Join(quoted, " ") + `)
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_kubexplorer
printf '%s\n' "${COMPREPLY[@]}"
`
		cmd := exec.Command(bash, "-c", prog)
		cmd.Env = append(os.Environ(), "KX_TEST_BIN="+os.Args[0])
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		got := strings.Fields(string(out))
		assert.Equal(t, tt.want, got, tt.line)
	}
}
