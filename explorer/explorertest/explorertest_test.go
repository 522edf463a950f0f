package explorertest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// recorder is a testing.TB whose Fatal stops the helper (by a panic the
// test recovers) and records the message instead of failing the test.
type recorder struct {
	testing.TB
	fatal string
}

type stopped struct{}

func (r *recorder) Helper() {}
func (r *recorder) Fatal(args ...any) {
	r.fatal = fmt.Sprint(args...)
	panic(stopped{})
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	panic(stopped{})
}

// fatal runs fn with a recorder and returns what it stopped with ("" when
// it ran to the end).
func fatal(t *testing.T, fn func(tb testing.TB)) string {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(stopped); !ok {
					panic(p)
				}
			}
		}()
		fn(r)
	}()
	return r.fatal
}

func TestCallDecodesAndRecords(t *testing.T) {
	e := explorer.New()
	require.Equal(t, []string{"echo"}, Untested("echo"))
	var out explorer.EchoRequest
	r := Call(t, e, "echo", map[string]any{"value": 7}, &out)
	require.True(t, r.OK)
	require.JSONEq(t, "7", string(out.Value))
	require.Empty(t, Untested("echo"), "echo answered")
	require.Equal(t, []string{"methods"}, Untested("methods"))

	// A request given as a string is sent as is.
	require.Equal(t, `"x"`, fatal(t, func(tb testing.TB) {
		var out explorer.EchoRequest
		MustCall(tb, e, "echo", `{"value":"x"}`, &out)
		tb.Fatal(string(out.Value))
	}))
}

func TestMustCallAndWantErrorFail(t *testing.T) {
	e := explorer.New()
	for _, tc := range []struct {
		name string
		fn   func(tb testing.TB)
		want string
	}{
		{"MustCall of a failing call", func(tb testing.TB) { MustCall(tb, e, "nope", `{}`, nil) },
			`nope: unknown_method: no method "nope"`},
		{"WantError of a call that succeeds", func(tb testing.TB) { WantError(tb, e, "echo", `{}`, explorer.CodeBadRequest) },
			`echo {}: want bad_request, got ok {"value":null}`},
		{"WantError of another code", func(tb testing.TB) { WantError(tb, e, "nope", `{}`, explorer.CodeBadRequest) },
			`nope {}: want bad_request, got unknown_method: no method "nope"`},
		{"a result that does not decode", func(tb testing.TB) { Call(tb, e, "echo", `{"value":1}`, &struct{ Value string }{}) },
			"echo: decoding the result: json: cannot unmarshal number into Go struct field .Value of type string"},
		{"a request that does not marshal", func(tb testing.TB) { Call(tb, e, "echo", func() {}, nil) },
			"json: unsupported type: func()"},
	} {
		got := fatal(t, tc.fn)
		require.NotEmpty(t, got, tc.name)
		require.Contains(t, got, tc.want, tc.name)
	}
	// The right code passes and returns the error.
	require.Equal(t, "", fatal(t, func(tb testing.TB) {
		xe := WantError(tb, e, "nope", `{}`, explorer.CodeUnknownMethod)
		require.Equal(t, `no method "nope"`, xe.Message)
	}))
}

func TestConformanceOfSystemMethods(t *testing.T) {
	Conformance(t, "echo", "version", "methods", "releases")
}

// The package's own tests use Main too: every system method is exercised.
func TestMain(m *testing.M) { Main(m, "echo", "version", "methods", "releases") }
