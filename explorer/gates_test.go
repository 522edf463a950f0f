package explorer

import (
	"encoding/json"
	"testing"
)

func callGates(t *testing.T, method string, req any, out any) Reply {
	t.Helper()
	b, _ := json.Marshal(req)
	var reply Reply
	if err := json.Unmarshal(New().Call(method, b), &reply); err != nil {
		t.Fatal(err)
	}
	if reply.OK && out != nil {
		if err := json.Unmarshal(reply.Result, out); err != nil {
			t.Fatal(err)
		}
	}
	return reply
}

func TestGatesEvaluate(t *testing.T) {
	var rels GatesReleasesReply
	callGates(t, "gates.releases", struct{}{}, &rels)
	if len(rels.Releases) == 0 || rels.Default != rels.Releases[len(rels.Releases)-1] {
		t.Fatalf("releases: %+v", rels)
	}
	var out GatesEvaluateReply
	reply := callGates(t, "gates.evaluate", GatesEvaluateRequest{Release: rels.Default, CommandLine: "--feature-gates=NoSuchGate=true"}, &out)
	if !reply.OK {
		t.Fatalf("error: %+v", reply.Error)
	}
	if out.Result.WouldStart || out.Result.ExitCode != 1 || out.Result.Stage != "flagGates" {
		t.Fatalf("unknown gate must stop the kubelet: %+v", out.Result)
	}
	// Stable field names the page and docs rely on.
	var raw map[string]map[string]any
	if err := json.Unmarshal(reply.Result, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"release", "library", "wouldStart", "exitCode", "stage", "error", "lines", "gates", "diagnostics", "notes", "args"} {
		if _, ok := raw["result"][k]; !ok {
			t.Errorf("result lacks %q", k)
		}
	}
}

func TestGatesEvaluateUpgradeAndErrors(t *testing.T) {
	var ex GatesExampleReply
	callGates(t, "gates.example", GatesExampleRequest{}, &ex)
	ex.Request.Release, ex.Request.TargetRelease = "1.36", "1.37"
	var out GatesEvaluateReply
	reply := callGates(t, "gates.evaluate", ex.Request, &out)
	if !reply.OK || out.Result == nil || (ex.Request.TargetRelease != "" && out.Upgrade == nil) {
		t.Fatalf("example: %+v %+v", reply.Error, out)
	}
	for _, bad := range []GatesEvaluateRequest{{}, {Release: "1.99"}, {Release: "1.37", CommandLine: `"unterminated`}} {
		if r := callGates(t, "gates.evaluate", bad, nil); r.OK || r.Error.Code != CodeBadRequest {
			t.Errorf("%+v: want bad_request, got %+v", bad, r)
		}
	}
}

// Every gallery example loads and shows what its description promises.
func TestGatesExamples(t *testing.T) {
	var list GatesExamplesReply
	if r := callGates(t, "gates.examples", struct{}{}, &list); !r.OK {
		t.Fatalf("%+v", r.Error)
	}
	if len(list.Examples) < 5 || list.Examples[0].Name != "default" {
		t.Fatalf("gallery: %+v", list)
	}
	type want struct {
		starts, targetStarts bool
		stage                string
	}
	wants := map[string]want{
		"default":         {starts: true},
		"dependency":      {stage: "defaulting"},
		"upgrade-removed": {starts: true, stage: ""},
		"locked":          {stage: "flagGates"},
		"dropins":         {starts: true},
		"dynamic-config":  {},
		"newer-config":    {stage: "validate", targetStarts: true},
	}
	for _, s := range list.Examples {
		if s.Title == "" || s.Description == "" {
			t.Errorf("%s: title and description are required", s.Name)
		}
		var ex GatesExampleReply
		if r := callGates(t, "gates.example", GatesExampleRequest{Name: s.Name}, &ex); !r.OK {
			t.Fatalf("%s: %+v", s.Name, r.Error)
		}
		req := ex.Request
		if req.Release == "" {
			req.Release = "1.37"
		}
		out, err := EvaluateGates(req)
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		w, ok := wants[s.Name]
		if !ok {
			continue
		}
		if out.Result.WouldStart != w.starts || (w.stage != "" && out.Result.Stage != w.stage) {
			t.Errorf("%s: wouldStart=%v stage=%q error=%q", s.Name, out.Result.WouldStart, out.Result.Stage, out.Result.Error)
		}
		if req.TargetRelease != "" && (out.Upgrade == nil || out.Upgrade.Target.WouldStart != w.targetStarts) {
			t.Errorf("%s: upgrade %+v", s.Name, out.Upgrade)
		}
	}
	if r := callGates(t, "gates.example", GatesExampleRequest{Name: "../x"}, nil); r.OK || r.Error.Code != CodeNotFound {
		t.Errorf("bad name: %+v", r)
	}
	if r := callGates(t, "gates.example", GatesExampleRequest{Name: "nope"}, nil); r.OK || r.Error.Code != CodeNotFound {
		t.Errorf("unknown name: %+v", r)
	}
}
