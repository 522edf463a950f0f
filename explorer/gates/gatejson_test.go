package gates

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/core/releases"
)

// TestAppendGatesJSON: the gates table's own encoder writes the bytes
// encoding/json writes: every release's table with gates set from every
// source, rows built by hand with each optional field, strings to escape.
func TestAppendGatesJSON(t *testing.T) {
	var tables [][]Gate
	for _, rel := range releases.All() {
		for _, req := range []EvaluateRequest{
			{Release: rel},
			{Release: rel, CommandLine: "kubelet --config=/c.yaml --feature-gates=AllAlpha=true,AllBeta=false,NoSuchGate=true",
				Config: &File{Path: "/c.yaml", Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  MemoryQoS: true\n"}},
		} {
			reply, err := Evaluate(req)
			require.NoError(t, err)
			tables = append(tables, reply.Result.Gates)
		}
	}
	yes := true
	tables = append(tables, nil, []Gate{}, []Gate{
		{GateState: kubeletstart.GateState{Name: "A", Component: "kubelet", Stage: "BETA", Default: true, Locked: true, Enabled: true,
			Source: "config", SourcePath: "/etc/x <&> \"y\".conf", SourceLine: 3, SourceColumn: -1, SourceEndLine: 1 << 40, SourceEndColumn: 9,
			Requested: &yes, Dependencies: []string{"B", "C\u2028"}, Problem: "é\x01\t\\ \xff"}, ReadBy: []Component{}},
		{GateState: kubeletstart.GateState{Name: "", Dependencies: []string{}}, ReadBy: []Component{"kubelet", "kube-proxy"}},
		{GateState: kubeletstart.GateState{Name: "a<b", Stage: "c>d", Source: "e&f", SourcePath: "~\x7f", Problem: "\n"}},
	})
	for _, gates := range tables {
		want, err := json.Marshal(gates)
		require.NoError(t, err)
		if !assert.Equal(t, "x"+string(want), string(appendGatesJSON([]byte("x"), gates))) {
			return
		}
	}
}

// FuzzAppendGatesJSON: any row encodes as encoding/json encodes it.
func FuzzAppendGatesJSON(f *testing.F) {
	f.Add("MemoryQoS", "kubelet", "BETA", "flag", "/a b.conf", "dep", "problem <x>", 3, 0, true, true)
	f.Add("", "", "", "", "", "", "\u2028\xfe\"", -1, 1<<31, false, false)
	f.Fuzz(func(t *testing.T, name, component, stage, source, path, dep, problem string, line, col int, flag, readBy bool) {
		g := Gate{GateState: kubeletstart.GateState{Name: name, Component: component, Stage: stage, Default: flag, Locked: !flag,
			Enabled: flag, Source: source, SourcePath: path, SourceLine: line, SourceColumn: col, SourceEndLine: line + col,
			SourceEndColumn: -col, Problem: problem}}
		if flag {
			g.Requested = &flag
			g.Dependencies = []string{dep, name}
		}
		if readBy {
			g.ReadBy = []Component{Component(component), Component(dep)}
		}
		gates := []Gate{g, {}}
		want, err := json.Marshal(gates)
		if err != nil {
			t.Skip()
		}
		if got := appendGatesJSON(nil, gates); string(got) != string(want) {
			t.Fatalf("appendGatesJSON:\n%s\nencoding/json:\n%s", got, want)
		}
	})
}

// The label pairs are sorted by id, each once, so that labelsJSON writes
// what encoding/json writes for the labels.
func TestLabelPairsSorted(t *testing.T) {
	for _, pairs := range [][]string{stageLabels[:], sourceLabels[:]} {
		for i := 2; i+1 < len(pairs); i += 2 {
			if pairs[i-2] >= pairs[i] {
				t.Errorf("label %q comes after %q", pairs[i], pairs[i-2])
			}
		}
	}
	want, err := json.Marshal(labels())
	require.NoError(t, err)
	got, err := labelsJSON()
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}
