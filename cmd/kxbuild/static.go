package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/explorer/kubefed"
	"github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

// The replies the build computes, so that the page answers them without an
// engine (site/js/engine.js, Engines). The cores are deterministic: the
// explorer run natively here gives the same reply as the engine in the
// page, and e2e/static_test.go holds them to it.
//
// They come in two places:
//   - in the page's script (KX_STATIC_REPLIES): the small replies every tab
//     needs before its first result: the releases, each gallery, the example
//     each tab opens with, kubefed's releases;
//   - in one file per mechanism (replies-MECHANISM.json): that tab's first
//     result (the default example evaluated or loaded, as the tab asks for
//     it) and every gallery example, so that a tab's first result costs its
//     own replies only, not the other tabs'. The page fetches the file of the
//     tab it opens with at once and the others when they are first called.

// staticCall is one call the build answers. Requests are written as the
// tabs send them (the key is their canonical JSON, so a field the tab sends
// empty must be here too).
type staticCall struct {
	method  string
	request any
	// session marks a call that opens a session: its reply holds the id of
	// the first session of a fresh engine, and the page answers it once and
	// replays it on the engine before the engine's first call.
	session bool
}

// inScript are the replies compiled into the page's script.
var inScript = []staticCall{
	{method: "releases", request: explorer.Empty{}},
	{method: "gates.examples", request: explorer.Empty{}},
	{method: "gates.example", request: gates.ExampleRequest{Name: gates.DefaultExample}},
	{method: "kubelet.examples", request: explorer.Empty{}},
	{method: "kubelet.example", request: kubelet.ExampleRequest{Name: kubelet.DefaultExample}},
	{method: "kubefed.examples", request: explorer.Empty{}},
	{method: "kubefed.example", request: kubefed.ExampleRequest{Name: kubefed.DefaultExample}},
	// The kubefed tab asks for its releases as it mounts: from the engine,
	// that call would be queued before the tab's first result.
	{method: "kubefed.versions", request: explorer.Empty{}},
}

// RepliesFile is the format of replies-MECHANISM.json.
type RepliesFile struct {
	// Replies are results by "method canonicalJSON(request)".
	Replies map[string]json.RawMessage `json:"replies"`
	// Sessions are the keys of Replies whose call opens a session.
	Sessions []string `json:"sessions,omitempty"`
}

// Static is what the build answers.
type Static struct {
	InScript map[string]json.RawMessage // KX_STATIC_REPLIES
	Files    map[string]RepliesFile     // by mechanism
}

// mechanismFiles are the calls of each mechanism's file, computed from the
// in-script replies (the default example, the release).
func mechanismFiles(newest string) (map[string][]staticCall, error) {
	ex, err := gates.Example(gates.DefaultExample)
	if err != nil {
		return nil, err
	}
	files := map[string][]staticCall{
		"gates":   {{method: "gates.evaluate", request: gatesTabRequest(ex.Request, newest)}},
		"kubelet": {{method: "kubelet.load", request: map[string]any{"example": kubelet.DefaultExample, "release": newest}, session: true}},
		// The kubefed tab opens its example with the example's own control
		// plane and no extra steps (kubefed.js load({overrides: false})).
		"kubefed": {{method: "kubefed.load", request: map[string]any{"example": kubefed.DefaultExample, "steps": []any{}}, session: true}},
	}
	gallery, err := gates.Examples()
	if err != nil {
		return nil, err
	}
	for _, e := range gallery.Examples {
		files["gates"] = append(files["gates"], staticCall{method: "gates.example", request: gates.ExampleRequest{Name: e.Name}})
	}
	kl, err := kubelet.Examples()
	if err != nil {
		return nil, err
	}
	for _, e := range kl.Examples {
		files["kubelet"] = append(files["kubelet"], staticCall{method: "kubelet.example", request: kubelet.ExampleRequest{Name: e.Name}})
	}
	kf, err := kubefed.Examples()
	if err != nil {
		return nil, err
	}
	for _, e := range kf.Examples {
		files["kubefed"] = append(files["kubefed"], staticCall{method: "kubefed.example", request: kubefed.ExampleRequest{Name: e.Name}})
	}
	return files, nil
}

// gatesTabRequest is the gates.evaluate request the gates tab sends for an
// example's inputs on release (site/js/tabs/gates.js, request()): the
// config file when it has content, the drop-ins with their directory when
// there are any, the environment when it is not empty, the checkpoint when
// it has content, the target release when it is another release.
func gatesTabRequest(ex gates.EvaluateRequest, release string) map[string]any {
	req := map[string]any{"release": release, "commandLine": ex.CommandLine}
	if ex.Config != nil && ex.Config.Content != "" {
		req["config"] = map[string]any{"path": strings.TrimSpace(ex.Config.Path), "content": ex.Config.Content}
	}
	if len(ex.DropIns) > 0 {
		req["configDir"] = strings.TrimSpace(ex.ConfigDir)
		var dropIns []any
		for _, d := range ex.DropIns {
			dropIns = append(dropIns, map[string]any{"path": d.Path, "content": d.Content})
		}
		req["dropIns"] = dropIns
	}
	if len(ex.Env) > 0 {
		req["env"] = ex.Env
	}
	if ex.DynamicCheckpoint != nil && ex.DynamicCheckpoint.Content != "" {
		req["dynamicCheckpoint"] = map[string]any{"path": strings.TrimSpace(ex.DynamicCheckpoint.Path), "content": ex.DynamicCheckpoint.Content}
	}
	if ex.TargetRelease != "" && ex.TargetRelease != release {
		req["targetRelease"] = ex.TargetRelease
	}
	return req
}

// staticReplies runs the calls on the explorer, natively. A session call
// runs on a fresh explorer: its reply is the first session of an engine.
func staticReplies() (Static, error) {
	e := explorer.New()
	out := Static{InScript: map[string]json.RawMessage{}, Files: map[string]RepliesFile{}}
	for _, c := range inScript {
		key, result, err := run(e, c)
		if err != nil {
			return Static{}, err
		}
		out.InScript[key] = result
	}
	newest := explorer.Releases().Default
	files, err := mechanismFiles(newest)
	if err != nil {
		return Static{}, err
	}
	for mech, calls := range files {
		f := RepliesFile{Replies: map[string]json.RawMessage{}}
		for _, c := range calls {
			on := e
			if c.session {
				on = explorer.New()
			}
			key, result, err := run(on, c)
			if err != nil {
				return Static{}, err
			}
			if _, dup := out.InScript[key]; dup {
				continue // the script has it already
			}
			f.Replies[key] = result
			if c.session {
				f.Sessions = append(f.Sessions, key)
			}
		}
		out.Files[mech] = f
	}
	return out, nil
}

// run calls c on e and returns its key and result.
func run(e *explorer.Engine, c staticCall) (string, json.RawMessage, error) {
	req, err := canonicalJSON(c.request)
	if err != nil {
		return "", nil, err
	}
	var reply explorer.Reply
	if err := json.Unmarshal(e.Call(c.method, req), &reply); err != nil {
		return "", nil, fmt.Errorf("%s: %w", c.method, err)
	}
	if !reply.OK {
		return "", nil, fmt.Errorf("%s %s: %s", c.method, req, reply.Error.Message)
	}
	return c.method + " " + string(req), reply.Result, nil
}

// canonicalJSON is engine.js's canonicalJSON: object keys sorted, no
// HTML escaping (JSON.stringify does none).
func canonicalJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(generic); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
