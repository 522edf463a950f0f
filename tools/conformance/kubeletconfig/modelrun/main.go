// Command modelrun answers the kubelet config-file differential test for
// kubexplorer's side. It is its own module, built with the dependency
// versions kubexplorer ships with: the release modules that run the real
// kubelet code must pin that release's versions of shared libraries
// (sigs.k8s.io/yaml v1.2.0 for 1.18, …), which would otherwise change the
// model under test.
//
// It reads one JSON request per line on stdin and writes one JSON answer
// per line on stdout:
//
//	{"catalog":"1.37"}  → {"gates":[{"name":…,"stage":"BETA","locked":false},…]}
//	{"release":"1.37","path":P,"data":D,"gates":[…]} → an Outcome
//	… plus "configDir":DIR,"dropins":[{"name":N,"data":D},…] → with --config-dir
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
)

type request struct {
	Catalog string   `json:"catalog,omitempty"`
	Release string   `json:"release,omitempty"`
	Path    string   `json:"path,omitempty"`
	Data    string   `json:"data,omitempty"`
	Gates   []string `json:"gates,omitempty"`
	// ConfigDir and Dropins: --config-dir and its files.
	ConfigDir string `json:"configDir,omitempty"`
	Dropins   []struct {
		Name string `json:"name"`
		Data string `json:"data"`
	} `json:"dropins,omitempty"`
}

type gate struct {
	Name   string `json:"name"`
	Stage  string `json:"stage"`
	Locked bool   `json:"locked"`
}

type answer struct {
	Gates   []gate          `json:"gates,omitempty"`
	Stage   string          `json:"stage"`
	Error   string          `json:"error,omitempty"`
	Lenient string          `json:"lenient,omitempty"`
	Values  map[string]bool `json:"values,omitempty"`
	// Alternatives are the other errors upstream's map order may report.
	Alternatives []string `json:"alternatives,omitempty"`
	Fatal        string   `json:"fatal,omitempty"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		var a answer
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			a.Fatal = err.Error()
		} else if req.Catalog != "" {
			a = catalog(req.Catalog)
		} else {
			a = evaluate(req)
		}
		if err := out.Encode(a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// catalog lists the gates of a release with their stage at the release.
func catalog(release string) answer {
	rel, err := kubeletstart.Default.Catalog(release)
	if err != nil {
		return answer{Fatal: err.Error()}
	}
	g, err := featuregate.ForRelease(rel, nil)
	if err != nil {
		return answer{Fatal: err.Error()}
	}
	var a answer
	for _, cg := range rel.Gates {
		s, _ := g.SpecAt(featuregate.Feature(cg.Name))
		stage := string(s.PreRelease)
		if s.PreRelease == featuregate.GA {
			stage = "GA"
		}
		a.Gates = append(a.Gates, gate{Name: cg.Name, Stage: stage, Locked: s.LockToDefault})
	}
	return a
}

// evaluate runs `kubelet --config=PATH` through the model.
func evaluate(req request) answer {
	in := kubeletstart.Input{
		Release: req.Release,
		Args:    []string{"--config=" + req.Path},
		Config:  &kubeletstart.File{Path: req.Path, Content: req.Data},
	}
	if req.ConfigDir != "" {
		in.Args = append(in.Args, "--config-dir="+req.ConfigDir)
		in.ConfigDir = req.ConfigDir
		for _, f := range req.Dropins {
			in.DropIns = append(in.DropIns, kubeletstart.File{Path: req.ConfigDir + "/" + f.Name, Content: f.Data})
		}
	}
	res, err := kubeletstart.Evaluate(in)
	if err != nil {
		return answer{Fatal: err.Error()}
	}
	a := answer{Stage: res.Stage, Error: res.Error, Values: map[string]bool{}, Alternatives: res.Alternatives}
	if a.Stage == "" && !res.WouldStart {
		a.Stage = "?"
	}
	for _, l := range res.Lines {
		if strings.Contains(strings.ToLower(l.Text), "lenient decoding as strict decoding failed") {
			a.Lenient = l.Text
		}
	}
	want := map[string]bool{}
	for _, g := range req.Gates {
		want[g] = true
	}
	for _, g := range res.Gates {
		if want[g.Name] && g.Stage != "UNKNOWN" {
			a.Values[g.Name] = g.Enabled
		}
	}
	return a
}
