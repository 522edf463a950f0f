package fleet

import (
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

func TestGroup(t *testing.T) {
	files := []nodeimport.File{
		{Path: "n2.txt", Content: "b"},
		{Path: "n1/var/lib/kubelet/config.yaml", Content: "c"},
		{Path: "n1/kubelet-version", Content: "v"},
		{Path: ".git/config", Content: "x"},
		{Path: "n3/.DS_Store", Content: "x"},
		{Path: "./n4.json", Content: "j"},
	}
	dumps, err := Group(files)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range dumps {
		var paths []string
		for _, f := range d.Files {
			paths = append(paths, f.Path)
		}
		got = append(got, d.Node+"="+strings.Join(paths, ","))
	}
	want := "n1=kubelet-version,var/lib/kubelet/config.yaml n2=n2.txt n4=n4.json"
	if strings.Join(got, " ") != want {
		t.Errorf("groups = %q, want %q", strings.Join(got, " "), want)
	}
	for _, clash := range [][]nodeimport.File{
		{{Path: "n1.txt"}, {Path: "n1.json"}},
		{{Path: "n1.txt"}, {Path: "n1/config.yaml"}},
	} {
		if _, err := Group(clash); err == nil || !strings.Contains(err.Error(), `two node dumps are named "n1"`) {
			t.Errorf("%v: err = %v", clash, err)
		}
	}
}

func TestCheckOptionsAndExit(t *testing.T) {
	if _, err := Check(nil, Options{To: "1.99"}); err == nil {
		t.Error("an unknown target release was accepted")
	}
	if _, err := Check(nil, Options{To: "1.30", From: "2.0"}); err == nil {
		t.Error("a bad default release was accepted")
	}
	r, err := Check(nil, Options{To: "v1.30.2"})
	if err != nil || r.Exit != 0 || r.To != "1.30" || r.Summary.Nodes != 0 {
		t.Errorf("empty fleet: %+v, %v", r, err)
	}
	cfg := "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n"
	node := func(name, version, extra string) Dump {
		return Dump{Node: name, Files: []nodeimport.File{
			{Path: "version", Content: "Kubernetes " + version + "\n"},
			{Path: "ps", Content: "/usr/bin/kubelet --config=/var/lib/kubelet/config.yaml --node-ip=10.0.0." + name + extra + "\n"},
			{Path: "var/lib/kubelet/config.yaml", Content: cfg},
		}}
	}
	cases := []struct {
		dump Dump
		want Verdict
	}{
		{node("1", "v1.30.1", ""), Unchanged},
		{node("2", "v1.30.1", " --feature-gates=NodeSwap=true"), Changes},
		{node("3", "v1.30.1", " --feature-gates=NoSuchGate=true"), Fails},
		{Dump{Node: "4", Files: []nodeimport.File{{Path: "c.json", Content: `{"kubeletconfig": {`}}}, BadInput},
		{node("5", "v1.99.0", ""), BadInput},
	}
	var dumps []Dump
	for _, c := range cases {
		dumps = append(dumps, c.dump)
	}
	r, err = Check(dumps, Options{To: "1.30"})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		n := r.Nodes[i]
		if n.Verdict != c.want || n.Exit != c.want.Exit() {
			t.Errorf("node %s: %s (exit %d), want %s; errors %v warnings %v", n.Node, n.Verdict, n.Exit, c.want, n.Errors, n.Warnings)
		}
	}
	if r.Exit != 2 || r.Summary.Verdicts[BadInput] != 2 || r.Summary.Releases["1.30"] != 3 {
		t.Errorf("summary %+v exit %d", r.Summary, r.Exit)
	}
	// Nodes 1 and 2 differ only in --node-ip … and 2 in its gates: the
	// first node's two evaluations are shared by nobody, but a clone of
	// node 1 with another address reuses them.
	clone := node("9", "v1.30.1", "")
	c := newChecker(Options{})
	a := c.node(dumps[0], "", "1.30")
	b := c.node(clone, "", "1.30")
	if a.Now != b.Now || a.Target != b.Target || len(c.evals) != 1 {
		t.Errorf("equivalent nodes were evaluated separately (%d evaluations)", len(c.evals))
	}
}
