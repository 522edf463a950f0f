package gates

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"testing"
)

// decodeStd decodes a request as the explorer does without DecodeFast.
func decodeStd(data []byte) (EvaluateRequest, bool) {
	var r EvaluateRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if dec.Decode(&r) != nil {
		return r, false
	}
	_, err := dec.Token()
	return r, err == io.EOF
}

var fastRequests = []string{
	`{"release":"1.37","commandLine":"kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true","config":{"path":"/var/lib/kubelet/config.yaml","content":"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n"}}`,
	` { "release" : "1.30" , "args" : [ "--a" , "b\"\\\/\b\f\n\r\t" ] , "configDir":"/d", "dropIns":[{"path":"/d/a.conf","content":""},{}], "env":{"A":"1","é":"ü"}, "dynamicCheckpoint":{}, "targetRelease":"1.31" } `,
	`{}`, `{"args":[],"dropIns":[],"env":{}}`,
}

// DecodeFast answers the page's usual requests, and gives what
// encoding/json gives.
func TestDecodeFast(t *testing.T) {
	for _, in := range fastRequests {
		var got EvaluateRequest
		if !got.DecodeFast([]byte(in)) {
			t.Errorf("DecodeFast(%s) refused", in)
			continue
		}
		want, ok := decodeStd([]byte(in))
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("DecodeFast(%s) = %+v, encoding/json %+v (%v)", in, got, want, ok)
		}
	}
	// What it leaves to encoding/json, and leaves the request as it was.
	for _, in := range []string{``, `[]`, `{"Release":"1.37"}`, `{"release":"1.37","release":"1.36"}`, `{"release":null}`, `{"release":"\u0031"}`,
		`{"release":1}`, `{"config":{"path":"a","path":"b"}}`, `{"env":{"a":"1","a":"2"}}`, `{"x":"1"}`, `{"release":"1"} {}`, "{\"release\":\"\xff\"}",
		"{\"release\":\"a\tb\"}", `{"args":["a",]}`, `{"release":"1.37"`} {
		r := EvaluateRequest{Release: "kept"}
		if r.DecodeFast([]byte(in)) || r.Release != "kept" {
			t.Errorf("DecodeFast(%s) answered: %+v", in, r)
		}
	}
}

func FuzzDecodeFast(f *testing.F) {
	for _, in := range fastRequests {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var got EvaluateRequest
		if !got.DecodeFast([]byte(in)) {
			return
		}
		want, ok := decodeStd([]byte(in))
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("DecodeFast(%q) = %+v, encoding/json %+v (%v)", in, got, want, ok)
		}
	})
}
