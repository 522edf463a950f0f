package gates

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// The page's requests take DecodeFast, and decode as encoding/json does.
func TestDecodeFast(t *testing.T) {
	for _, tc := range []struct {
		in   string
		fast bool
	}{
		{`{"release":"1.37","commandLine":"kubelet --config=/c.yaml --feature-gates=MemoryQoS=true","config":{"path":"/c.yaml","content":"kind: KubeletConfiguration\nfeatureGates:\n  A: true\n"}}`, true},
		{`{"release":"1.36","args":[],"dropIns":[],"env":{},"configDir":"/d","targetRelease":"1.37"}`, true},
		{`{"release":"1.36","args":["kubelet","--v=2"],"dropIns":[{"path":"a.conf","content":"x"}],"env":{"A":"b"},"dynamicCheckpoint":{"path":"p","content":"c"}}`, true},
		{`{"config":{}}`, true},
		// Left to encoding/json.
		{`{"Release":"1.37"}`, false},
		{`{"release":null}`, false},
		{`{"config":null}`, false},
		{`{"release":1}`, false},
		{`{"args":[1]}`, false},
		{`{"env":{"A":1}}`, false},
		{`{"config":{"path":"a","mode":1}}`, false},
		{`{"dropIns":[{"path":"a"},3]}`, false},
		{`{"config":{"path":"a"},"config":{"content":"b"}}`, false},
		{`{"unknown":"x"}`, false},
		{`[]`, false},
		{`{"release":"1.37"} {}`, false},
	} {
		var fast EvaluateRequest
		got := fast.DecodeFast([]byte(tc.in))
		if got != tc.fast {
			t.Errorf("DecodeFast(%s) = %v, want %v", tc.in, got, tc.fast)
		}
		if !got {
			if !reflect.DeepEqual(fast, EvaluateRequest{}) {
				t.Errorf("DecodeFast(%s) refused but changed the request: %+v", tc.in, fast)
			}
			continue
		}
		if std, err := decodeStrict(tc.in); err != nil || !reflect.DeepEqual(fast, std) {
			t.Errorf("DecodeFast(%s) = %+v; encoding/json %+v, %v", tc.in, fast, std, err)
		}
	}
}

func decodeStrict(in string) (EvaluateRequest, error) {
	var r EvaluateRequest
	dec := json.NewDecoder(bytes.NewReader([]byte(in)))
	dec.DisallowUnknownFields()
	err := dec.Decode(&r)
	return r, err
}

// FuzzDecodeFast: what DecodeFast accepts, encoding/json decodes (unknown
// fields rejected) to the same request.
func FuzzDecodeFast(f *testing.F) {
	f.Add(`{"release":"1.37","commandLine":"kubelet --feature-gates=A=true","config":{"path":"/c","content":"a: 1\n"},"args":["x"],"dropIns":[{"path":"a","content":"b"}],"env":{"K":"v"}}`)
	f.Add(`{"release":"1.37","args":[]}`)
	f.Fuzz(func(t *testing.T, in string) {
		var fast EvaluateRequest
		if !fast.DecodeFast([]byte(in)) {
			return
		}
		std, err := decodeStrict(in)
		if err != nil {
			t.Fatalf("DecodeFast(%q) accepted what encoding/json rejects: %v", in, err)
		}
		if !reflect.DeepEqual(fast, std) {
			t.Fatalf("DecodeFast(%q) = %+v, encoding/json %+v", in, fast, std)
		}
	})
}
