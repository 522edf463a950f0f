package gates_test

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

// decodeStrict decodes data as the explorer does without DecodeCommon:
// encoding/json, unknown fields refused, nothing after the value.
func decodeStrict(data []byte) (gates.EvaluateRequest, bool) {
	var q gates.EvaluateRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if dec.Decode(&q) != nil {
		return q, false
	}
	_, err := dec.Token()
	return q, err == io.EOF
}

func TestEvaluateRequestDecodeCommon(t *testing.T) {
	tests := []struct {
		name, json string
		accept     bool
	}{
		{"the probe's request", `{"release":"1.37","commandLine":"kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true","config":{"path":"/var/lib/kubelet/config.yaml","content":"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n"}}`, true},
		{"every field, white space, escapes", " {\n\t\"release\" : \"1.30\", \"args\": [\"--v=2\", \"a\\\"b\\\\c\\/d\"], \"configDir\": \"/etc/d\",\r\n" +
			`"dropIns": [{"path": "10.conf", "content": "x: \b\f\r\t"}, {}], "env": {"A": "1", "B": ""}, ` +
			`"dynamicCheckpoint": {"path": "p", "content": "c"}, "targetRelease": "1.31"} `, true},
		{"empty object", `{}`, true},
		{"empty list, map and file", `{"args": [], "dropIns": [], "env": {}, "config": {}}`, true},
		{"text that is not ASCII", `{"commandLine": "kubelet --node-labels=zone=Zürich,名=値"}`, true},
		{"a key in another case", `{"Release": "1.30"}`, false},
		{"a key given twice", `{"release": "1.30", "release": "1.31"}`, false},
		{"a key given twice in a file", `{"config": {"path": "a", "path": "b"}}`, false},
		{"a \\u escape", `{"release": "1.3\u0030"}`, false},
		{"null", `{"config": null}`, false},
		{"a number", `{"release": 1.30}`, false},
		{"an unknown field", `{"release": "1.30", "nope": "x"}`, false},
		{"trailing data", `{"release": "1.30"} {}`, false},
		{"a raw control character", "{\"release\": \"1.\n30\"}", false},
		{"bytes that are not UTF-8", "{\"release\": \"1.30\xff\"}", false},
		{"an unknown escape", `{"release": "1.30\q"}`, false},
		{"truncated", `{"release": "1.30"`, false},
		{"not an object", `["1.30"]`, false},
		{"empty", ``, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var q gates.EvaluateRequest
			got := q.DecodeCommon([]byte(tt.json))
			require.Equal(t, tt.accept, got)
			if !got {
				assert.Equal(t, gates.EvaluateRequest{}, q, "a declined request leaves the value alone")
				return
			}
			want, ok := decodeStrict([]byte(tt.json))
			require.True(t, ok)
			assert.Equal(t, want, q)
		})
	}
}

// FuzzEvaluateRequestDecodeCommon: whatever DecodeCommon accepts,
// encoding/json accepts too and decodes to the same value, nil and empty
// lists and maps told apart.
func FuzzEvaluateRequestDecodeCommon(f *testing.F) {
	f.Add(`{"release":"1.37","config":{"path":"/c","content":"a: b\n"},"dropIns":[{"path":"1.conf","content":""}]}`)
	f.Add(`{"args":["a","b\\n"],"env":{"K":"V"},"dynamicCheckpoint":{},"targetRelease":"1.31","configDir":"/d","commandLine":"x"}`)
	f.Add(`{"args":[],"env":{},"dropIns":[]}`)
	f.Add(`{"release":"1.30","Release":"1.31"}`)
	f.Fuzz(func(t *testing.T, data string) {
		var q gates.EvaluateRequest
		if !q.DecodeCommon([]byte(data)) {
			if !assert.ObjectsAreEqual(gates.EvaluateRequest{}, q) {
				t.Fatalf("declined %q but changed the value: %+v", data, q)
			}
			return
		}
		want, ok := decodeStrict([]byte(data))
		if !ok {
			t.Fatalf("accepted %q, which encoding/json refuses", data)
		}
		if !assert.ObjectsAreEqual(want, q) {
			t.Fatalf("%q: DecodeCommon gave %#v, encoding/json %#v", data, q, want)
		}
	})
}
