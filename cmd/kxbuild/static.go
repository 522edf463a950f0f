package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/explorer/kubefed"
	"github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

// staticCalls are the calls whose replies the page needs before its first
// result and that depend on nothing but the build: the releases, each
// gallery and the example each tab opens with. The page answers them at
// once (engine.js), so a tab fills its inputs while its engine loads.
// Requests are written as the tabs send them.
var staticCalls = []struct {
	method  string
	request any
}{
	{"releases", explorer.Empty{}},
	{"gates.examples", explorer.Empty{}},
	{"gates.example", gates.ExampleRequest{Name: gates.DefaultExample}},
	{"kubelet.examples", explorer.Empty{}},
	{"kubelet.example", kubelet.ExampleRequest{Name: kubelet.DefaultExample}},
	{"kubefed.examples", explorer.Empty{}},
	{"kubefed.example", kubefed.ExampleRequest{Name: kubefed.DefaultExample}},
	// The kubefed tab asks for its releases as it mounts: from the engine,
	// that call would be queued before the tab's first result.
	{"kubefed.versions", explorer.Empty{}},
}

// staticReplies runs staticCalls on the explorer, natively, and returns
// their results by "method request", the request as canonical JSON.
func staticReplies() (map[string]json.RawMessage, error) {
	e := explorer.New()
	out := map[string]json.RawMessage{}
	for _, c := range staticCalls {
		req, err := canonicalJSON(c.request)
		if err != nil {
			return nil, err
		}
		var reply explorer.Reply
		if err := json.Unmarshal(e.Call(c.method, req), &reply); err != nil {
			return nil, fmt.Errorf("%s: %w", c.method, err)
		}
		if !reply.OK {
			return nil, fmt.Errorf("%s %s: %s", c.method, req, reply.Error.Message)
		}
		out[c.method+" "+string(req)] = reply.Result
	}
	return out, nil
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
