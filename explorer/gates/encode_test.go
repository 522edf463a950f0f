package gates_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

// TestEvaluateReplyAppendJSON: the evaluate reply writes the bytes
// encoding/json writes for it, the first time and when its gates table is
// kept (each request is evaluated twice, and the requests share tables:
// the same inputs on several releases, an upgrade to each).
func TestEvaluateReplyAppendJSON(t *testing.T) {
	list, err := gates.Examples()
	require.NoError(t, err)
	var reqs []gates.EvaluateRequest
	for _, s := range list.Examples {
		ex, err := gates.Example(s.Name)
		require.NoError(t, err)
		for _, rel := range []string{ex.Request.Release, "1.18", "1.30", catalog.Latest()} {
			if rel == "" {
				continue
			}
			r := ex.Request
			r.Release = rel
			reqs = append(reqs, r)
			r.TargetRelease = catalog.Latest()
			reqs = append(reqs, r)
		}
	}
	// A start-up that fails, one with a gate name to escape.
	reqs = append(reqs, gates.EvaluateRequest{Release: "1.37", CommandLine: "--feature-gates=NoSuchGate=true"},
		gates.EvaluateRequest{Release: "1.30", CommandLine: "--feature-gates=<b>&x=true", TargetRelease: "1.37"})
	for round := range 2 {
		for _, r := range reqs {
			reply, err := gates.Evaluate(r)
			require.NoError(t, err)
			want, err := json.Marshal(reply)
			require.NoError(t, err)
			got, err := reply.AppendJSON([]byte("x"))
			require.NoError(t, err)
			if !assert.Equal(t, "x"+string(want), string(got), "round %d: %+v", round, r) {
				return
			}
		}
	}
	// Replies built by hand: no result, other labels.
	for _, reply := range []gates.EvaluateReply{{}, {Result: &gates.Result{}, Labels: gates.Labels{Stages: map[string]string{"a": "b"}}}} {
		want, err := json.Marshal(reply)
		require.NoError(t, err)
		got, err := reply.AppendJSON(nil)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
	// And through the engine, envelope and all.
	e := explorer.New()
	for _, r := range reqs[:4] {
		body, err := json.Marshal(r)
		require.NoError(t, err)
		got := e.Call("gates.evaluate", body)
		var env explorer.Reply
		require.NoError(t, json.Unmarshal(got, &env))
		want, err := json.Marshal(env)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
}

// appendHead (encode.go) writes kubeletstart.Result's fields by hand: a
// field added there must be written there too.
func TestResultHeadFields(t *testing.T) {
	tags := func(rt reflect.Type) []string {
		var out []string
		for i := range rt.NumField() {
			if f := rt.Field(i); f.IsExported() {
				out = append(out, f.Tag.Get("json"))
			}
		}
		return out
	}
	assert.Equal(t, []string{"release", "library", "wouldStart", "exitCode", "stage,omitempty", "error,omitempty",
		"lines", "gates", "diagnostics", "notes", "alternatives,omitempty", "args"}, tags(reflect.TypeFor[kubeletstart.Result]()))
	assert.Equal(t, []string{"kind", "text"}, tags(reflect.TypeFor[kubeletstart.Line]()))
}
