package gates_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/fleet"
	"github.com/kubexplorer/kubexplorer/core/fleet/fleettest"
	"github.com/kubexplorer/kubexplorer/explorer"
	xt "github.com/kubexplorer/kubexplorer/explorer/explorertest"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

// nodes is core/nodeimport's hand-written node dumps, one per form.
const nodes = "../../core/nodeimport/testdata/nodes"

// readDir reads every file below root, paths relative to it.
func readDir(t testing.TB, root string) []gates.File {
	t.Helper()
	if _, err := os.Stat(root); err != nil {
		t.Skipf("the node dumps are not readable here: %v", err)
	}
	read, err := fleettest.ReadDir(root)
	require.NoError(t, err)
	files := make([]gates.File, len(read))
	for i, f := range read {
		files[i] = gates.File(f)
	}
	return files
}

func readFile(t testing.TB, p string) gates.File {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Skipf("the node dumps are not readable here: %v", err)
	}
	return gates.File{Path: filepath.Base(p), Content: string(data)}
}

func TestImport(t *testing.T) {
	e := explorer.New()
	var out gates.ImportReply
	xt.MustCall(t, e, "gates.import", gates.ImportRequest{Node: "kubeadm-debian", Files: readDir(t, filepath.Join(nodes, "kubeadm-debian"))}, &out)
	assert.Equal(t, "1.30", out.Release)
	assert.Equal(t, "1.30", out.Request.Release, "the filled request runs on the dump's release")
	forms := map[string]string{}
	for _, p := range out.Parts {
		forms[p.Name] = string(p.Form) + ": " + p.Use
	}
	assert.Equal(t, map[string]string{
		"etc/default/kubelet": "environment-file: environment file /etc/default/kubelet",
		"etc/systemd/system/kubelet.service.d/10-kubeadm.conf": "systemd-unit: systemd unit kubelet.service",
		"kubelet --version":                  "kubelet-version: release 1.30",
		"lib/systemd/system/kubelet.service": "systemd-unit: systemd unit kubelet.service",
		"var/lib/kubelet/config.yaml":        "kubelet-config: config file (--config)",
		"var/lib/kubelet/kubeadm-flags.env":  "environment-file: environment file /var/lib/kubelet/kubeadm-flags.env",
	}, forms)
	require.NotNil(t, out.Request.Config)
	assert.Equal(t, "/var/lib/kubelet/config.yaml", out.Request.Config.Path)
	assert.Contains(t, out.Request.Args, "--config=/var/lib/kubelet/config.yaml")
	assert.Empty(t, out.Missing)

	// The filled request is a gates.evaluate request as it is.
	var ev gates.EvaluateReply
	xt.MustCall(t, e, "gates.evaluate", out.Request, &ev)
	assert.True(t, ev.Result.WouldStart)

	// A dump without its config file: a warning, and no release.
	xt.MustCall(t, e, "gates.import", gates.ImportRequest{Files: []gates.File{readFile(t, filepath.Join(nodes, "ps-aux-122.txt"))}}, &out)
	assert.Equal(t, "node", out.Node)
	assert.Empty(t, out.Request.Release)
	assert.Equal(t, []string{"/var/lib/kubelet/config.yaml"}, out.Missing)
	assert.Equal(t, []explorer.Diagnostic{{Severity: explorer.SeverityWarning, Code: gates.CodeMissing, Input: gates.InputFiles,
		Message: "the dump lacks /var/lib/kubelet/config.yaml, which the kubelet reads: the evaluation reports it missing"}}, out.Diagnostics)
}

// A dump that cannot be read is a bad_request whose diagnostic names the
// form, the file, the line and the column.
func TestImportBroken(t *testing.T) {
	e := explorer.New()
	broken := "../../core/nodeimport/testdata/broken"
	tests := []struct {
		files []gates.File
		want  explorer.Diagnostic
	}{{
		files: []gates.File{readFile(t, filepath.Join(broken, "bundle-bad-configz.txt"))},
		want: explorer.Diagnostic{Code: gates.CodeImport, Input: gates.InputFiles, Path: "bundle-bad-configz.txt", Line: 7, Column: 52,
			Message: "configz: configz JSON: invalid character '}' looking for beginning of object key string"},
	}, {
		files: readDir(t, filepath.Join(broken, "two-execstart")),
		want: explorer.Diagnostic{Code: gates.CodeImport, Input: gates.InputFiles, Path: "etc/systemd/system/kubelet.service.d/10-kubeadm.conf", Line: 3, Column: 1,
			Message: "systemd unit: Service has more than one ExecStart= setting, which is only allowed for Type=oneshot services. Refusing. (a drop-in needs an empty ExecStart= before its own)"},
	}, {
		files: []gates.File{readFile(t, filepath.Join(broken, "configmap-bad-indent.yaml"))},
		want: explorer.Diagnostic{Code: gates.CodeImport, Input: gates.InputFiles, Path: "configmap-bad-indent.yaml", Line: 5,
			Message: "kubeadm kubelet-config ConfigMap: did not find expected key"},
	}}
	for _, tt := range tests {
		xe := xt.WantError(t, e, "gates.import", gates.ImportRequest{Files: tt.files}, explorer.CodeBadRequest)
		tt.want.Severity = explorer.SeverityError
		assert.Equal(t, []explorer.Diagnostic{tt.want}, xe.Diagnostics)
		assert.True(t, strings.HasPrefix(xe.Message, tt.want.Path), xe.Message)
	}
	xe := xt.WantError(t, e, "gates.import", gates.ImportRequest{}, explorer.CodeBadRequest)
	assert.Equal(t, "files: a node dump has at least one file", xe.Message)
}

func TestCheck(t *testing.T) {
	e := explorer.New()
	var out gates.CheckReply
	xt.MustCall(t, e, "gates.check", gates.CheckRequest{From: "1.30", To: "1.33", Files: readDir(t, nodes),
		Nodes: []gates.NodeDump{{Node: "extra", Files: []gates.File{{Path: "c.json", Content: `{"kubeletconfig": {`}}}}}, &out)
	assert.Equal(t, 2, out.Exit)
	assert.Equal(t, "1.30", out.From)
	assert.Equal(t, 11, out.Summary.Nodes)
	rows := map[string]gates.NodeCheck{}
	for _, n := range out.Nodes {
		rows[n.Node] = n
		assert.Equal(t, n.Errors+n.Warnings, len(n.Diagnostics), n.Node)
	}

	// The gate at fault is located in the fleet: the file and the line.
	cm := rows["kubeadm-cm-123"]
	assert.Equal(t, fleet.Fails, cm.Verdict)
	assert.Equal(t, 2, cm.Exit)
	assert.Equal(t, explorer.Diagnostic{Severity: explorer.SeverityError, Code: "gates.defaulting", Input: gates.InputFiles,
		Path: "kubeadm-cm-123.yaml", Line: 25,
		Message: "unrecognized feature gate: DynamicKubeletConfig (DynamicKubeletConfig is set in /var/lib/kubelet/config.yaml:22)"}, cm.Diagnostics[0])

	// A node that is a directory: paths are the fleet's.
	dyn := rows["dynamic-121"]
	assert.Equal(t, "dynamic-121", dyn.Dir)
	assert.Equal(t, "1.21", dyn.From)
	assert.Equal(t, "dump", dyn.ReleaseFrom)
	assert.Equal(t, "dynamic-121/ps", dyn.Diagnostics[0].Path)
	assert.Equal(t, "gates.parse", dyn.Diagnostics[0].Code)

	deb := rows["kubeadm-debian"]
	assert.Equal(t, fleet.Changes, deb.Verdict)
	assert.Equal(t, 1, deb.Exit)
	assert.True(t, *deb.StartsNow && *deb.Starts)
	assert.Positive(t, deb.Changed)
	assert.Len(t, out.ChangeSets[deb.ChangeSet], deb.Changed)
	// Nodes that change the same gates share one list.
	assert.Less(t, len(out.ChangeSets), len(out.Nodes))
	assert.Equal(t, rows["kubeadm-debian"].ChangeSet, rows["bundle-worker"].ChangeSet)
	for _, d := range deb.Diagnostics {
		assert.Equal(t, gates.CodeWarning, d.Code)
	}

	extra := rows["extra"]
	assert.Equal(t, fleet.BadInput, extra.Verdict)
	assert.Equal(t, explorer.Diagnostic{Severity: explorer.SeverityError, Code: gates.CodeImport, Input: "nodes[0]", Path: "c.json", Line: 1, Column: 20,
		Message: "configz JSON: unexpected end of JSON input"}, extra.Diagnostics[0])

	// The summary's problems carry the codes of the rows.
	codes := map[string]bool{}
	for _, p := range out.Summary.Problems {
		require.NotEmpty(t, p.Code, p.Message)
		codes[p.Code] = true
	}
	for _, c := range []string{gates.CodeImport, gates.CodeMissing, "gates.defaulting", "gates.parse", gates.CodeWarning} {
		assert.True(t, codes[c], c)
	}

	// Without a default release, dumps that state none are bad input.
	xt.MustCall(t, e, "gates.check", gates.CheckRequest{To: "1.37", Files: readDir(t, nodes)}, &out)
	for _, n := range out.Nodes {
		if n.Node == "configz-node-128" {
			assert.Equal(t, gates.CodeRelease, n.Diagnostics[0].Code)
		}
		if n.Node == "configz-node-137" {
			assert.Equal(t, fleet.BadInput, n.Verdict)
		}
	}
}

// A gate the kubelet accepts but never reads is a warning of its own
// (gates.notReadByKubelet), in the fleet check and in the upgrade check.
func TestNotReadByKubelet(t *testing.T) {
	e := explorer.New()
	config := "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  KubeletCgroupDriverFromCRI: true\n"
	var out gates.CheckReply
	xt.MustCall(t, e, "gates.check", gates.CheckRequest{To: "1.37", Nodes: []gates.NodeDump{{Node: "n", Files: []gates.File{
		{Path: "version", Content: "Kubernetes v1.36.1\n"},
		{Path: "ps", Content: "/usr/bin/kubelet --config=/var/lib/kubelet/config.yaml\n"},
		{Path: "var/lib/kubelet/config.yaml", Content: config},
	}}}}, &out)
	// At the gate's key, as every other diagnostic: line, column and end.
	want := explorer.Diagnostic{Severity: explorer.SeverityWarning, Code: gates.CodeNotReadByKubelet, Input: "nodes[0]", Path: "var/lib/kubelet/config.yaml",
		Line: 4, Column: 3, EndLine: 4, EndColumn: 29,
		Message: "KubeletCgroupDriverFromCRI is accepted but no kubelet code of 1.37 reads it, so setting it here changes nothing (no Kubernetes binary reads it)"}
	assert.Contains(t, out.Nodes[0].Diagnostics, want)

	var ev gates.EvaluateReply
	xt.MustCall(t, e, "gates.evaluate", gates.EvaluateRequest{Release: "1.36", TargetRelease: "1.37", Config: &gates.File{Path: "/etc/kubelet.yaml", Content: config}}, &ev)
	want.Input, want.Path = gates.InputConfig, "/etc/kubelet.yaml"
	assert.Equal(t, []explorer.Diagnostic{want}, ev.Upgrade.Diagnostics)

	xt.MustCall(t, e, "gates.evaluate", gates.EvaluateRequest{Release: "1.36", TargetRelease: "1.37", CommandLine: "--feature-gates=NodeSwap=true"}, &ev)
	assert.Empty(t, ev.Upgrade.Diagnostics, "NodeSwap is read by the kubelet")
}

func TestCheckErrors(t *testing.T) {
	e := explorer.New()
	tests := []struct {
		req   gates.CheckRequest
		input string
		msg   string
	}{
		{gates.CheckRequest{}, "to", "to is required"},
		{gates.CheckRequest{To: "1.99"}, "to", `no feature-gate catalog for release "1.99" (have 1.18 … 1.37)`},
		{gates.CheckRequest{To: "1.33", From: "x"}, "from", `release "x": illegal version string "x"`},
		{gates.CheckRequest{To: "1.33", Files: []gates.File{{Path: "a.txt"}, {Path: "a/x"}}}, "files", `two node dumps are named "a" (a.txt and a/): rename one`},
		{gates.CheckRequest{To: "1.33", Nodes: []gates.NodeDump{{}}}, "nodes[0]", "nodes[0]: a node dump needs a name"},
	}
	for _, tt := range tests {
		xe := xt.WantError(t, e, "gates.check", tt.req, explorer.CodeBadRequest)
		assert.Equal(t, tt.msg, xe.Message)
		require.Len(t, xe.Diagnostics, 1)
		assert.Equal(t, tt.input, xe.Diagnostics[0].Input)
	}
	var out gates.CheckReply
	xt.MustCall(t, e, "gates.check", gates.CheckRequest{To: "1.33"}, &out)
	assert.Equal(t, 0, out.Exit, "an empty fleet has nothing that changes")
	assert.Empty(t, out.Nodes)
	assert.NotNil(t, out.ChangeSets, "a list, never null")
}

func TestExplain(t *testing.T) {
	e := explorer.New()
	config := "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  NodeSwap: false\n"
	req := gates.ExplainRequest{Gate: "NodeSwap", EvaluateRequest: gates.EvaluateRequest{Release: "1.30", TargetRelease: "1.33",
		CommandLine: "--feature-gates=NodeSwap=true", Config: &gates.File{Path: "/var/lib/kubelet/config.yaml", Content: config}}}
	var out gates.ExplainReply
	xt.MustCall(t, e, "gates.explain", req, &out)
	x := out.Explanation
	assert.True(t, x.Enabled)
	assert.True(t, x.WouldStart)
	assert.Equal(t, []gates.Component{"kubelet"}, x.ReadBy)
	var sources []string
	for _, s := range x.Steps {
		sources = append(sources, s.Source+":"+s.Effect)
	}
	assert.Equal(t, []string{"default:overridden", "flag:overridden", "config:overridden", "flagPrecedence:won"}, sources)
	assert.Equal(t, x.Steps[x.Winner].Source, "flagPrecedence")
	require.NotNil(t, out.Target)
	assert.Equal(t, "1.33", out.Target.Release)

	// Unknown names: not_found, with what the user may have meant.
	for name, want := range map[string]string{
		"NodeSwapp":  `1.30 has no feature gate "NodeSwapp" (did you mean NodeSwap?)`,
		"nodeswap":   `1.30 has no feature gate "nodeswap" (did you mean NodeSwap?)`,
		"CPUManager": `1.33 has no feature gate "CPUManager" (it is a gate of 1.18–1.32)`,
		"Zzzzzzzzz":  `1.30 has no feature gate "Zzzzzzzzz"`,
	} {
		r := gates.ExplainRequest{Gate: name, EvaluateRequest: gates.EvaluateRequest{Release: "1.30"}}
		if name == "CPUManager" {
			r.Release = "1.33"
		}
		xe := xt.WantError(t, e, "gates.explain", r, explorer.CodeNotFound)
		assert.Equal(t, want, xe.Message)
		assert.Equal(t, gates.InputGate, xe.Diagnostics[0].Input)
	}
	xe := xt.WantError(t, e, "gates.explain", gates.ExplainRequest{EvaluateRequest: gates.EvaluateRequest{Release: "1.30"}}, explorer.CodeBadRequest)
	assert.Equal(t, "gate is required", xe.Message)
	xe = xt.WantError(t, e, "gates.explain", gates.ExplainRequest{Gate: "NodeSwap"}, explorer.CodeBadRequest)
	assert.Equal(t, "release is required", xe.Message)
	xe = xt.WantError(t, e, "gates.explain", gates.ExplainRequest{Gate: "NodeSwap", EvaluateRequest: gates.EvaluateRequest{Release: "1.30", TargetRelease: "2.0"}}, explorer.CodeBadRequest)
	assert.Equal(t, `target release: release "2.0": only Kubernetes 1.x is modelled`, xe.Message)
	xe = xt.WantError(t, e, "gates.explain", gates.ExplainRequest{Gate: "NodeSwap", EvaluateRequest: gates.EvaluateRequest{Release: "1.99"}}, explorer.CodeBadRequest)
	assert.Contains(t, xe.Message, "1.99")
}

func TestDiff(t *testing.T) {
	e := explorer.New()
	var out gates.DiffReply
	xt.MustCall(t, e, "gates.diff", gates.DiffRequest{From: "1.30", To: "v1.33.2"}, &out)
	assert.Equal(t, "1.33", out.To)
	assert.Equal(t, 47, out.Counts["removed"])
	byName := map[string]gates.ReleaseChange{}
	for _, c := range out.Changes {
		byName[c.Name] = c
		assert.NotEmpty(t, c.Description, c.Name)
	}
	cpu := byName["CPUManager"]
	assert.Equal(t, "removed: a kubelet that still sets it refuses to start", cpu.Description)
	assert.Equal(t, []gates.Component{"kubelet"}, cpu.ReadBy, "a removed gate: its readers in the release it leaves")
	assert.Nil(t, cpu.To)
	crio := byName["KubeletCgroupDriverFromCRI"]
	assert.Equal(t, "ALPHA → BETA; default false → true", crio.Description)

	for _, tt := range []struct {
		req   gates.DiffRequest
		input string
	}{{gates.DiffRequest{To: "1.30"}, "from"}, {gates.DiffRequest{From: "1.30", To: "1.17"}, "to"}} {
		xe := xt.WantError(t, e, "gates.diff", tt.req, explorer.CodeBadRequest)
		assert.Equal(t, tt.input, xe.Diagnostics[0].Input)
	}
}

func TestComponents(t *testing.T) {
	e := explorer.New()
	var out gates.ComponentsReply
	xt.MustCall(t, e, "gates.components", gates.ComponentsRequest{Release: "1.33", Gates: []string{"NodeSwap", "KubeletCgroupDriverFromCRI"}}, &out)
	assert.Equal(t, []gates.GateReaders{
		{Name: "NodeSwap", Stage: "BETA", Default: true, ReadBy: []gates.Component{"kubelet"}},
		{Name: "KubeletCgroupDriverFromCRI", Stage: "BETA", Default: true, ReadBy: []gates.Component{"kubelet"}},
	}, out.Gates)
	assert.Len(t, out.Components, 6)

	xt.MustCall(t, e, "gates.components", gates.ComponentsRequest{Release: "1.37"}, &out)
	assert.Greater(t, len(out.Gates), 200)
	none := 0
	for _, g := range out.Gates {
		if len(g.ReadBy) == 0 {
			none++
		}
	}
	assert.Greater(t, none, 0, "some gates are read by no binary")

	xe := xt.WantError(t, e, "gates.components", gates.ComponentsRequest{Release: "1.37", Gates: []string{"NodeSwap", "NodeSwp"}}, explorer.CodeNotFound)
	assert.Equal(t, `1.37 has no feature gate "NodeSwp" (did you mean NodeSwap?)`, xe.Message)
	assert.Equal(t, gates.InputGates, xe.Diagnostics[0].Input)
	xe = xt.WantError(t, e, "gates.components", gates.ComponentsRequest{}, explorer.CodeBadRequest)
	assert.Equal(t, "release is required", xe.Message)
}

// Every gate of an evaluation names the components that read it; a name
// the release does not register has none (null).
func TestEvaluateReadBy(t *testing.T) {
	e := explorer.New()
	reply := xt.Call(t, e, "gates.evaluate", gates.EvaluateRequest{Release: "1.33", CommandLine: "--feature-gates=Bogus=true"}, nil)
	require.True(t, reply.OK)
	s := string(reply.Result)
	assert.Contains(t, s, `"name":"NodeSwap",`)
	assert.Regexp(t, `"name":"NodeSwap",[^}]*"readBy":\["kubelet"\]`, s)
	assert.Regexp(t, `"name":"Bogus",[^}]*"readBy":null`, s)
	assert.Equal(t, 1, strings.Count(s, `"gates":[`), "the explorer's gates replace the core's in the JSON")
}
