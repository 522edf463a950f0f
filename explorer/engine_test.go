package explorer_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kubexplorer/kubexplorer/examples/kubelet"
	"github.com/kubexplorer/kubexplorer/explorer"
	xt "github.com/kubexplorer/kubexplorer/explorer/explorertest"
)

func TestMain(m *testing.M) {
	// The engine's own methods: every one needs a test here.
	xt.Main(m, "version", "methods", "echo", "releases", "debug.")
}

func TestCall(t *testing.T) {
	tests := []struct {
		name, method, request string
		wantResult            string // JSON, when ok
		wantCode              string // when not ok
		wantMessage           string // the error message, exactly
		wantDiag              *explorer.Diagnostic
	}{
		{name: "echo", method: "echo", request: `{"value":{"a":[1,"<b>"]}}`, wantResult: `{"value":{"a":[1,"<b>"]}}`},
		{name: "empty request is the zero value", method: "echo", request: ``, wantResult: `{"value":null}`},
		{name: "unknown method", method: "nope", request: `{}`, wantCode: explorer.CodeUnknownMethod, wantMessage: `no method "nope"`},
		{name: "unknown field", method: "echo", request: "{\"value\": 1,\n \"valu\":1}", wantCode: explorer.CodeBadRequest,
			wantMessage: `decoding the request: json: unknown field "valu"`,
			wantDiag: &explorer.Diagnostic{Code: explorer.CodeRequestUnknownField, Message: `unknown field "valu"`,
				Line: 2, Column: 2, EndLine: 2, EndColumn: 8}},
		{name: "unknown field in a nested object", method: "version", request: `{"a": {"version": 1}, "version": 2}`, wantCode: explorer.CodeBadRequest,
			wantMessage: `decoding the request: json: unknown field "a"`,
			wantDiag:    &explorer.Diagnostic{Code: explorer.CodeRequestUnknownField, Message: `unknown field "a"`, Line: 1, Column: 2, EndLine: 1, EndColumn: 5}},
		{name: "syntax error has a position", method: "echo", request: "{\n\"value\": [1,,2]}", wantCode: explorer.CodeBadRequest,
			wantMessage: "decoding the request: line 2, column 13: invalid character ',' looking for beginning of value",
			wantDiag: &explorer.Diagnostic{Code: explorer.CodeRequestSyntax, Message: "invalid character ',' looking for beginning of value",
				Line: 2, Column: 13}},
		{name: "wrong type has a position", method: "debug.spin", request: `{"duration":5}`, wantCode: explorer.CodeBadRequest,
			wantMessage: "decoding the request: line 1, column 2: cannot unmarshal number into Go struct field SpinRequest.duration of type explorer.Duration",
			wantDiag: &explorer.Diagnostic{Code: explorer.CodeRequestType,
				Message: "cannot unmarshal number into Go struct field SpinRequest.duration of type explorer.Duration", Line: 1, Column: 2, EndLine: 1, EndColumn: 12}},
		{name: "truncated request", method: "echo", request: "{\"value\":", wantCode: explorer.CodeBadRequest,
			wantMessage: "decoding the request: line 1, column 10: unexpected EOF",
			wantDiag:    &explorer.Diagnostic{Code: explorer.CodeRequestSyntax, Message: "unexpected EOF", Line: 1, Column: 10}},
		{name: "trailing data", method: "echo", request: "{}\n  {}", wantCode: explorer.CodeBadRequest,
			wantMessage: "decoding the request: unexpected data after the JSON value",
			wantDiag:    &explorer.Diagnostic{Code: explorer.CodeRequestTrailingData, Message: "unexpected data after the JSON value", Line: 2, Column: 3}},
		{name: "panic is recovered", method: "debug.panic", request: `{"message":"boom"}`, wantCode: explorer.CodeInternal,
			wantMessage: "the engine hit a bug in debug.panic and recovered: boom"},
		{name: "spin takes a duration", method: "debug.spin", request: `{"duration":"1ms"}`, wantResult: `{}`},
		{name: "spin refuses a bad duration", method: "debug.spin", request: `{"duration":"forever"}`, wantCode: explorer.CodeBadRequest,
			wantMessage: `duration: "forever" is not a duration between 0s and 1m`,
			wantDiag:    &explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "duration", Message: `duration: "forever" is not a duration between 0s and 1m`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := xt.Call(t, explorer.New(), tt.method, tt.request, nil)
			if tt.wantCode == "" {
				require.True(t, r.OK, "error: %+v", r.Error)
				assert.JSONEq(t, tt.wantResult, string(r.Result))
				return
			}
			require.False(t, r.OK)
			assert.Equal(t, tt.wantCode, r.Error.Code)
			assert.Equal(t, tt.wantMessage, r.Error.Message)
			if tt.wantDiag == nil {
				assert.Empty(t, r.Error.Diagnostics)
				return
			}
			want := *tt.wantDiag
			want.Severity = explorer.SeverityError
			if want.Input == "" {
				want.Input = explorer.InputRequest
			}
			assert.Equal(t, []explorer.Diagnostic{want}, r.Error.Diagnostics)
		})
	}
}

// The conformance every method keeps, here for the engine's own methods;
// each mechanism's package runs it for its own.
func TestConformance(t *testing.T) {
	xt.Conformance(t, "version", "methods", "echo", "releases")
}

func TestPanicReplyCarriesStackAndEngineSurvives(t *testing.T) {
	e := explorer.New()
	r := xt.Call(t, e, "debug.panic", `{}`, nil)
	require.False(t, r.OK)
	assert.Contains(t, r.Error.Message, "deliberate panic")
	assert.Contains(t, r.Error.Stack, "explorer.")
	xt.MustCall(t, e, "echo", `{"value":1}`, nil)
}

func TestVersionAndMethods(t *testing.T) {
	e := explorer.New()
	var v explorer.VersionReply
	xt.MustCall(t, e, "version", explorer.Empty{}, &v)
	assert.Equal(t, explorer.Version, v.Version)
	assert.True(t, strings.HasPrefix(v.GoVersion, "go"), v.GoVersion)
	assert.Contains(t, v.Mechanisms, explorer.Mechanism{Name: "test", Title: "A mechanism of the tests"})

	var ms explorer.MethodsReply
	xt.MustCall(t, e, "methods", explorer.Empty{}, &ms)
	names := make([]string, len(ms.Methods))
	for i, m := range ms.Methods {
		names[i] = m.Name
		assert.NotEmpty(t, m.Doc, m.Name)
	}
	assert.IsIncreasing(t, names)
	assert.Contains(t, names, "echo")
	assert.Contains(t, names, "test.fail")
	assert.Equal(t, "test", explorer.MechanismOf("test.fail"))
	assert.Equal(t, "", explorer.MechanismOf("debug.panic"), "debug is not a mechanism")
	assert.Equal(t, "", explorer.MechanismOf("echo"))
}

func TestRegisterTwicePanics(t *testing.T) {
	assert.Panics(t, func() {
		explorer.Register("echo", "again", func(*explorer.Engine, explorer.Empty) (explorer.Empty, error) { return explorer.Empty{}, nil })
	})
	assert.Panics(t, func() { explorer.RegisterMechanism("test", "again") })
}

func init() {
	explorer.RegisterMechanism("test", "A mechanism of the tests")
	explorer.Register("test.fail", "fails with the error it is told", func(_ *explorer.Engine, r struct {
		Plain bool `json:"plain"`
	}) (explorer.Empty, error) {
		if r.Plain {
			return explorer.Empty{}, errors.New("a plain error")
		}
		return explorer.Empty{}, explorer.NotFound("no %s", "thing")
	})
	explorer.Register("test.unencodable", "replies with a value JSON cannot encode", func(*explorer.Engine, explorer.Empty) (func(), error) {
		return func() {}, nil
	})
}

func TestErrorsOfMethods(t *testing.T) {
	e := explorer.New()
	xe := xt.WantError(t, e, "test.fail", `{}`, explorer.CodeNotFound)
	assert.Equal(t, "no thing", xe.Message)
	assert.Equal(t, "not_found: no thing", xe.Error())
	xe = xt.WantError(t, e, "test.fail", `{"plain":true}`, explorer.CodeBadRequest)
	assert.Equal(t, "a plain error", xe.Message, "an error that is not an *Error is a bad request")
	xe = xt.WantError(t, e, "test.unencodable", `{}`, explorer.CodeInternal)
	assert.Contains(t, xe.Message, "encoding the reply: json: unsupported type")
}

func TestDo(t *testing.T) {
	e := explorer.New()
	out, err := explorer.Do[explorer.EchoRequest](e, "echo", explorer.EchoRequest{Value: json.RawMessage(`[1]`)})
	require.NoError(t, err)
	assert.JSONEq(t, `[1]`, string(out.Value))
	_, err = explorer.Do[explorer.Empty](e, "test.fail", struct{}{})
	var xe *explorer.Error
	require.ErrorAs(t, err, &xe)
	assert.Equal(t, explorer.CodeNotFound, xe.Code)
	_, err = explorer.Do[explorer.Empty](e, "echo", func() {})
	assert.Error(t, err, "a request JSON cannot encode")
}

func TestSessions(t *testing.T) {
	type counter struct{ n int }
	e := explorer.New()
	id := e.AddSession("count", &counter{})
	assert.Equal(t, "count-1", id)
	c, err := explorer.Session[*counter](e, id)
	require.NoError(t, err)
	c.n++
	_, err = explorer.Session[*strings.Builder](e, id)
	assert.ErrorContains(t, err, "another kind")
	assert.Equal(t, 1, e.SessionCount())
	e.CloseSession(id)
	e.CloseSession(id) // closing twice is fine
	_, err = explorer.Session[*counter](e, id)
	var xe *explorer.Error
	require.ErrorAs(t, err, &xe)
	assert.Equal(t, explorer.CodeNotFound, xe.Code)
	assert.Equal(t, 0, e.SessionCount())
}

func TestReleases(t *testing.T) {
	var rr explorer.ReleasesReply
	xt.MustCall(t, explorer.New(), "releases", explorer.Empty{}, &rr)
	require.NotEmpty(t, rr.Releases)
	assert.Equal(t, "1.18", rr.Releases[0])
	assert.Equal(t, rr.Releases[len(rr.Releases)-1], rr.Default)
	assert.Equal(t, explorer.Releases(), rr)
}

func TestExamples(t *testing.T) {
	_, err := explorer.ReadExample("kubelet", "kubelet example", "../etc/passwd")
	var xe *explorer.Error
	require.ErrorAs(t, err, &xe)
	assert.Equal(t, `no kubelet example "../etc/passwd"`, xe.Message)
	data, err := explorer.ReadExample("kubelet", "kubelet example", "crashloop")
	require.NoError(t, err)
	assert.NotEmpty(t, data)
	names, err := explorer.ExampleNames("kubelet", "crashloop")
	require.NoError(t, err)
	assert.Equal(t, "crashloop", names[0])
}

func FuzzCallEcho(f *testing.F) {
	f.Add(`{"value":1}`)
	f.Add(`{`)
	f.Add("{\n\"value\":\"\\u0000\"}")
	f.Add(`{"a":{"b":[{"value":1}]},"valu":2}`)
	f.Fuzz(func(t *testing.T, request string) {
		var r explorer.Reply
		if err := json.Unmarshal(explorer.New().Call("echo", []byte(request)), &r); err != nil {
			t.Fatalf("reply is not JSON: %v", err)
		}
		if r.OK == (r.Error != nil) {
			t.Fatalf("inconsistent reply %+v", r)
		}
		if !r.OK {
			for _, d := range r.Error.Diagnostics {
				if d.Line < 0 || d.Column < 0 || (d.Line == 0) != (d.Column == 0) {
					t.Fatalf("bad position %+v", d)
				}
			}
		}
	})
}

// BenchmarkCallEcho is the engine's share of a trivial round trip.
func BenchmarkCallEcho(b *testing.B) {
	e := explorer.New()
	req := []byte(`{"value":{"a":1}}`)
	for b.Loop() {
		e.Call("echo", req)
	}
}

var _ = fmt.Sprint
var _ = os.Args

// TestCallEnvelopeIsEncodingJSONs: Call writes a successful reply's
// envelope itself; its bytes are what encoding/json writes for the Reply,
// HTML escaping and all.
func TestCallEnvelopeIsEncodingJSONs(t *testing.T) {
	for _, value := range []string{`null`, `{"a":[1,"<b>&amp;</b>"]}`, `"line\u2028sep \u00e9 \"q\""`, `[]`, `{"ok":{"result":1}}`} {
		got := explorer.New().Call("echo", []byte(`{"value":`+value+`}`))
		var reply explorer.Reply
		require.NoError(t, json.Unmarshal(got, &reply))
		want, err := json.Marshal(reply)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), value)
	}
}
