// Package explorertest holds what the tests of the explorer's packages
// share: calling methods through the JSON envelope, checking that every
// registered method of a mechanism was exercised, and the conformance of
// error envelopes every method must keep.
package explorertest

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/kubexplorer/kubexplorer/explorer"
)

var (
	mu     sync.Mutex
	called = map[string]bool{}
)

// Call calls method with req (marshalled to JSON, or sent as is when it
// is a string) on e, decodes a successful result into out (when not nil)
// and returns the envelope. It records that the method answered.
func Call(t testing.TB, e *explorer.Engine, method string, req, out any) explorer.Reply {
	t.Helper()
	var body []byte
	switch r := req.(type) {
	case string:
		body = []byte(r)
	default:
		b, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		body = b
	}
	var reply explorer.Reply
	if err := json.Unmarshal(e.Call(method, body), &reply); err != nil {
		t.Fatalf("%s: the reply is not JSON: %v", method, err)
	}
	if reply.OK == (reply.Error != nil) {
		t.Fatalf("%s: ok must be true exactly when there is no error: %+v", method, reply)
	}
	mu.Lock()
	called[method] = true
	mu.Unlock()
	if reply.OK && out != nil {
		if err := json.Unmarshal(reply.Result, out); err != nil {
			t.Fatalf("%s: decoding the result: %v", method, err)
		}
	}
	return reply
}

// MustCall is Call that fails the test when the call fails.
func MustCall(t testing.TB, e *explorer.Engine, method string, req, out any) {
	t.Helper()
	if r := Call(t, e, method, req, out); !r.OK {
		t.Fatalf("%s: %+v", method, r.Error)
	}
}

// WantError is Call that fails the test unless the call fails with code.
// It returns the error.
func WantError(t testing.TB, e *explorer.Engine, method string, req any, code string) *explorer.Error {
	t.Helper()
	r := Call(t, e, method, req, nil)
	if r.OK {
		t.Fatalf("%s %v: want %s, got ok %s", method, req, code, r.Result)
	}
	if r.Error.Code != code {
		t.Fatalf("%s %v: want %s, got %+v", method, req, code, r.Error)
	}
	return r.Error
}

// Main runs a package's tests and then fails unless every method of the
// mechanisms named by prefixes ("kubelet.") was called by some test: a
// method without a test is a defect. Use it from TestMain.
func Main(m *testing.M, prefixes ...string) {
	code := m.Run()
	if code == 0 && !testing.Short() && runAll() {
		if missing := Untested(prefixes...); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: registered methods without a test: %s\n", strings.Join(missing, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

// runAll reports whether the whole package ran (no -run filter), the only
// case in which Main can tell a method was not tested.
func runAll() bool {
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.run") {
			return false
		}
	}
	return true
}

// Untested lists the registered methods with one of the prefixes that no
// Call reached.
func Untested(prefixes ...string) []string {
	mu.Lock()
	defer mu.Unlock()
	var out []string
	for _, m := range explorer.Methods() {
		for _, p := range prefixes {
			if strings.HasPrefix(m.Name, p) && !called[m.Name] {
				out = append(out, m.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Conformance checks the error envelopes every method with one of the
// prefixes keeps: a request that is not JSON is bad_request with a
// request.syntax diagnostic at its line and column; an unknown field is
// bad_request with a request.unknownField diagnostic spanning the key; and
// an empty request never makes the engine fail with an internal error.
func Conformance(t *testing.T, prefixes ...string) {
	t.Helper()
	n := 0
	for _, m := range explorer.Methods() {
		ok := false
		for _, p := range prefixes {
			ok = ok || strings.HasPrefix(m.Name, p)
		}
		if !ok || strings.HasPrefix(m.Name, "debug.") {
			continue
		}
		n++
		t.Run(m.Name, func(t *testing.T) {
			e := explorer.New()
			xe := WantError(t, e, m.Name, "{\n  \"x\": [1,,2]\n}", explorer.CodeBadRequest)
			wantDiagnostic(t, xe, explorer.Diagnostic{Severity: explorer.SeverityError, Code: explorer.CodeRequestSyntax,
				Input: explorer.InputRequest, Line: 2, Column: 11})

			xe = WantError(t, e, m.Name, "{\"noSuchField\": 1}", explorer.CodeBadRequest)
			wantDiagnostic(t, xe, explorer.Diagnostic{Severity: explorer.SeverityError, Code: explorer.CodeRequestUnknownField,
				Input: explorer.InputRequest, Line: 1, Column: 2, EndLine: 1, EndColumn: 15})
			if !strings.Contains(xe.Message, `unknown field "noSuchField"`) {
				t.Errorf("message %q does not name the field", xe.Message)
			}

			for _, empty := range []string{"", "{}", "null"} {
				if r := Call(t, e, m.Name, empty, nil); !r.OK && r.Error.Code == explorer.CodeInternal {
					t.Errorf("request %q: internal error %s", empty, r.Error.Message)
				}
			}
		})
	}
	if n == 0 {
		t.Fatalf("no method with prefix %v is registered", prefixes)
	}
}

func wantDiagnostic(t *testing.T, xe *explorer.Error, want explorer.Diagnostic) {
	t.Helper()
	if len(xe.Diagnostics) != 1 {
		t.Fatalf("want one diagnostic, got %+v", xe.Diagnostics)
	}
	got := xe.Diagnostics[0]
	got.Message = ""
	if got != want {
		t.Errorf("diagnostic %+v, want %+v", got, want)
	}
	if xe.Diagnostics[0].Message == "" {
		t.Errorf("diagnostic without a message")
	}
}
