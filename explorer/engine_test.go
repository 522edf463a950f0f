package explorer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func call(t *testing.T, e *Engine, method, request string) Reply {
	t.Helper()
	var r Reply
	require.NoError(t, json.Unmarshal(e.Call(method, []byte(request)), &r))
	require.Equal(t, r.OK, r.Error == nil, "ok must be true exactly when there is no error")
	return r
}

func TestCall(t *testing.T) {
	tests := []struct {
		name, method, request string
		wantResult            string // JSON, when ok
		wantCode              string // when not ok
		wantMessage           string // substring of the error message
	}{
		{name: "echo", method: "echo", request: `{"value":{"a":[1,"<b>"]}}`, wantResult: `{"value":{"a":[1,"<b>"]}}`},
		{name: "empty request is the zero value", method: "echo", request: ``, wantResult: `{"value":null}`},
		{name: "unknown method", method: "nope", request: `{}`, wantCode: CodeUnknownMethod, wantMessage: `no method "nope"`},
		{name: "unknown field", method: "echo", request: `{"valu":1}`, wantCode: CodeBadRequest, wantMessage: `unknown field "valu"`},
		{name: "syntax error has a position", method: "echo", request: "{\n\"value\": [1,,2]}", wantCode: CodeBadRequest, wantMessage: "line 2, column"},
		{name: "wrong type has a position", method: "debug.spin", request: `{"milliseconds":"x"}`, wantCode: CodeBadRequest, wantMessage: "line 1, column"},
		{name: "trailing data", method: "echo", request: `{} {}`, wantCode: CodeBadRequest, wantMessage: "unexpected data"},
		{name: "panic is recovered", method: "debug.panic", request: `{"message":"boom"}`, wantCode: CodeInternal, wantMessage: "boom"},
		{name: "closing an unknown session is fine", method: "session.close", request: `{"session":"x-1"}`, wantResult: `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := call(t, New(), tt.method, tt.request)
			if tt.wantCode == "" {
				require.True(t, r.OK, "error: %+v", r.Error)
				assert.JSONEq(t, tt.wantResult, string(r.Result))
				return
			}
			require.False(t, r.OK)
			assert.Equal(t, tt.wantCode, r.Error.Code)
			assert.Contains(t, r.Error.Message, tt.wantMessage)
		})
	}
}

func TestPanicReplyCarriesStackAndEngineSurvives(t *testing.T) {
	e := New()
	r := call(t, e, "debug.panic", `{}`)
	require.False(t, r.OK)
	assert.Contains(t, r.Error.Message, "deliberate panic")
	assert.Contains(t, r.Error.Stack, "explorer.")
	r = call(t, e, "echo", `{"value":1}`)
	assert.True(t, r.OK)
}

func TestVersionAndMethods(t *testing.T) {
	e := New()
	r := call(t, e, "version", `{}`)
	require.True(t, r.OK)
	var v VersionReply
	require.NoError(t, json.Unmarshal(r.Result, &v))
	assert.Equal(t, Version, v.Version)
	assert.True(t, strings.HasPrefix(v.GoVersion, "go"), v.GoVersion)

	r = call(t, e, "methods", `{}`)
	require.True(t, r.OK)
	var ms []MethodInfo
	require.NoError(t, json.Unmarshal(r.Result, &ms))
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
		assert.NotEmpty(t, m.Doc, m.Name)
	}
	assert.IsIncreasing(t, names)
	assert.Contains(t, names, "echo")
}

func TestSessions(t *testing.T) {
	type counter struct{ n int }
	e := New()
	id := e.AddSession("count", &counter{})
	assert.Equal(t, "count-1", id)
	c, err := Session[*counter](e, id)
	require.NoError(t, err)
	c.n++
	_, err = Session[*strings.Builder](e, id)
	assert.ErrorContains(t, err, "another kind")
	e.CloseSession(id)
	_, err = Session[*counter](e, id)
	var xe *Error
	require.ErrorAs(t, err, &xe)
	assert.Equal(t, CodeNotFound, xe.Code)
	assert.Equal(t, 0, e.SessionCount())
}

func FuzzCallEcho(f *testing.F) {
	f.Add(`{"value":1}`)
	f.Add(`{`)
	f.Add("{\n\"value\":\"\\u0000\"}")
	f.Fuzz(func(t *testing.T, request string) {
		var r Reply
		if err := json.Unmarshal(New().Call("echo", []byte(request)), &r); err != nil {
			t.Fatalf("reply is not JSON: %v", err)
		}
		if r.OK == (r.Error != nil) {
			t.Fatalf("inconsistent reply %+v", r)
		}
	})
}

func TestReleases(t *testing.T) {
	r := call(t, New(), "releases", `{}`)
	require.True(t, r.OK)
	var rr ReleasesReply
	require.NoError(t, json.Unmarshal(r.Result, &rr))
	require.NotEmpty(t, rr.Releases)
	assert.Equal(t, "1.18", rr.Releases[0])
	assert.Equal(t, rr.Releases[len(rr.Releases)-1], rr.Default)
}

// BenchmarkCallEcho is the engine's share of a trivial round trip.
func BenchmarkCallEcho(b *testing.B) {
	e := New()
	req := []byte(`{"value":{"a":1}}`)
	for b.Loop() {
		e.Call("echo", req)
	}
}
