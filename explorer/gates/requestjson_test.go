package gates

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// strictDecode decodes a request the way the explorer does without
// decodeEvaluateRequest: encoding/json, unknown fields and trailing data
// rejected.
func strictDecode(data []byte) (EvaluateRequest, error) {
	var r EvaluateRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return r, io.ErrUnexpectedEOF
	}
	return r, nil
}

// TestDecodeEvaluateRequest: the requests the page sends are read
// without encoding/json, to the same request; anything else is declined
// and leaves the request alone.
func TestDecodeEvaluateRequest(t *testing.T) {
	accepted := []string{
		`{}`,
		` {"release":"1.37","commandLine":"kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true","config":{"path":"/var/lib/kubelet/config.yaml","content":"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n"}} `,
		`{"release": "1.30", "args": ["--v=2", "a\"b\\c\/d\te\rf\bg\fh"], "configDir": "/d", "dropIns": [{"path": "10.conf", "content": "x"}, {}],
		  "env": {"A": "1", "B": ""}, "dynamicCheckpoint": {"content": "é ☃  "}, "targetRelease": "1.37"}`,
		`{"args": [], "dropIns": [], "env": {}, "config": {}}`,
	}
	for _, in := range accepted {
		want, err := strictDecode([]byte(in))
		require.NoError(t, err, in)
		var got EvaluateRequest
		if assert.True(t, decodeEvaluateRequest([]byte(in), &got), "declined %s", in) {
			assert.Equal(t, want, got, in)
		}
	}
	declined := []string{
		``, `[]`, `null`, `{`, `{"release":"1.37"`, `{"release":"1.37",}`, `{"release":"1.37"} {}`, `{"release":"1.37"}x`,
		`{"Release":"1.37"}`, `{"release":"1.37","release":"1.36"}`, `{"config":{"path":"a","path":"b"}}`, `{"env":{"A":"1","A":"2"}}`,
		`{"release":null}`, `{"config":null}`, `{"args":null}`, `{"release":137}`, `{"release":true}`, `{"args":"a"}`,
		`{"release":"1.\u0033"}`, "{\"release\":\"1.37\x00\"}", "{\"args\":[\"a\tb\"]}", "{\"env\":{\"A\":\"x\\ny\n\"}}", "{\"release\":\"\xff\"}", `{"release":"a\qb"}`,
		`{"nope":"1"}`, `{"config":{"path":"a","mode":1}}`, `{"dropIns":[{"path":"a"},]}`, `{"release":"1.37",,}`,
	}
	for _, in := range declined {
		r := EvaluateRequest{Release: "kept"}
		assert.False(t, decodeEvaluateRequest([]byte(in), &r), "accepted %s", in)
		assert.Equal(t, EvaluateRequest{Release: "kept"}, r, "changed by %s", in)
	}
}

// FuzzDecodeEvaluateRequest: whatever decodeEvaluateRequest accepts, encoding/json
// decodes without error to the same request.
func FuzzDecodeEvaluateRequest(f *testing.F) {
	for _, s := range []string{`{"release":"1.37","commandLine":"kubelet --v=2"}`,
		`{"config":{"path":"/c","content":"a\nb"},"dropIns":[{"path":"x","content":"y"}],"env":{"K":"V"},"args":["a"]}`,
		`{"dynamicCheckpoint":{"content":"\"\\\/"},"targetRelease":"1.37","configDir":"/d"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got EvaluateRequest
		if !decodeEvaluateRequest(data, &got) {
			return
		}
		want, err := strictDecode(data)
		if err != nil {
			t.Fatalf("decodeEvaluateRequest accepted %q, encoding/json: %v", data, err)
		}
		if !assert.Equal(t, want, got) {
			t.Fatalf("for %q", data)
		}
	})
}
